import { createFileRoute } from '@tanstack/react-router';
import { GrantPoolDevListComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantPoolDevListComponent')({
  component: GrantPoolDevListComponent,
});
