import { createFileRoute } from '@tanstack/react-router';
import { BackBusinessGrantPage } from '../../../../features/pc-software-back/pages/BackBusinessGrantPage';

export const Route = createFileRoute('/_back/Backend/ToolsManage/BackBusinessGrantPage')({
  component: BackBusinessGrantPage,
});
