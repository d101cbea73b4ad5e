import { createFileRoute } from '@tanstack/react-router';
import { AppInfoPage } from '../../../../features/app-store/pages/AppInfoPage';

export const Route = createFileRoute('/_default/AppService/appstore/AppInfoPage')({ component: AppInfoPage });
