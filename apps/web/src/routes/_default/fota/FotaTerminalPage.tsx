import { createFileRoute } from '@tanstack/react-router';
import { FotaTerminalPage } from '../../../features/firmware/pages/FotaTerminalPage';

export const Route = createFileRoute('/_default/fota/FotaTerminalPage')({ component: FotaTerminalPage });
