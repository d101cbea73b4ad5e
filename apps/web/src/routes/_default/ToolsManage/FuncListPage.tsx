import { createFileRoute } from '@tanstack/react-router';
import { FuncListPage } from '../../../features/security-chain/pages/FuncListPage';

export const Route = createFileRoute('/_default/ToolsManage/FuncListPage')({ component: FuncListPage });
