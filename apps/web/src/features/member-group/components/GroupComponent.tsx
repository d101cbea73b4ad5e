import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { userEndpoints } from '@keel/contract/endpoints/user';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { type GroupKind, type GroupRow, type Scope, useCan } from '../api';
import { useGroupForm } from '../dialogs/EditGroupDialog';
import { MembersDialog } from '../dialogs/MembersDialog';
import { useGroupColumns } from './group-columns';

/** The back office's property filter (`filterPno`, as the list calls take it). */
const FILTER = userEndpoints['u/getUserList'].input.pick({ filterPno: true });

/**
 * The reusable table of titles, user sets or customers (`/Account/TitlePageComponent`, …): search in the URL,
 * create / edit (the dialog route) / delete with the kind's `edit` function, and each row's members. In the back
 * office (`scope="platform"`) every property's groups, narrowed by a property filter (`filterPno` in the URL), edited
 * in a dialog of the page (the back office has no dialog route).
 */
export function GroupComponent({ kind, scope = 'property' }: { kind: GroupKind; scope?: Scope }) {
  const { t } = useTranslation();
  const update = useSearchUpdate();
  const canEdit = useCan(kind.editPermission, scope);
  const [members, setMembers] = useState<GroupRow | null>(null);
  const platform = scope === 'platform';
  const filterPno = useSearchOf(FILTER).filterPno;
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const at = platform ? filterPno : undefined;
  const edit = (label: string, icon: ReactNode, action: string) =>
    canEdit
      ? { label, icon, iconOnly: true, testId: (row: GroupRow) => `${kind.key}-${action}-${row.name}` }
      : undefined;

  const resource = defineResource<GroupRow>()({
    scope,
    rowKey: 'id',
    testId: `${kind.key}-component`,
    tableTestId: `${kind.key}-table`,
    noProperty: t('member-group.noProperty'),
    toolbar: platform ? (
      <PropertySelect value={at} onChange={(pno) => update({ filterPno: pno })} testId="filter-property" />
    ) : (
      <Typography.Text type="secondary">{t(`member-group.kinds.${kind.key}.help`)}</Typography.Text>
    ),
    create: canEdit
      ? { label: t('member-group.group.createTitle', { noun }), icon: <PlusOutlined />, testId: `${kind.key}-create` }
      : undefined,
    list: { query: (params) => kind.list({ ...pageInput(params), filterPno: at }, scope) },
    columns: useGroupColumns(kind, platform, setMembers),
    form: useGroupForm(kind, scope, at),
    dialogRoute: platform ? undefined : { to: kind.dialogPath, search: (row) => ({ [kind.idParam]: row.id }) },
    remove: {
      path: kind.paths.del,
      input: (row) => kind.removeInput(row.id, row.userCount > 0) as never,
      confirm: (row) => ({
        title: t('member-group.group.deleteConfirm', { noun, name: row.name }),
        description:
          row.userCount > 0
            ? t('member-group.group.deleteWithUsers', { count: row.userCount })
            : t('member-group.group.deleteHelp'),
      }),
      success: ({ removed }, { name }) =>
        removed > 0
          ? t('member-group.group.deletedWithUsers', { name, count: removed })
          : t('member-group.group.deleted', { name }),
      invalidates: [kind.listPath, kind.memberPath],
    },
    actions: {
      title: t('common.actions'),
      width: canEdit ? 220 : 100,
      before: (row) => (
        <Button
          size="small"
          icon={<TeamOutlined />}
          onClick={() => setMembers(row)}
          data-testid={`${kind.key}-members-${row.name}`}
        >
          {t('member-group.group.members')}
        </Button>
      ),
      edit: edit(t('member-group.group.edit'), <EditOutlined />, 'edit'),
      remove: edit(t('member-group.group.delete'), <DeleteOutlined />, 'delete'),
    },
  });

  return (
    <>
      <ResourcePage resource={resource} />
      <MembersDialog kind={kind} scope={scope} canEdit={canEdit} group={members} onClose={() => setMembers(null)} />
    </>
  );
}
