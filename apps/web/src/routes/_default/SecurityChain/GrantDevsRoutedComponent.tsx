import { createFileRoute } from '@tanstack/react-router';
import { GrantDevsRoutedComponent } from '../../../features/security-chain/components/RecordComponents';

export const Route = createFileRoute('/_default/SecurityChain/GrantDevsRoutedComponent')({
  component: GrantDevsRoutedComponent,
});
