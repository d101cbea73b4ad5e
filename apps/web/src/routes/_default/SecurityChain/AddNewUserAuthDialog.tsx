import { createFileRoute } from '@tanstack/react-router';
import { AddNewUserAuthRouteDialog } from '../../../features/security-chain/components/AddNewUserAuthDialog';
import { GrantManagePage } from '../../../features/security-chain/pages/GrantManagePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SecurityChain/AddNewUserAuthDialog')({
  component: () => (
    <DialogRoute
      parent={GrantManagePage}
      parentPath="/SecurityChain/GrantManagePage"
      keep={['sid', 'tab']}
      dialog={(close) => <AddNewUserAuthRouteDialog onClose={close} />}
    />
  ),
});
