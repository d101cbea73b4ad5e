import { createFileRoute } from '@tanstack/react-router';
import { PcAppVersionRoute } from '../../../features/pc-software/components/PcAppVersionComponent';

export const Route = createFileRoute('/_default/Wekit/PcAppVersionComponent')({ component: PcAppVersionRoute });
