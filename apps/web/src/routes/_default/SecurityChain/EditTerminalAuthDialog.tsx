import { createFileRoute } from '@tanstack/react-router';
import { DEVICE_AUTH_PAGE } from '../../../features/security-chain/api';
import { EditTerminalAuthDialog } from '../../../features/security-chain/dialogs/EditTerminalAuthDialog';
import { DevSettingPage } from '../../../features/security-chain/pages/DevSettingPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SecurityChain/EditTerminalAuthDialog')({
  component: () => (
    <DialogRoute
      parent={DevSettingPage}
      parentPath={DEVICE_AUTH_PAGE}
      keep={['sid']}
      dialog={(close) => <EditTerminalAuthDialog onClose={close} />}
    />
  ),
});
