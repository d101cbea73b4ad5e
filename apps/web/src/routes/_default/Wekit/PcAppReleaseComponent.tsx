import { createFileRoute } from '@tanstack/react-router';
import { PcAppReleaseRoute } from '../../../features/pc-software/components/PcAppReleaseComponent';

export const Route = createFileRoute('/_default/Wekit/PcAppReleaseComponent')({ component: PcAppReleaseRoute });
