import { createFileRoute } from '@tanstack/react-router';
import { BackMainToolsPlatformPage } from '../../../../features/pc-software-back/pages/BackMainToolsPlatformPage';

export const Route = createFileRoute('/_back/Backend/ToolsManage/BackMainToolsPlatformPage')({
  component: BackMainToolsPlatformPage,
});
