import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { InputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable, type PageData } from '../../shared/admin-kit/DataTable';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../shared/api/query';
import { useApiMutation } from '../../shared/api/use-api-mutation';
import { formatTime } from '../../shared/format/time';
import { OrgTreeSelect } from '../../shared/pickers/OrgTreeSelect';
import { UserPicker } from '../../shared/pickers/UserPicker';
import { GRANT_READS } from './api';

/** A paged list call as a DataTable: the call's other inputs fixed, page and size (and `str`) from the table. */
export function PagedTable<Row extends object, P extends EndpointPath>({
  path,
  input,
  columns,
  rowKey,
  testId,
}: {
  path: P;
  input?: Record<string, unknown>;
  columns: ColumnSpec<Row>[];
  rowKey: keyof Row & string;
  testId: string;
}) {
  return (
    <DataTable<Row, PageData<Row>>
      testId={testId}
      rowKey={rowKey}
      columns={columns}
      toPage={(d) => d}
      query={(params) =>
        apiQuery(path, {
          ...input,
          pageNum: params.pageNum,
          pageSize: params.pageSize,
          ...(params.filters?.str ? { str: params.filters.str } : {}),
        } as unknown as InputOf<Endpoints[P]>) as never
      }
    />
  );
}

/** An algorithm, marked when it is weak (MD5, SHA-1). */
export function AlgorithmTag({ algorithm, weak }: { algorithm: string; weak?: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <span>{algorithm}</span>
      {weak ? (
        <Tooltip title={t('signing.weakHelp')}>
          <Tag color="orange" data-testid="weak-algorithm">
            {t('signing.weak')}
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** Expired / expiring within 30 days / valid, with the end date. */
export function ExpiryTag({
  notAfter,
  expiringSoon,
  expired,
}: {
  notAfter: number;
  expiringSoon: number;
  expired: number;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <span>{notAfter ? formatTime(notAfter) : '—'}</span>
      {expired ? <Tag color="red">{t('signing.cert.expired')}</Tag> : null}
      {expiringSoon ? (
        <Tag color="orange" data-testid="expiring-soon">
          {t('signing.cert.expiringSoon')}
        </Tag>
      ) : null}
    </Space>
  );
}

/** A select over a property list call (titles, user sets, USB keys, certificates, modules, collections, groups). */
export function ListSelect({
  path,
  valueKey,
  multiple,
  testId,
  ...props
}: {
  path: EndpointPath;
  valueKey: string;
  multiple?: boolean;
  testId: string;
  value?: string | string[];
  onChange?: (v: string | string[]) => void;
  id?: string;
  placeholder?: string;
}) {
  const query = useQuery(apiQuery(path, { pageNum: 1, pageSize: 100 } as never));
  const list = ((query.data as { list?: Record<string, unknown>[] } | undefined)?.list ?? []) as Record<
    string,
    string
  >[];
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      data-testid={testId}
      showSearch
      allowClear
      optionFilterProp="label"
      loading={query.isLoading}
      style={{ width: '100%', minWidth: 200 }}
      options={list.map((r) => ({ value: r[valueKey] as string, label: r.name as string }))}
    />
  );
}

/** What can be granted, and the calls of each kind of grant. */
export type GrantTarget = 'cert' | 'pc' | 'pcg' | 'ukey';
export const AUTH_KINDS = [1, 2, 3, 4, 5] as const;
const CA_LIST = {
  1: 'ca/getUserList',
  2: 'ca/getTitleList',
  3: 'ca/getUserSetList',
  4: 'ca/getOrgList',
  5: 'ca/getUkeyList',
} as const;
const CA_ADD = { 1: 'ca/addUsers', 2: 'ca/addTitles', 3: 'ca/addUserSets', 4: 'ca/addOrgs', 5: 'ca/addUkeys' } as const;
const CA_DEL = { 1: 'ca/delUser', 2: 'ca/delTitle', 3: 'ca/delUserSet', 4: 'ca/delOrg', 5: 'ca/delUkey' } as const;
const CA_FIELD = { 1: 'uidList', 2: 'tidList', 3: 'usidList', 4: 'oidList', 5: 'ukeyIdList' } as const;
const ID_FIELD: Record<GrantTarget, string> = { cert: 'certId', pc: 'pcId', pcg: 'groupId', ukey: 'ukeyId' };

interface AuthRow {
  authId: string;
  authType: number;
  subjectId: string;
  subjectName: string;
  detail: string;
  createTime: number;
}

function listPath(target: GrantTarget, kind: number): EndpointPath {
  if (target === 'cert') return CA_LIST[kind as 1];
  return target === 'pc'
    ? 'pcau/getPermCollectionAuthList'
    : target === 'pcg'
      ? 'pcau/getPermCollectionGroupAuthList'
      : 'uk/getUkeyAuthList';
}

/** The grants of a certificate, collection, group or USB key, one kind at a time, each revocable. */
export function GrantPanel({
  target,
  id,
  kind,
  canEdit,
}: {
  target: GrantTarget;
  id: string;
  kind?: number;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const path = listPath(target, kind ?? 1);
  const delPath: EndpointPath =
    target === 'cert'
      ? CA_DEL[(kind ?? 1) as 1]
      : target === 'pc'
        ? 'pcau/delPermCollectionAuth'
        : target === 'pcg'
          ? 'pcau/delPermCollectionGroupAuth'
          : 'uk/delUkeyAuth';
  const revoke = useApiMutation(delPath, { invalidates: GRANT_READS, success: () => t('signing.grant.revoked') });
  const columns: ColumnSpec<AuthRow>[] = [
    {
      key: 'str',
      title: t('signing.grant.subject'),
      filter: true,
      pinned: true,
      render: (r) => <b>{r.subjectName}</b>,
    },
    { key: 'authType', title: t('signing.grant.kind'), width: 110, render: (r) => t(`signing.authType.${r.authType}`) },
    { key: 'detail', title: t('signing.grant.detail'), render: (r) => r.detail || '—' },
    { key: 'createTime', title: t('signing.grant.since'), time: true, width: 150 },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: t('common.actions'),
            width: 90,
            wrap: true,
            render: (r: AuthRow) => (
              <ConfirmAction
                title={t('signing.grant.revokeConfirm', { name: r.subjectName })}
                onConfirm={() => revoke({ [ID_FIELD[target]]: id, authIdList: [r.authId] } as never)}
                buttonProps={
                  { size: 'small', icon: <DeleteOutlined />, 'data-testid': `revoke-${r.subjectName}` } as never
                }
              >
                {t('signing.grant.revoke')}
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];
  return (
    <PagedTable<AuthRow, EndpointPath>
      path={path}
      input={{ [ID_FIELD[target]]: id, ...(target !== 'cert' && kind ? { authType: kind } : {}) }}
      columns={columns}
      rowKey="authId"
      testId={`grants-${target}`}
    />
  );
}

interface GrantValues {
  authType: number;
  ids: string[];
}

/** Grants a certificate, collection, group or USB key to users, titles, user sets, units (or USB keys). */
export function GrantDialog({
  target,
  id,
  open,
  onClose,
  title,
}: {
  target: GrantTarget;
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const kinds = target === 'ukey' ? AUTH_KINDS.filter((k) => k !== 5) : AUTH_KINDS;
  const addPath: EndpointPath =
    target === 'pc'
      ? 'pcau/addPermCollectionAuth'
      : target === 'pcg'
        ? 'pcau/addPermCollectionGroupAuth'
        : 'uk/addUkeyAuth';
  const success = (d: { added: number }) => t('signing.grant.added', { count: d.added });
  const add = useApiMutation(addPath, { invalidates: GRANT_READS, success: success as never });
  const caAdds = {
    1: useApiMutation(CA_ADD[1], { invalidates: GRANT_READS, success }),
    2: useApiMutation(CA_ADD[2], { invalidates: GRANT_READS, success }),
    3: useApiMutation(CA_ADD[3], { invalidates: GRANT_READS, success }),
    4: useApiMutation(CA_ADD[4], { invalidates: GRANT_READS, success }),
    5: useApiMutation(CA_ADD[5], { invalidates: GRANT_READS, success }),
  };
  return (
    <FormDialog<GrantValues>
      open={open}
      title={title}
      testId="grant-dialog"
      initialValues={{ authType: 2, ids: [] }}
      onClose={onClose}
      onSubmit={(v) => {
        const kind = v.authType as 1 | 2 | 3 | 4 | 5;
        if (target === 'cert') return caAdds[kind]({ certId: id, [CA_FIELD[kind]]: v.ids } as never);
        return add({ [ID_FIELD[target]]: id, authType: kind, subjectIdList: v.ids } as never);
      }}
    >
      <Form.Item name="authType" label={t('signing.grant.kind')} rules={[{ required: true }]}>
        <Select
          data-testid="grant-kind"
          options={kinds.map((k) => ({ value: k, label: t(`signing.authType.${k}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['authType']}>
        {({ getFieldValue }) => {
          const kind = getFieldValue('authType') as number;
          const control =
            kind === 1 ? (
              <UserPicker multiple testId="grant-users" />
            ) : kind === 4 ? (
              <OrgTreeSelect multiple testId="grant-orgs" />
            ) : (
              <ListSelect
                multiple
                testId="grant-subjects"
                path={kind === 2 ? 't/getTitleList' : kind === 3 ? 'us/getUserSetList' : 'uk/getUkeyList'}
                valueKey={kind === 2 ? 'tid' : kind === 3 ? 'usid' : 'ukeyId'}
              />
            );
          return (
            <Form.Item
              name="ids"
              label={t(`signing.authType.${kind}`)}
              rules={[{ required: true, type: 'array', min: 1, message: t('signing.grant.pickOne') }]}
            >
              {control}
            </Form.Item>
          );
        }}
      </Form.Item>
    </FormDialog>
  );
}

/** A "grant" button. */
export const GrantButton = ({ onClick, label }: { onClick: () => void; label: string }) => (
  <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid="new-grant">
    {label}
  </Button>
);
