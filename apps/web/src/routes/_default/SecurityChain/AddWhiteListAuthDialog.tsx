import { createFileRoute } from '@tanstack/react-router';
import { AddWhiteListAuthDialog } from '../../../features/security-chain/dialogs/AddWhiteListAuthDialog';
import { GrantManagePage } from '../../../features/security-chain/pages/GrantManagePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SecurityChain/AddWhiteListAuthDialog')({
  component: () => (
    <DialogRoute
      parent={GrantManagePage}
      parentPath="/SecurityChain/GrantManagePage"
      keep={['sid', 'tab']}
      dialog={(close) => <AddWhiteListAuthDialog onClose={close} />}
    />
  ),
});
