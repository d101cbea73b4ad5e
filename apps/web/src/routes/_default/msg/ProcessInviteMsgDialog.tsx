import { createFileRoute } from '@tanstack/react-router';
import { MsgCenterPage } from '../../../features/messages/MsgCenterPage';
import { ProcessInviteMsgDialog } from '../../../features/messages/ProcessInviteMsgDialog';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/msg/ProcessInviteMsgDialog')({
  component: () => (
    <DialogRoute
      parent={MsgCenterPage}
      parentPath="/msg/MsgCenter"
      dialog={(close) => <ProcessInviteMsgDialog onClose={close} />}
    />
  ),
});
