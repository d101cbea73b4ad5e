import { createFileRoute } from '@tanstack/react-router';
import { JoinPropertyDlg } from '../../features/account/JoinPropertyDlg';
import { HomePage } from '../../features/home/HomePage';
import { DialogRoute } from '../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/JoinPropertyDlg')({
  component: () => (
    <DialogRoute parent={HomePage} parentPath="/home" dialog={(close) => <JoinPropertyDlg open onClose={close} />} />
  ),
});
