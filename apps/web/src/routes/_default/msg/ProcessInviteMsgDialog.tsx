import { createFileRoute } from '@tanstack/react-router';
import { NewsInviteDialog } from '../../../features/news/NewsInviteDialog';
import { NewsPage } from '../../../features/news/NewsPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/msg/ProcessInviteMsgDialog')({
  component: () => (
    <DialogRoute
      parent={NewsPage}
      parentPath="/msg/MsgCenter"
      dialog={(close) => <NewsInviteDialog onClose={close} />}
    />
  ),
});
