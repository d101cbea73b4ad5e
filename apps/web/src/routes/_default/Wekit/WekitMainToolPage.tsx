import { createFileRoute } from '@tanstack/react-router';
import { WekitMainToolPage } from '../../../features/pc-software/pages/WekitMainToolPage';

export const Route = createFileRoute('/_default/Wekit/WekitMainToolPage')({ component: WekitMainToolPage });
