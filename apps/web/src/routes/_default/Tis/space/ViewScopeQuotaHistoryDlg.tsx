import { createFileRoute } from '@tanstack/react-router';
import { ViewScopeQuotaHistoryRouteDialog } from '../../../../features/space/dialogs/route-dialogs';
import { FileSpacePage } from '../../../../features/space/pages/FileSpacePage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Tis/space/ViewScopeQuotaHistoryDlg')({
  component: () => (
    <DialogRoute
      parent={FileSpacePage}
      parentPath="/Tis/File/FileSpace"
      dialog={(close) => <ViewScopeQuotaHistoryRouteDialog onClose={close} />}
    />
  ),
});
