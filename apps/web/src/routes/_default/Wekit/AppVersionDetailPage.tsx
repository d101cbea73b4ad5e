import { createFileRoute } from '@tanstack/react-router';
import { AppVersionDetailPage } from '../../../features/pc-software/pages/AppVersionDetailPage';

export const Route = createFileRoute('/_default/Wekit/AppVersionDetailPage')({ component: AppVersionDetailPage });
