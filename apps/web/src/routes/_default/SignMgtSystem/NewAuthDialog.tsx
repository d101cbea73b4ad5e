import { createFileRoute } from '@tanstack/react-router';
import { NewAuthDialog, WorkCertAuthPage } from '../../../features/signing/pages/AuthPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/NewAuthDialog')({
  component: () => (
    <DialogRoute
      parent={WorkCertAuthPage}
      parentPath="/SignMgtSystem/WorkCertAuthPage"
      keep={['certId', 'kind']}
      dialog={(close) => <NewAuthDialog onClose={close} />}
    />
  ),
});
