import { createFileRoute } from '@tanstack/react-router';
import { UkeyAuthDialog, UkeyManagePage } from '../../../features/signing/pages/UkeyPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/ukey/UkeyAuthDialog')({
  component: () => (
    <DialogRoute
      parent={UkeyManagePage}
      parentPath="/ukey/UkeyManagePage"
      dialog={(close) => <UkeyAuthDialog onClose={close} />}
    />
  ),
});
