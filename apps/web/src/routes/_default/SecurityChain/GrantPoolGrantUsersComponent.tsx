import { createFileRoute } from '@tanstack/react-router';
import { GrantPoolGrantUsersComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantPoolGrantUsersComponent')({
  component: GrantPoolGrantUsersComponent,
});
