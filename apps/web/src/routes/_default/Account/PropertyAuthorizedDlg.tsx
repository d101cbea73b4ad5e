import { createFileRoute } from '@tanstack/react-router';
import { CurrentPropertyAuthorizedDlg } from '../../../features/account/CurrentPropertyDialogs';
import { PropertyPage } from '../../../features/account/PropertyPage';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

const Parent = () => <PropertyPage orgManage={<OrgManageComponent />} />;

export const Route = createFileRoute('/_default/Account/PropertyAuthorizedDlg')({
  component: () => (
    <DialogRoute
      parent={Parent}
      parentPath="/Account/PropertyPage"
      dialog={(close) => <CurrentPropertyAuthorizedDlg onClose={close} />}
    />
  ),
});
