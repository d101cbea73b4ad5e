import { createFileRoute } from '@tanstack/react-router';
import { ResponseListPage } from '../../../features/security-chain/pages/ResponseListPage';

export const Route = createFileRoute('/_default/ToolsManage/ResponseListPage')({ component: ResponseListPage });
