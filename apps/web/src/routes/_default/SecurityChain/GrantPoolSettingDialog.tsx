import { createFileRoute } from '@tanstack/react-router';
import { GrantPoolSettingDialog } from '../../../features/security-chain/dialogs/GrantPoolSettingDialog';
import { GrantManagePage } from '../../../features/security-chain/pages/GrantManagePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SecurityChain/GrantPoolSettingDialog')({
  component: () => (
    <DialogRoute
      parent={GrantManagePage}
      parentPath="/SecurityChain/GrantManagePage"
      keep={['sid', 'tab']}
      dialog={(close) => <GrantPoolSettingDialog onClose={close} />}
    />
  ),
});
