import { createFileRoute } from '@tanstack/react-router';
import { GrantHistoryDevsComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantHistoryDevsComponent')({
  component: GrantHistoryDevsComponent,
});
