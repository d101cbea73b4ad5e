import { createFileRoute } from '@tanstack/react-router';
import { GrantPoolWhiteListComponent } from '../../../features/security-chain/components/GrantPoolWhiteListComponent';

export const Route = createFileRoute('/_default/SecurityChain/GrantPoolWhiteListComponent')({
  component: GrantPoolWhiteListComponent,
});
