import { createFileRoute } from '@tanstack/react-router';
import { PcAppVerHistoryRoute } from '../../../features/pc-software/components/PcAppVerHistoryComponent';

export const Route = createFileRoute('/_default/Wekit/PcAppVerHistoryComponent')({ component: PcAppVerHistoryRoute });
