import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import type { MemberGroupUser } from '@keel/contract/endpoints/member-group';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { toast } from '../../../shared/toast/toast-store';
import type { GroupKind, GroupRow, Scope } from '../api';
import { AddMembersDialog } from './AddMembersDialog';

const PAGE_SIZE = 10;

/**
 * The members of a title, user set or customer: searchable and paged (state local to the dialog, so the page's
 * table keeps its URL), removable one by one or as a selection (each after a confirmation), and — with the
 * edit function — "add members", which opens AddMembersDialog for this group.
 */
export function MembersDialog({
  kind,
  group,
  scope,
  canEdit,
  onClose,
}: {
  kind: GroupKind;
  group: GroupRow | null;
  scope: Scope;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [str, setStr] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const id = group?.id ?? '';

  // A new group starts from the first page with no search and no selection.
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    setShownId(id);
    setSearch('');
    setStr('');
    setPageNum(1);
    setSelected([]);
  }

  const query = useQuery({
    ...kind.members({ id, pageNum, pageSize, str: str || undefined }, scope),
    enabled: group !== null,
    placeholderData: keepPreviousData,
  });

  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const removeMembers = useApiMutation(kind.paths.remove, {
    scope,
    invalidates: [kind.memberPath, kind.listPath],
    onSuccess: (data) => {
      lastRemoved.current = data.removed;
    },
  });
  const lastRemoved = useRef(0);
  const remove = async (uids: string[], name?: string) => {
    if (!(await removeMembers(kind.membersInput(id, uids) as never))) return;
    const removed = lastRemoved.current;
    toast.success(
      name ? t('member-group.members.removedOne', { name }) : t('member-group.members.removed', { count: removed }),
    );
    setSelected((s) => s.filter((uid) => !uids.includes(uid)));
    const remaining = (query.data?.total ?? 0) - removed;
    if (pageNum > 1 && (pageNum - 1) * pageSize >= remaining) setPageNum(pageNum - 1);
  };

  const columns = [
    {
      key: 'name',
      title: t('member-group.members.name'),
      render: (_: unknown, row: MemberGroupUser) => (
        <span data-testid={`member-${row.phoneNum}`}>
          {row.name}
          {row.email && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.email}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'phoneNum', title: t('member-group.members.phone'), dataIndex: 'phoneNum', width: 130 },
    {
      key: 'status',
      title: t('member-group.members.status'),
      width: 90,
      render: (_: unknown, row: MemberGroupUser) =>
        row.status === 1 ? (
          <Tag color="green">{t('member-group.status.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('member-group.status.disabled')}</Tag>
        ),
    },
    {
      key: 'addTime',
      title: t('member-group.members.addedAt'),
      width: 150,
      render: (_: unknown, row: MemberGroupUser) => formatTime(row.addTime),
    },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: t('common.actions'),
            width: 90,
            render: (_: unknown, row: MemberGroupUser) => (
              <ConfirmAction
                title={t('member-group.members.removeConfirm', { name: row.name, group: group?.name, noun })}
                onConfirm={() => remove([row.uid], row.name)}
                buttonProps={{ size: 'small', type: 'link', 'data-testid': `remove-member-${row.phoneNum}` } as never}
              >
                {t('member-group.members.remove')}
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Modal
        open={group !== null}
        title={t('member-group.members.title', { name: group?.name ?? '', noun })}
        onCancel={onClose}
        footer={null}
        width={820}
        destroyOnHidden
        data-testid="members-dialog"
      >
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
          <Input.Search
            allowClear
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              if (e.target.value === '') {
                setStr('');
                setPageNum(1);
              }
            }}
            onSearch={(value) => {
              setStr(value.trim());
              setPageNum(1);
            }}
            placeholder={t('member-group.members.search')}
            aria-label={t('member-group.members.search')}
            style={{ width: 280 }}
            data-testid="members-search"
          />
          {canEdit && (
            <Space wrap>
              <ConfirmAction
                title={t('member-group.members.removeSelectedConfirm', { count: selected.length })}
                onConfirm={() => remove(selected)}
                buttonProps={{ disabled: selected.length === 0, 'data-testid': 'remove-selected' } as never}
              >
                {t('member-group.members.removeSelected', { count: selected.length })}
              </ConfirmAction>
              <Button
                type="primary"
                icon={<UserAddOutlined />}
                onClick={() => setAdding(true)}
                data-testid="add-members"
              >
                {t('member-group.members.add')}
              </Button>
            </Space>
          )}
        </Space>
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('kit.loadFailed')}
            description={query.error.message}
            action={<Button onClick={() => void query.refetch()}>{t('kit.retry')}</Button>}
            data-testid="members-error"
          />
        ) : (
          <Table<MemberGroupUser>
            rowKey="uid"
            size="small"
            columns={columns}
            dataSource={query.data?.list ?? []}
            loading={query.isFetching}
            data-testid="members-table"
            rowSelection={
              canEdit
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String)),
                    preserveSelectedRowKeys: true,
                  }
                : undefined
            }
            locale={{
              emptyText: (
                <Empty
                  description={str ? t('member-group.members.noMatch') : t('member-group.members.empty', { noun })}
                />
              ),
            }}
            pagination={{
              current: pageNum,
              pageSize,
              total: query.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('kit.total', { total }),
              onChange: (next, size) => {
                setPageNum(size === pageSize ? next : 1);
                setPageSize(size);
              },
            }}
          />
        )}
      </Modal>
      <AddMembersDialog
        kind={kind}
        scope={scope}
        open={adding}
        group={group ?? undefined}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
