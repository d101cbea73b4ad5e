import { useSearch } from '@tanstack/react-router';
import { CUSTOMER, type GroupKind, TITLE, USER_SET } from '../api';
import { AddMembersDialog } from './AddMembersDialog';
import { EditGroupDialog } from './EditGroupDialog';

/** The id a dialog route is opened for (`?tid=`, `?usid=`, `?cid=`), if any. */
function useIdParam(kind: GroupKind): string | undefined {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const value = search[kind.idParam];
  return typeof value === 'string' && value ? value : undefined;
}

function AddMembersRoute({ kind, onClose }: { kind: GroupKind; onClose: () => void }) {
  const id = useIdParam(kind);
  return <AddMembersDialog kind={kind} open defaultId={id} onClose={onClose} />;
}

/** `/Account/EditTitleDialog`: a new title over the titles page. */
export const EditTitleDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupDialog kind={TITLE} open onClose={onClose} />
);
/** `/Account/EditUserSetDialog`: a new user set over the user-sets page. */
export const EditUserSetDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupDialog kind={USER_SET} open onClose={onClose} />
);
/** `/Account/EditCustomerDialog`: a new customer over the customers page. */
export const EditCustomerDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupDialog kind={CUSTOMER} open onClose={onClose} />
);
/** `/Account/AddUserForTitleDlg[?tid=]`: give a title to members. */
export const AddUserForTitleDlg = ({ onClose }: { onClose: () => void }) => (
  <AddMembersRoute kind={TITLE} onClose={onClose} />
);
/** `/Account/AddUserSetMemberDialog[?usid=]`: add members to a user set. */
export const AddUserSetMemberDialog = ({ onClose }: { onClose: () => void }) => (
  <AddMembersRoute kind={USER_SET} onClose={onClose} />
);
/** `/Account/AddCustomerMemberDialog[?cid=]`: assign members to a customer. */
export const AddCustomerMemberDialog = ({ onClose }: { onClose: () => void }) => (
  <AddMembersRoute kind={CUSTOMER} onClose={onClose} />
);
