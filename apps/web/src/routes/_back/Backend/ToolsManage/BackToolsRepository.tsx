import { createFileRoute } from '@tanstack/react-router';
import { BackToolsRepositoryPage } from '../../../../features/pc-software-back/pages/BackToolsRepositoryPage';

export const Route = createFileRoute('/_back/Backend/ToolsManage/BackToolsRepository')({
  component: BackToolsRepositoryPage,
});
