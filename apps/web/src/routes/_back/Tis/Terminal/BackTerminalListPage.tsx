import { createFileRoute } from '@tanstack/react-router';
import { BackTerminalListPage } from '../../../../features/device/pages/TerminalPages';

export const Route = createFileRoute('/_back/Tis/Terminal/BackTerminalListPage')({ component: BackTerminalListPage });
