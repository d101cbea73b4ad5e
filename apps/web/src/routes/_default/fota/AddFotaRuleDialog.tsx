import { createFileRoute } from '@tanstack/react-router';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';
import { RuleDialog } from '../../../features/firmware/tasks/RuleDialog';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/AddFotaRuleDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTaskPage}
      parentPath="/fota/FotaTaskPage"
      dialog={(close) => <RuleDialog onClose={close} />}
    />
  ),
});
