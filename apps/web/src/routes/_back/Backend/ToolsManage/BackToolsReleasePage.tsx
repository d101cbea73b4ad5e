import { createFileRoute } from '@tanstack/react-router';
import { BackToolsReleasePage } from '../../../../features/pc-software-back/pages/BackToolsReleasePage';

export const Route = createFileRoute('/_back/Backend/ToolsManage/BackToolsReleasePage')({
  component: BackToolsReleasePage,
});
