import { createFileRoute } from '@tanstack/react-router';
import { APP_GROUP_PAGE, PAGE_KEEP } from '../../../../features/app-group/api';
import { AppGroupDialog } from '../../../../features/app-group/dialogs/AppGroupDialog';
import { AppGroupMgrPage } from '../../../../features/app-group/pages/AppGroupMgrPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/group/AddAppGroupDlg')({
  component: () => (
    <DialogRoute
      parent={AppGroupMgrPage}
      parentPath={APP_GROUP_PAGE}
      keep={PAGE_KEEP.filter((k) => k !== 'groupId')}
      dialog={(close) => <AppGroupDialog onClose={close} />}
    />
  ),
});
