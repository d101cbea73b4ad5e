import { createFileRoute } from '@tanstack/react-router';
import { FotaMainPage } from '../../../features/firmware/pages/FotaMainPage';

export const Route = createFileRoute('/_default/fota/FotaMainPage')({ component: FotaMainPage });
