import { createFileRoute } from '@tanstack/react-router';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';

export const Route = createFileRoute('/_default/fota/FotaTaskPage')({ component: FotaTaskPage });
