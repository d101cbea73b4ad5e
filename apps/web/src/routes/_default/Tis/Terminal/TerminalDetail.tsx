import { createFileRoute } from '@tanstack/react-router';
import { TerminalDetail } from '../../../../features/device/pages/TerminalPages';

export const Route = createFileRoute('/_default/Tis/Terminal/TerminalDetail')({ component: TerminalDetail });
