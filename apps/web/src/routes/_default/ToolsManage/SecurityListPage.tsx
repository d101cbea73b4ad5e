import { createFileRoute } from '@tanstack/react-router';
import { SecurityListPage } from '../../../features/security-chain/pages/SecurityListPage';

export const Route = createFileRoute('/_default/ToolsManage/SecurityListPage')({ component: SecurityListPage });
