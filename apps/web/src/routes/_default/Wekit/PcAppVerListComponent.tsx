import { createFileRoute } from '@tanstack/react-router';
import { PcAppVerListRoute } from '../../../features/pc-software/components/PcAppVerListComponent';

export const Route = createFileRoute('/_default/Wekit/PcAppVerListComponent')({ component: PcAppVerListRoute });
