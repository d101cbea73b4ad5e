import { createFileRoute } from '@tanstack/react-router';
import { JoinPropertyDialog } from '../../features/account/JoinPropertyDialog';
import { HomePage } from '../../features/home/HomePage';
import { DialogRoute } from '../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/JoinPropertyDlg')({
  component: () => (
    <DialogRoute parent={HomePage} parentPath="/home" dialog={(close) => <JoinPropertyDialog open onClose={close} />} />
  ),
});
