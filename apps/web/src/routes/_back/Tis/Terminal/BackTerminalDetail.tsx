import { createFileRoute } from '@tanstack/react-router';
import { BackTerminalDetail } from '../../../../features/device/pages/TerminalPages';

export const Route = createFileRoute('/_back/Tis/Terminal/BackTerminalDetail')({ component: BackTerminalDetail });
