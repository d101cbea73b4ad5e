import { permissionEndpoints } from '@keel/contract/endpoints/permission';
import { useQuery } from '@tanstack/react-query';
import { useSearchOf } from '../../../shared/api/search-of';
import { allSetsQuery } from '../api';
import { allAdminsQuery } from '../components/pickers';
import { AddAdminAuthScopeForPerSetDialog } from './AddAdminAuthScopeForPerSetDialog';
import { EditPerSetDialog } from './EditPerSetDialog';
import { EditPerSetForAdminDialog } from './EditPerSetForAdminDialog';

/**
 * The dialogs as routes (routes have no parameters; an optional `psid` / `uid` search parameter names the set or
 * administrator, otherwise the dialog creates a set or asks which administrator).
 */
const DIALOG_SEARCH = permissionEndpoints['ps/assignMgeOrg'].input.pick({ uid: true, psid: true });

function useSearchId(key: 'psid' | 'uid'): string | undefined {
  return useSearchOf(DIALOG_SEARCH)[key];
}

/** `/Account/EditPerSetDialog`: a new set, or `?psid=` to edit that one. */
export function EditPerSetRouteDialog({ onClose }: { onClose: () => void }) {
  const psid = useSearchId('psid');
  const sets = useQuery({ ...allSetsQuery(), enabled: psid !== undefined });
  if (psid !== undefined && sets.isLoading) return null;
  const set = sets.data?.list.find((s) => s.psid === psid && s.grantable === 1);
  return <EditPerSetDialog open onClose={onClose} set={set} />;
}

function useAdmin() {
  const uid = useSearchId('uid');
  const admins = useQuery({ ...allAdminsQuery(), enabled: uid !== undefined });
  const admin = admins.data?.list.find((a) => a.uid === uid && a.role === 'admin');
  return { loading: uid !== undefined && admins.isLoading, admin };
}

/** `/Account/EditPerSetForAdminDialog`: `?uid=` names the administrator. */
export function EditPerSetForAdminRouteDialog({ onClose }: { onClose: () => void }) {
  const { loading, admin } = useAdmin();
  if (loading) return null;
  return <EditPerSetForAdminDialog open onClose={onClose} admin={admin} />;
}

/** `/Account/AddAdminAuthScopeForPerSetDlg`: `?uid=` names the administrator. */
export function AddAdminAuthScopeRouteDialog({ onClose }: { onClose: () => void }) {
  const { loading, admin } = useAdmin();
  if (loading) return null;
  return <AddAdminAuthScopeForPerSetDialog open onClose={onClose} admin={admin} />;
}
