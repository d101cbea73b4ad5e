import { createFileRoute } from '@tanstack/react-router';
import { RegisterDeviceDialog } from '../../../features/device/dialogs/RouteDialogs';
import { FotaTerminalPage } from '../../../features/firmware/pages/FotaTerminalPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/NewFotaTerminalDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTerminalPage}
      parentPath="/fota/FotaTerminalPage"
      keep={['str', 'model', 'online', 'pageNum', 'pageSize']}
      dialog={(close) => <RegisterDeviceDialog onClose={close} />}
    />
  ),
});
