import { createFileRoute } from '@tanstack/react-router';
import { GrantHistoryWhiteComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantHistoryWhiteComponent')({
  component: GrantHistoryWhiteComponent,
});
