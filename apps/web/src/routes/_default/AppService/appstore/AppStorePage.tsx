import { createFileRoute } from '@tanstack/react-router';
import { AppStorePage } from '../../../../features/app-group/pages/AppStorePage';

export const Route = createFileRoute('/_default/AppService/appstore/AppStorePage')({ component: AppStorePage });
