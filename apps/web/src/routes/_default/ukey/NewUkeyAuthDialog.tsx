import { createFileRoute } from '@tanstack/react-router';
import { NewUkeyAuthDialog, UkeyManagePage } from '../../../features/signing/pages/UkeyPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/ukey/NewUkeyAuthDialog')({
  component: () => (
    <DialogRoute
      parent={UkeyManagePage}
      parentPath="/ukey/UkeyManagePage"
      keep={['ukeyId']}
      dialog={(close) => <NewUkeyAuthDialog onClose={close} />}
    />
  ),
});
