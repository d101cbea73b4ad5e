import { createFileRoute } from '@tanstack/react-router';
import { PropertyPage } from '../../../features/account/PropertyPage';
import { AddUserForOrgPropertyDlg } from '../../../features/org/AddUserForOrgPropertyDlg';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

const Parent = () => <PropertyPage orgManage={<OrgManageComponent />} />;

export const Route = createFileRoute('/_default/Account/AddUserForOrgPropertyDlg')({
  component: () => (
    <DialogRoute
      parent={Parent}
      parentPath="/Account/PropertyPage"
      dialog={(close) => <AddUserForOrgPropertyDlg open onClose={close} />}
    />
  ),
});
