import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { type SpaceMode, scopeOf } from '../api';
import { groupTreeQuery, indexGroups } from '../components/GroupTreeCard';
import { spaceInfoQuery } from '../components/SpaceDetailCmp';
import { useSpaceMode } from '../pages/SpaceItemDetailPage';
import { SPACE_SEARCH } from '../search';
import { AddEditGroupTreeDialog } from './AddEditGroupTreeDialog';
import { EditSpaceBusinessDialog } from './EditSpaceBusinessDialog';
import { EditSpaceQuotaDialog } from './EditSpaceQuotaDialog';
import { PickSpaceDialog } from './PickSpaceDialog';
import { ViewScopeQuotaHistoryDialog } from './ViewScopeQuotaHistoryDialog';

/**
 * The space dialogs as routes (routes have no parameters: `?sid=` names the space, `?groupId=` / `?pid=` a group,
 * `?mode=` mine or admin); without `?sid=` the space is asked for first. A space out of reach closes the dialog
 * with a message.
 */
function useSpaceOf(mode: SpaceMode, onClose: () => void) {
  const { t } = useTranslation();
  const { sid } = useSearchOf(SPACE_SEARCH);
  const info = useQuery({ ...spaceInfoQuery(sid ?? '', mode), enabled: sid !== undefined });
  const space = useRouteObject(info, sid !== undefined, t('space.detail.unavailable'), onClose);
  return { sid, space };
}

/** Without `?sid=`, asks for the space first (the member's own, or those the administrator manages). */
function AskSpace({ title, mode, onClose }: { title: string; mode: SpaceMode; onClose: () => void }) {
  const search = useSearchRecord();
  const navigate = useNavigate();
  return (
    <PickSpaceDialog
      title={title}
      managed={mode !== 'mine'}
      onClose={onClose}
      onPick={(sid) => void navigate({ to: '.', search: { ...search, sid } as never, replace: true })}
    />
  );
}

/** `/Tis/space/EditSpaceBusinessDlg`: apply for a space. */
export function EditSpaceBusinessRouteDialog({ onClose }: { onClose: () => void }) {
  return <EditSpaceBusinessDialog open onClose={onClose} />;
}

/** `/Tis/space/EditSpaceQuotaDlg?sid=`: change a space's quota (administrators). */
export function EditSpaceQuotaRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { sid, space } = useSpaceOf('admin', onClose);
  if (!sid) return <AskSpace title={t('space.actions.quota')} mode="admin" onClose={onClose} />;
  return space ? <EditSpaceQuotaDialog open space={space} onClose={onClose} /> : null;
}

/** `/Tis/space/ViewScopeQuotaHistoryDlg?sid=[&mode=mine]`: a space's quota history. */
export function ViewScopeQuotaHistoryRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mode = useSpaceMode();
  const { sid, space } = useSpaceOf(mode, onClose);
  if (!sid) return <AskSpace title={t('space.actions.history')} mode={mode} onClose={onClose} />;
  return space ? <ViewScopeQuotaHistoryDialog open space={space} scope={scopeOf(mode)} onClose={onClose} /> : null;
}

/** `/Tis/space/AddEditGroupTreeDlg?sid=[&groupId=|&pid=]`: edit that group, or add one under `pid` (the space). */
export function AddEditGroupTreeRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mode = useSpaceMode();
  const { sid, space } = useSpaceOf(mode, onClose);
  const { groupId, pid } = useSearchOf(SPACE_SEARCH);
  const tree = useQuery({ ...groupTreeQuery(space?.sid ?? '', mode), enabled: space !== undefined });
  const byId = useMemo(() => indexGroups(tree.data ?? []), [tree.data]);
  if (!sid) return <AskSpace title={t('space.group.addTitle')} mode={mode} onClose={onClose} />;
  if (!space || !tree.data) return null;
  const group = groupId && groupId !== space.sid ? byId.get(groupId) : undefined;
  return (
    <AddEditGroupTreeDialog
      open
      onClose={onClose}
      sid={space.sid}
      tree={tree.data}
      group={group}
      parent={pid && byId.has(pid) ? pid : undefined}
      scope={scopeOf(mode)}
    />
  );
}
