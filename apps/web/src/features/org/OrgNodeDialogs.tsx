import type { OrgNode } from '@keel/contract/endpoints/org';
import { ORG_NAME_MAX } from '@keel/contract/endpoints/org';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../shared/api/use-api-mutation';
import { OrgTreeSelect } from '../../shared/pickers/OrgTreeSelect';
import { withoutSubtree } from './api';

/** What a change to the tree shows in: the trees, and the member lists (which name each member's node). */
const TREE_CALLS = ['o/getMyOrgTreeList', 'o/getAllOrgTreeList', 'o/getOrgUserList', 'u/getUserList'] as const;

interface NodeValues {
  name: string;
  sort?: number | null;
}

/** Add a node under `parent`, or rename / re-sort `node`. */
export function OrgNodeDialog({
  open,
  onClose,
  parent,
  node,
  onSaved,
  pno,
}: {
  open: boolean;
  onClose: () => void;
  parent?: OrgNode;
  node?: OrgNode;
  onSaved?: (oid: string) => void;
  /** Back office: the property, called without the `pno` header. */
  pno?: string;
}) {
  const { t } = useTranslation();
  const initialValues = useMemo(() => (node ? { name: node.name, sort: node.sort } : {}), [node]);
  const save = useApiMutation('o/addOrUpdateOrg', {
    scope: pno === undefined ? 'property' : 'platform',
    invalidates: TREE_CALLS,
    success: () => (node ? t('org.node.renamed') : t('org.node.added')),
    onSuccess: (data) => onSaved?.(data.oid),
  });
  const submit = async (values: NodeValues) => {
    const pid = node ? node.pid : parent?.oid;
    if (!pid) return false;
    return save({
      ...(node ? { oid: node.oid } : {}),
      ...(pno === undefined ? {} : { pno }),
      pid,
      name: values.name.trim(),
      ...(values.sort === undefined || values.sort === null ? {} : { sort: values.sort }),
    });
  };
  return (
    <FormDialog<NodeValues>
      open={open}
      onClose={onClose}
      title={node ? t('org.node.renameTitle') : t('org.node.addTitle', { parent: parent?.name ?? '' })}
      initialValues={initialValues}
      onSubmit={submit}
      testId="org-node-dialog"
    >
      <Form.Item
        name="name"
        label={t('org.node.name')}
        rules={[
          { required: true, whitespace: true, message: t('org.node.nameRequired') },
          { max: ORG_NAME_MAX, message: t('org.node.nameLength', { max: ORG_NAME_MAX }) },
        ]}
      >
        <Input data-testid="org-node-name" maxLength={ORG_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item name="sort" label={t('org.node.sort')} extra={t('org.node.sortHelp')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="org-node-sort" />
      </Form.Item>
    </FormDialog>
  );
}

/** Move `node` under another node; the node's own subtree is not offered (no cycles). */
export function OrgMoveDialog({
  open,
  onClose,
  node,
  tree,
  pno,
}: {
  open: boolean;
  onClose: () => void;
  node?: OrgNode;
  tree: readonly OrgNode[];
  pno?: string;
}) {
  const { t } = useTranslation();
  const targets = useMemo(() => (node ? withoutSubtree(tree, node.oid) : []), [tree, node]);
  const initialValues = useMemo(() => ({ pid: node?.pid ?? undefined }), [node]);
  const move = useApiMutation('o/addOrUpdateOrg', {
    scope: pno === undefined ? 'property' : 'platform',
    invalidates: TREE_CALLS,
    success: () => t('org.node.moved'),
  });
  const submit = async (values: { pid: string }) =>
    node ? move({ oid: node.oid, pid: values.pid, name: node.name, ...(pno === undefined ? {} : { pno }) }) : false;
  return (
    <FormDialog<{ pid: string }>
      open={open}
      onClose={onClose}
      title={t('org.node.moveTitle', { name: node?.name ?? '' })}
      initialValues={initialValues}
      onSubmit={submit}
      testId="org-move-dialog"
    >
      <Form.Item
        name="pid"
        label={t('org.node.newParent')}
        rules={[{ required: true, message: t('org.node.parentRequired') }]}
      >
        <OrgTreeSelect tree={targets} allowClear={false} testId="org-move-target" />
      </Form.Item>
    </FormDialog>
  );
}
