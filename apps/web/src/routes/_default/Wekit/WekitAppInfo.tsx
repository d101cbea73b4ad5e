import { createFileRoute } from '@tanstack/react-router';
import { WekitAppInfo } from '../../../features/pc-software/pages/WekitAppInfo';

export const Route = createFileRoute('/_default/Wekit/WekitAppInfo')({ component: WekitAppInfo });
