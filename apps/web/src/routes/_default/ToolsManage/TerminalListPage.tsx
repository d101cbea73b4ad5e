import { createFileRoute } from '@tanstack/react-router';
import { TerminalListPage } from '../../../features/pc-software/pages/TerminalListPage';

export const Route = createFileRoute('/_default/ToolsManage/TerminalListPage')({ component: TerminalListPage });
