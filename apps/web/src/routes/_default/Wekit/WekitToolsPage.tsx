import { createFileRoute } from '@tanstack/react-router';
import { WekitToolsPage } from '../../../features/pc-software/pages/WekitToolsPage';

export const Route = createFileRoute('/_default/Wekit/WekitToolsPage')({ component: WekitToolsPage });
