import { GROUP_NAME_MAX, type SpaceGroupNode } from '@keel/contract/endpoints/space';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import TreeSelect from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import type { Scope } from '../../../shared/api/query-key';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { GROUP_LISTS } from '../api';

interface Values {
  name: string;
  pid: string;
  sort?: number;
}

interface ParentOption {
  value: string;
  title: string;
  disabled: boolean;
  children: ParentOption[];
}

/** The tree as parent options: a group cannot move under itself or below it. */
function parentOptions(nodes: readonly SpaceGroupNode[], moving: string | undefined): ParentOption[] {
  return nodes.map((n) => ({
    value: n.groupId,
    title: n.name,
    disabled: n.groupId === moving,
    children: n.groupId === moving ? [] : parentOptions(n.children, moving),
  }));
}

/**
 * `/Tis/space/AddEditGroupTreeDlg`: a new group of a space's tree under a parent (the space itself or a group), or
 * a group renamed, moved or re-sorted (`sg/addOrUpdateGroup`).
 */
export function AddEditGroupTreeDialog({
  open,
  onClose,
  sid,
  tree,
  group,
  parent,
  scope = 'property',
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  sid: string;
  /** The space's tree (its root is the space). */
  tree: readonly SpaceGroupNode[];
  /** The group to edit; none adds one. */
  group?: SpaceGroupNode;
  /** Where a new group goes (default: the space). */
  parent?: string;
  scope?: Scope;
  onSaved?: (groupId: string) => void;
}) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<Values>>(
    () =>
      group
        ? { name: group.name, pid: group.pid ?? sid, sort: group.sort }
        : { pid: parent ?? sid, name: '', sort: undefined },
    [group, parent, sid],
  );
  const options = useMemo(() => parentOptions(tree, group?.groupId), [tree, group?.groupId]);
  const save = useApiMutation('sg/addOrUpdateGroup', {
    scope,
    invalidates: GROUP_LISTS,
    success: (_, v) => (group ? t('space.group.saved', { name: v.name }) : t('space.group.added', { name: v.name })),
    onSuccess: (data) => onSaved?.(data.groupId),
  });
  return (
    <FormDialog<Values>
      open={open}
      title={group ? t('space.group.editTitle', { name: group.name }) : t('space.group.addTitle')}
      initialValues={initialValues}
      onClose={onClose}
      testId="space-group-dialog"
      onSubmit={(v) =>
        save({
          sid,
          ...(group ? { groupId: group.groupId } : {}),
          pid: v.pid,
          name: v.name.trim(),
          ...(v.sort !== undefined && v.sort !== null ? { sort: v.sort } : {}),
        })
      }
    >
      <Form.Item
        name="name"
        label={t('space.group.name')}
        rules={[
          { required: true, whitespace: true, message: t('space.group.nameRequired') },
          { max: GROUP_NAME_MAX, message: t('space.rules.length', { max: GROUP_NAME_MAX }) },
        ]}
      >
        <Input data-testid="space-group-name" maxLength={GROUP_NAME_MAX} />
      </Form.Item>
      <Form.Item name="pid" label={t('space.group.parent')} rules={[{ required: true }]}>
        <TreeSelect
          data-testid="space-group-parent"
          treeData={options}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
        />
      </Form.Item>
      <Form.Item name="sort" label={t('space.group.sort')} extra={t('space.group.sortHelp')}>
        <InputNumber data-testid="space-group-sort" min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
