import { createFileRoute } from '@tanstack/react-router';
import { TerminalSpacePage } from '../../../../features/space/pages/TerminalSpacePage';

export const Route = createFileRoute('/_default/Tis/space/TerminalSpace')({ component: TerminalSpacePage });
