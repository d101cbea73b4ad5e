import { createFileRoute } from '@tanstack/react-router';
import { AddUserSetMemberDialog } from '../../../features/member-group/dialogs/RouteDialogs';
import { UserSetPage } from '../../../features/member-group/pages/GroupPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddUserSetMemberDialog')({
  component: () => (
    <DialogRoute
      parent={UserSetPage}
      parentPath="/Account/UserSetPage"
      dialog={(close) => <AddUserSetMemberDialog onClose={close} />}
    />
  ),
});
