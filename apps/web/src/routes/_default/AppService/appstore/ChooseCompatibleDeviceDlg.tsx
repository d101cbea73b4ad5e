import { createFileRoute } from '@tanstack/react-router';
import { PAGE_KEEP } from '../../../../features/app-store/api';
import { ChooseCompatibleDeviceRouteDialog } from '../../../../features/app-store/dialogs/CompatibleDevices';
import { AppInfoPage } from '../../../../features/app-store/pages/AppInfoPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/appstore/ChooseCompatibleDeviceDlg')({
  component: () => (
    <DialogRoute
      parent={AppInfoPage}
      parentPath="/AppService/appstore/AppInfoPage"
      keep={PAGE_KEEP}
      dialog={(close) => <ChooseCompatibleDeviceRouteDialog onClose={close} />}
    />
  ),
});
