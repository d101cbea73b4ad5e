import { createFileRoute } from '@tanstack/react-router';
import { WorkCertAssociateDialog, WorkCertManagementPage } from '../../../features/signing/pages/CertPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/WorkCertAssociateDialog')({
  component: () => (
    <DialogRoute
      parent={WorkCertManagementPage}
      parentPath="/SignMgtSystem/WorkCertManagementPage"
      dialog={(close) => <WorkCertAssociateDialog onClose={close} />}
    />
  ),
});
