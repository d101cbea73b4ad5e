import { createFileRoute } from '@tanstack/react-router';
import { APP_GROUP_PAGE, PAGE_KEEP } from '../../../../features/app-group/api';
import { CategoryDialog } from '../../../../features/app-group/dialogs/CategoryDialog';
import { AppGroupMgrPage } from '../../../../features/app-group/pages/AppGroupMgrPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/group/AddGroupCategoryDlg')({
  component: () => (
    <DialogRoute
      parent={AppGroupMgrPage}
      parentPath={APP_GROUP_PAGE}
      keep={PAGE_KEEP}
      dialog={(close) => <CategoryDialog onClose={close} />}
    />
  ),
});
