import { createFileRoute } from '@tanstack/react-router';
import { AddEditCommonFileDialog } from '../../../features/file/dialogs/AddEditCommonFileDialog';
import { FileRepositoryPage } from '../../../features/file/pages/FileRepositoryPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/filerepository/AddEditCommonFileDlg')({
  component: () => (
    <DialogRoute
      parent={FileRepositoryPage}
      parentPath="/filerepository/filerepositorypage"
      dialog={(close) => <AddEditCommonFileDialog onClose={close} />}
    />
  ),
});
