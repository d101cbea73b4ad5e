import { createFileRoute } from '@tanstack/react-router';
import { AddUserForTitleDialog } from '../../../features/member-group/dialogs/RouteDialogs';
import { TitlePage } from '../../../features/member-group/pages/GroupPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddUserForTitleDlg')({
  component: () => (
    <DialogRoute
      parent={TitlePage}
      parentPath="/Account/TitlePage"
      dialog={(close) => <AddUserForTitleDialog onClose={close} />}
    />
  ),
});
