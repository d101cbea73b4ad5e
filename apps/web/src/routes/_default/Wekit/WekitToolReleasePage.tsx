import { createFileRoute } from '@tanstack/react-router';
import { WekitToolReleasePage } from '../../../features/pc-software/pages/WekitToolReleasePage';

export const Route = createFileRoute('/_default/Wekit/WekitToolReleasePage')({ component: WekitToolReleasePage });
