import { createFileRoute } from '@tanstack/react-router';
import { GrantDevsHistoryComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantDevsHistoryComponent')({
  component: GrantDevsHistoryComponent,
});
