import { createFileRoute } from '@tanstack/react-router';
import { CurrentPropertyAuthorizedDialog } from '../../../features/account/CurrentPropertyDialogs';
import { PropertyPage } from '../../../features/account/PropertyPage';
import { OrgManageComponent } from '../../../features/org/OrgManageComponent';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

/** The selected unit of the organisation below (`?oid=`) is kept when the dialog closes. */
const ORG_NODE = ['oid'];
const Parent = () => <PropertyPage orgManage={<OrgManageComponent />} />;

export const Route = createFileRoute('/_default/Account/PropertyAuthorizedDlg')({
  component: () => (
    <DialogRoute
      parent={Parent}
      parentPath="/Account/PropertyPage"
      keep={ORG_NODE}
      dialog={(close) => <CurrentPropertyAuthorizedDialog onClose={close} />}
    />
  ),
});
