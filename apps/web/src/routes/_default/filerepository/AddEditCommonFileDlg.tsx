import { createFileRoute } from '@tanstack/react-router';
import { AddEditCommonFileDlg } from '../../../features/file/dialogs/AddEditCommonFileDlg';
import { FileRepositoryPage } from '../../../features/file/pages/FileRepositoryPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/filerepository/AddEditCommonFileDlg')({
  component: () => (
    <DialogRoute
      parent={FileRepositoryPage}
      parentPath="/filerepository/filerepositorypage"
      dialog={(close) => <AddEditCommonFileDlg onClose={close} />}
    />
  ),
});
