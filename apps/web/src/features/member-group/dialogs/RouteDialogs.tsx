import { id as idSchema } from '@keel/contract/envelope';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf } from '../../../shared/api/search-of';
import { CUSTOMER, type GroupKind, TITLE, USER_SET } from '../api';
import { AddMembersDialog } from './AddMembersDialog';
import { EditGroupDialog } from './EditGroupDialog';

/** The ids a dialog route may name, as the group calls take them. */
const ID_SEARCH = z.object({ tid: idSchema(), usid: idSchema(), cid: idSchema() }).partial();

/** The id a dialog route is opened for (`?tid=`, `?usid=`, `?cid=`), if any. */
function useIdParam(kind: GroupKind): string | undefined {
  return useSearchOf(ID_SEARCH)[kind.idParam];
}

/**
 * Create a group, or with `?tid=` (`?usid=`, `?cid=`) edit that one: it is fetched by id first, and an id out of
 * reach (deleted, another property's) closes the dialog with a message.
 */
function EditGroupRoute({ kind, onClose }: { kind: GroupKind; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useIdParam(kind);
  const query = useQuery({
    ...kind.list({ pageNum: 1, pageSize: 1, id }, 'property'),
    enabled: id !== undefined,
    select: (data) => data.list[0],
  });
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const group = useRouteObject(query, id !== undefined, t('member-group.group.notFound', { noun }), onClose);
  if (id === undefined) return <EditGroupDialog kind={kind} open onClose={onClose} />;
  return group ? <EditGroupDialog kind={kind} open group={group} onClose={onClose} /> : null;
}

function AddMembersRoute({ kind, onClose }: { kind: GroupKind; onClose: () => void }) {
  const id = useIdParam(kind);
  return <AddMembersDialog kind={kind} open defaultId={id} onClose={onClose} />;
}

/** `/Account/EditTitleDialog[?tid=]`: a new title, or that title, over the titles page. */
export const EditTitleDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupRoute kind={TITLE} onClose={onClose} />
);
/** `/Account/EditUserSetDialog[?usid=]`: a new user set, or that one, over the user-sets page. */
export const EditUserSetDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupRoute kind={USER_SET} onClose={onClose} />
);
/** `/Account/EditCustomerDialog[?cid=]`: a new customer, or that one, over the customers page. */
export const EditCustomerDialog = ({ onClose }: { onClose: () => void }) => (
  <EditGroupRoute kind={CUSTOMER} onClose={onClose} />
);
/** `/Account/AddUserForTitleDlg[?tid=]`: give a title to members. */
export const AddUserForTitleDialog = ({ onClose }: { onClose: () => void }) => (
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
