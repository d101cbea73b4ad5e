import { createFileRoute } from '@tanstack/react-router';
import { FotaTerminalInfoDialog } from '../../../features/firmware/dialogs/FotaTerminalInfoDialog';
import { FotaTerminalPage } from '../../../features/firmware/pages/FotaTerminalPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaTerminalInfoDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTerminalPage}
      parentPath="/fota/FotaTerminalPage"
      keep={['str', 'model', 'online', 'pageNum', 'pageSize']}
      dialog={(close) => <FotaTerminalInfoDialog onClose={close} />}
    />
  ),
});
