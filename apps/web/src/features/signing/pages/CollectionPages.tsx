import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { useCan } from '../../../shared/session/use-can';
import { COLLECTION_READS, P, SIGN_TYPES, type SignType } from '../api';
import { GrantButton, GrantDialog, GrantPanel, ListSelect, PagedTable } from '../components';

interface CollectionRow {
  pcId: string;
  name: string;
  signType: SignType;
  type: 1 | 2;
  groupId: string | null;
  groupName: string | null;
  moduleIdList: string[];
  relIdList: string[];
  remark: string;
  authCount: number;
}

interface CollectionValues {
  name: string;
  signType: SignType;
  type: 1 | 2;
  groupId?: string;
  moduleIdList?: string[];
  relIdList?: string[];
  remark?: string;
}

function CollectionForm({ row, onClose }: { row?: CollectionRow; onClose: () => void }) {
  const { t } = useTranslation();
  const rels = useQuery(apiQuery('cs/getCertSignRelList', { pageNum: 1, pageSize: 200 }));
  const modules = useQuery(apiQuery('sm/getSignModuleList', { pageNum: 1, pageSize: 200 }));
  const save = useApiMutation('pc/savePermCollection', {
    invalidates: COLLECTION_READS,
    success: (_d, i) => t('signing.collection.saved', { name: i.name }),
  });
  return (
    <FormDialog<CollectionValues>
      open
      title={row ? t('signing.collection.edit') : t('signing.collection.create')}
      testId="collection-dialog"
      onClose={onClose}
      initialValues={row ? { ...row, groupId: row.groupId ?? undefined } : { signType: 'raw', type: 1 }}
      onSubmit={(v) =>
        save({
          pcId: row?.pcId,
          name: v.name,
          signType: v.signType,
          type: v.type,
          groupId: v.groupId,
          moduleIdList: v.type === 1 ? (v.moduleIdList ?? []) : [],
          relIdList: v.type === 2 ? (v.relIdList ?? []) : [],
          remark: v.remark ?? '',
        })
      }
    >
      <Form.Item name="name" label={t('signing.collection.name')} rules={[{ required: true, max: 60 }]}>
        <Input data-testid="collection-name" autoFocus />
      </Form.Item>
      <Form.Item name="signType" label={t('signing.module.signType')}>
        <Select options={SIGN_TYPES.map((s) => ({ value: s, label: t(`signing.signType.${s}`) }))} />
      </Form.Item>
      <Form.Item name="type" label={t('signing.collection.type')}>
        <Radio.Group options={[1, 2].map((x) => ({ value: x, label: t(`signing.collection.types.${x}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['type', 'signType']}>
        {({ getFieldValue }) =>
          getFieldValue('type') === 1 ? (
            <Form.Item name="moduleIdList" label={t('signing.collection.modules')}>
              <Select
                mode="multiple"
                data-testid="collection-modules"
                options={(modules.data?.list ?? [])
                  .filter((m) => m.signType === getFieldValue('signType'))
                  .map((m) => ({ value: m.moduleId, label: m.name }))}
              />
            </Form.Item>
          ) : (
            <Form.Item name="relIdList" label={t('signing.collection.rels')}>
              <Select
                mode="multiple"
                options={(rels.data?.list ?? [])
                  .filter((r) => r.signType === getFieldValue('signType'))
                  .map((r) => ({ value: r.relId, label: `${r.moduleName} · ${r.certName} · ${r.algorithm}` }))}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="groupId" label={t('signing.group.label')}>
        <ListSelect path="pcg/getPermCollectionGroupList" valueKey="groupId" testId="collection-group" />
      </Form.Item>
      <Form.Item name="remark" label={t('signing.remark')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

/** `/SignMgtSystem/NewPermissionSetDialog`. */
export const NewPermissionSetDialog = ({ onClose }: { onClose: () => void }) => <CollectionForm onClose={onClose} />;

/** `/SignMgtSystem/AddPerSetAuthDlg?pcId=`: who holds a collection, and granting it. */
export function AddPerSetAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const pcId = String(useSearchRecord().pcId ?? '');
  const canEdit = useCan(P.collectionEdit);
  const [adding, setAdding] = useState(false);
  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={760}
      title={t('signing.collection.grants')}
      data-testid="collection-grants"
    >
      {canEdit && <GrantButton label={t('signing.grant.add')} onClick={() => setAdding(true)} />}
      {pcId ? <GrantPanel target="pc" id={pcId} canEdit={canEdit} /> : <Empty />}
      <GrantDialog
        target="pc"
        id={pcId}
        open={adding}
        onClose={() => setAdding(false)}
        title={t('signing.grant.add')}
      />
    </Modal>
  );
}

/** `/SignMgtSystem/PermissionSetPage`: signing permission collections. */
export function PermissionSetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(P.collectionEdit);
  const [editing, setEditing] = useState<CollectionRow | null>(null);
  const del = useApiMutation('pc/delPermCollection', {
    invalidates: COLLECTION_READS,
    success: () => t('signing.collection.deleted'),
  });
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const columns: ColumnSpec<CollectionRow>[] = [
    { key: 'str', title: t('signing.collection.name'), filter: true, pinned: true, render: (c) => <b>{c.name}</b> },
    {
      key: 'signType',
      title: t('signing.module.signType'),
      width: 130,
      render: (c) => t(`signing.signType.${c.signType}`),
    },
    {
      key: 'type',
      title: t('signing.collection.type'),
      width: 160,
      render: (c) => t(`signing.collection.types.${c.type}`),
    },
    {
      key: 'items',
      title: t('signing.collection.items'),
      width: 90,
      render: (c) => c.moduleIdList.length + c.relIdList.length,
    },
    { key: 'groupName', title: t('signing.group.label'), width: 140, render: (c) => c.groupName ?? '—' },
    { key: 'authCount', title: t('signing.grant.count'), width: 90 },
    {
      key: 'action',
      title: t('common.actions'),
      width: 240,
      wrap: true,
      render: (c) => (
        <Space size={4} wrap>
          <Button
            size="small"
            onClick={() => void navigate({ to: '/SignMgtSystem/AddPerSetAuthDlg', search: { pcId: c.pcId } as never })}
          >
            {t('signing.grant.manage')}
          </Button>
          {canEdit && (
            <>
              <Button size="small" onClick={() => setEditing(c)}>
                {t('signing.edit')}
              </Button>
              <ConfirmAction
                title={t('signing.collection.deleteConfirm', { name: c.name })}
                onConfirm={() => del({ pcId: c.pcId })}
                buttonProps={{ size: 'small', icon: <DeleteOutlined /> }}
              >
                {t('signing.delete')}
              </ConfirmAction>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={t('signing.collection.page')}
      data-testid="collection-page"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/SignMgtSystem/NewPermissionSetDialog' })}
            data-testid="new-collection"
          >
            {t('signing.collection.create')}
          </Button>
        )
      }
    >
      <PagedTable<CollectionRow, 'pc/getPermCollectionList'>
        path="pc/getPermCollectionList"
        columns={columns}
        rowKey="pcId"
        testId="collection-table"
      />
      {editing && <CollectionForm row={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

interface GroupRow {
  groupId: string;
  name: string;
  remark: string;
  collectionCount: number;
  authCount: number;
}

function GroupForm({ row, onClose }: { row?: GroupRow; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useApiMutation('pcg/savePermCollectionGroup', {
    invalidates: COLLECTION_READS,
    success: (_d, i) => t('signing.group.saved', { name: i.name }),
  });
  return (
    <FormDialog<{ name: string; remark?: string; pcIdList?: string[] }>
      open
      title={row ? t('signing.group.edit') : t('signing.group.create')}
      testId="group-dialog"
      onClose={onClose}
      initialValues={row ?? {}}
      onSubmit={(v) => save({ groupId: row?.groupId, name: v.name, remark: v.remark ?? '', pcIdList: v.pcIdList })}
    >
      <Form.Item name="name" label={t('signing.group.name')} rules={[{ required: true, max: 60 }]}>
        <Input data-testid="group-name" autoFocus />
      </Form.Item>
      <Form.Item name="pcIdList" label={t('signing.group.collections')}>
        <ListSelect path="pc/getPermCollectionList" valueKey="pcId" multiple testId="group-collections" />
      </Form.Item>
      <Form.Item name="remark" label={t('signing.remark')} rules={[{ max: 200 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormDialog>
  );
}

/** `/SignMgtSystem/AddPerSetGrpDlg`. */
export const AddPerSetGrpDialog = ({ onClose }: { onClose: () => void }) => <GroupForm onClose={onClose} />;

/** `/SignMgtSystem/PermissionSetGroupPage`: groups of permission collections. */
export function PermissionSetGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(P.groupEdit);
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const del = useApiMutation('pcg/delPermCollectionGroup', {
    invalidates: COLLECTION_READS,
    success: () => t('signing.group.deleted'),
  });
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const columns: ColumnSpec<GroupRow>[] = [
    { key: 'str', title: t('signing.group.name'), filter: true, pinned: true, render: (g) => <b>{g.name}</b> },
    { key: 'collectionCount', title: t('signing.group.collectionCount'), width: 120 },
    { key: 'authCount', title: t('signing.grant.count'), width: 100 },
    { key: 'remark', title: t('signing.remark'), render: (g) => g.remark || '—' },
    {
      key: 'action',
      title: t('common.actions'),
      width: 180,
      wrap: true,
      render: (g) =>
        canEdit && (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setEditing(g)}>
              {t('signing.edit')}
            </Button>
            <ConfirmAction
              title={t('signing.group.deleteConfirm', { name: g.name })}
              onConfirm={() => del({ groupId: g.groupId })}
              buttonProps={{ size: 'small', icon: <DeleteOutlined /> }}
            >
              {t('signing.delete')}
            </ConfirmAction>
          </Space>
        ),
    },
  ];
  return (
    <Card
      title={t('signing.group.page')}
      data-testid="group-page"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: '/SignMgtSystem/AddPerSetGrpDlg' })}
            data-testid="new-group"
          >
            {t('signing.group.create')}
          </Button>
        )
      }
    >
      <PagedTable<GroupRow, 'pcg/getPermCollectionGroupList'>
        path="pcg/getPermCollectionGroupList"
        columns={columns}
        rowKey="groupId"
        testId="group-table"
      />
      {editing && <GroupForm row={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** A picker list of collections or groups (the remote list components). */
function RemoteList({
  path,
  idKey,
  selected,
  onSelect,
  testId,
}: {
  path: 'pc/getPermCollectionList' | 'pcg/getPermCollectionGroupList';
  idKey: string;
  selected?: string;
  onSelect?: (id: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [str, setStr] = useState('');
  const query = useQuery(apiQuery(path, { pageNum: 1, pageSize: 100, str: str || undefined }));
  const list = (query.data?.list ?? []) as unknown as Array<Record<string, string>>;
  return (
    <div data-testid={testId}>
      <Input.Search allowClear onSearch={setStr} placeholder={t('signing.search')} style={{ marginBottom: 8 }} />
      <List
        size="small"
        bordered
        loading={query.isLoading}
        dataSource={list}
        locale={{ emptyText: <Empty description={query.isError ? t('signing.loadFailed') : t('signing.none')} /> }}
        renderItem={(item) => (
          <List.Item
            onClick={() => onSelect?.(item[idKey] as string)}
            style={{
              cursor: onSelect ? 'pointer' : undefined,
              background: selected === item[idKey] ? 'rgba(22,119,255,.08)' : undefined,
            }}
            data-testid={`${testId}-${item.name}`}
          >
            {item.name}
          </List.Item>
        )}
      />
    </div>
  );
}

/** `/SignMgtSystem/PermSetListRemoteComponent`: the collections, searchable. */
export const PermSetListRemoteComponent = () => {
  const { t } = useTranslation();
  return (
    <Card title={t('signing.collection.page')}>
      <RemoteList path="pc/getPermCollectionList" idKey="pcId" testId="perm-set-list" />
    </Card>
  );
};

/** `/SignMgtSystem/PermSetGrpListRemoteComponent`: the collection groups, searchable. */
export const PermSetGrpListRemoteComponent = () => {
  const { t } = useTranslation();
  return (
    <Card title={t('signing.group.page')}>
      <RemoteList path="pcg/getPermCollectionGroupList" idKey="groupId" testId="perm-set-group-list" />
    </Card>
  );
};

/** `/SignMgtSystem/PermissionSetGroupAuthPage?groupId=`: pick a group, see and change who holds it. */
export function PermissionSetGroupAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pno = useSession((s) => s.selectedPropertyPno);
  const groupId = String(useSearchRecord().groupId ?? '');
  const canEdit = useCan(P.groupAuthEdit);
  if (!pno) return <Empty description={t('signing.noProperty')} />;
  const pick = (id: string) =>
    void navigate({ to: '/SignMgtSystem/PermissionSetGroupAuthPage', search: { groupId: id } as never });
  return (
    <Card title={t('signing.groupAuth.page')} data-testid="group-auth-page">
      <div className="k-signing-split">
        <RemoteList
          path="pcg/getPermCollectionGroupList"
          idKey="groupId"
          selected={groupId}
          onSelect={pick}
          testId="group-pick"
        />
        <div style={{ minWidth: 0 }}>
          {groupId ? (
            <>
              {canEdit && (
                <GrantButton
                  label={t('signing.grant.add')}
                  onClick={() =>
                    void navigate({ to: '/SignMgtSystem/AddPerSetGrpAuthDlg', search: { groupId } as never })
                  }
                />
              )}
              <GrantPanel target="pcg" id={groupId} canEdit={canEdit} />
            </>
          ) : (
            <Empty description={t('signing.groupAuth.pick')} />
          )}
        </div>
      </div>
    </Card>
  );
}

/** `/SignMgtSystem/AddPerSetGrpAuthDlg?groupId=`. */
export function AddPerSetGrpAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const groupId = String(useSearchRecord().groupId ?? '');
  return <GrantDialog target="pcg" id={groupId} open onClose={onClose} title={t('signing.grant.add')} />;
}
