import { createFileRoute } from '@tanstack/react-router';
import { GrantHistoryUsersComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantHistoryUsersComponent')({
  component: GrantHistoryUsersComponent,
});
