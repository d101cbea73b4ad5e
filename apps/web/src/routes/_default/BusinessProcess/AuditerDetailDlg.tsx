import { createFileRoute } from '@tanstack/react-router';
import { AuditerDetailRouteDialog } from '../../../features/workflow/dialogs/settings-route-dialogs';
import { FlowSettingsPage } from '../../../features/workflow/pages/FlowSettingsPage';
import { SETTINGS_KEEP } from '../../../features/workflow/search';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/BusinessProcess/AuditerDetailDlg')({
  component: () => (
    <DialogRoute
      parent={FlowSettingsPage}
      parentPath="/BusinessProcess/ProcesssSettingsPage"
      keep={SETTINGS_KEEP}
      dialog={(close) => <AuditerDetailRouteDialog onClose={close} />}
    />
  ),
});
