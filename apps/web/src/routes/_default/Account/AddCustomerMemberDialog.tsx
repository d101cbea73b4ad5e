import { createFileRoute } from '@tanstack/react-router';
import { AddCustomerMemberDialog } from '../../../features/member-group/dialogs/RouteDialogs';
import { CustomerPage } from '../../../features/member-group/pages/GroupPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddCustomerMemberDialog')({
  component: () => (
    <DialogRoute
      parent={CustomerPage}
      parentPath="/Account/CustomerPage"
      dialog={(close) => <AddCustomerMemberDialog onClose={close} />}
    />
  ),
});
