import { createFileRoute } from '@tanstack/react-router';
import { PAGE_KEEP, PLAT_APP_PAGE } from '../../../../features/app-platform/api';
import { AddPlatformAppDialog } from '../../../../features/app-platform/dialogs/AddPlatformAppDialog';
import { PlatAppPage } from '../../../../features/app-platform/pages/PlatAppPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/plat/AddPlatformAppDlg')({
  component: () => (
    <DialogRoute
      parent={PlatAppPage}
      parentPath={PLAT_APP_PAGE}
      keep={PAGE_KEEP}
      dialog={(close) => <AddPlatformAppDialog onClose={close} />}
    />
  ),
});
