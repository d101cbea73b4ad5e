import { createFileRoute } from '@tanstack/react-router';
import { TerminalListPage } from '../../../../features/device/pages/TerminalPages';

export const Route = createFileRoute('/_default/Tis/Terminal/TerminalListPage')({ component: TerminalListPage });
