import { createFileRoute } from '@tanstack/react-router';
import { NewSignModuleDialog, SignModulePage } from '../../../features/signing/pages/ModulePages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/NewSignModuleDialog')({
  component: () => (
    <DialogRoute
      parent={SignModulePage}
      parentPath="/SignMgtSystem/SignModulePage"
      dialog={(close) => <NewSignModuleDialog onClose={close} />}
    />
  ),
});
