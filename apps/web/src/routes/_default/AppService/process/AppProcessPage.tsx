import { createFileRoute } from '@tanstack/react-router';
import { AppProcessPage } from '../../../../features/app-review/pages/AppProcessPage';

export const Route = createFileRoute('/_default/AppService/process/AppProcessPage')({ component: AppProcessPage });
