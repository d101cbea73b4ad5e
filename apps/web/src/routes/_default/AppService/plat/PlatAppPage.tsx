import { createFileRoute } from '@tanstack/react-router';
import { PlatAppPage } from '../../../../features/app-platform/pages/PlatAppPage';

export const Route = createFileRoute('/_default/AppService/plat/PlatAppPage')({ component: PlatAppPage });
