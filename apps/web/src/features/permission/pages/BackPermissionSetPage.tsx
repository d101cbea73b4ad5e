import { permissionEndpoints } from '@keel/contract/endpoints/permission';
import Card from 'antd/es/card';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { type CallOutput, defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { PermissionCount } from '../components/PermissionNames';
import { SetAdminCount, SetRemark } from '../components/SetCells';

type SetRow = CallOutput<'ps/getAllPerSetList'>['list'][number];
type AdminRow = CallOutput<'ps/getAllAdminList'>['list'][number] & { key: string };

/** A searchable select of every property (operators), its value in the URL as `filterPno`. */
function PropertyFilter({ value, onChange }: { value?: string; onChange: (pno?: string) => void }) {
  const { t } = useTranslation();
  return (
    <PropertySelect
      value={value}
      testId="back-perm-property"
      ariaLabel={t('permission.back.property')}
      placeholder={t('permission.back.allProperties')}
      style={{ width: 320, maxWidth: '100%' }}
      onChange={(pno) => onChange(pno || undefined)}
    />
  );
}

/** The page's search: the property filter (as the back-office lists take it) and which list shows. */
const BACK_PERM_SEARCH = permissionEndpoints['ps/getAllPerSetList'].input
  .pick({ filterPno: true })
  .extend({ view: z.enum(['sets', 'admins']).optional() });

/**
 * `/Account/BackPermissionSetPage` (operators): permission sets, or administrators, across every property
 * (`ps/getAllPerSetList`, `ps/getAllAdminList`), narrowed to one property with `filterPno`.
 */
export function BackPermissionSetPage() {
  const { t } = useTranslation();
  const { filterPno, view = 'sets' } = useSearchOf(BACK_PERM_SEARCH);
  const go = useSearchUpdate();

  const property = (row: { propertyName: string; pno: string }) => (
    <span>
      {row.propertyName}
      <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
        {row.pno}
      </Typography.Text>
    </span>
  );

  const sets = defineResource<SetRow>()({
    scope: 'platform',
    rowKey: 'psid',
    tableTestId: 'back-perm-table',
    list: { path: 'ps/getAllPerSetList', schema: permissionEndpoints['ps/getAllPerSetList'].input },
    columns: [
      { key: 'property', title: t('permission.back.property'), render: (row) => property(row) },
      {
        key: 'str',
        title: t('permission.set.name'),
        filter: true,
        render: (row) => <span data-testid={`back-perm-row-${row.name}`}>{row.name}</span>,
      },
      {
        key: 'remark',
        title: t('permission.set.remark'),
        render: (row) => <SetRemark remark={row.remark} maxWidth={240} />,
      },
      {
        key: 'count',
        title: t('permission.set.count'),
        width: 110,
        render: (row) => <PermissionCount ids={row.permissionIdList} />,
      },
      {
        key: 'adminCount',
        title: t('permission.set.admins'),
        width: 110,
        render: (row) => <SetAdminCount count={row.adminCount} />,
      },
      { key: 'updateTime', title: t('permission.set.updated'), width: 150, time: true },
    ],
  });
  const admins = defineResource<AdminRow>()({
    scope: 'platform',
    rowKey: 'key',
    tableTestId: 'back-admin-table',
    list: {
      path: 'ps/getAllAdminList',
      schema: permissionEndpoints['ps/getAllAdminList'].input,
      toPage: (data) => ({ list: data.list.map((a) => ({ ...a, key: `${a.pno}:${a.uid}` })), total: data.total }),
    },
    columns: [
      { key: 'property', title: t('permission.back.property'), render: (row) => property(row) },
      {
        key: 'str',
        title: t('permission.admin.user'),
        filter: true,
        render: (row) => (
          <span>
            {row.name}
            <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
              {row.phoneNum}
            </Typography.Text>
          </span>
        ),
      },
      {
        key: 'role',
        title: t('permission.back.role'),
        width: 110,
        render: (row) => <Tag color={row.role === 'owner' ? 'gold' : 'blue'}>{t(`common.roles.${row.role}`)}</Tag>,
      },
      {
        key: 'sets',
        title: t('permission.admin.sets'),
        render: (row) =>
          row.role === 'owner' ? (
            <Typography.Text type="secondary">{t('permission.admin.ownerHoldsAll')}</Typography.Text>
          ) : (
            <Space wrap size={[4, 4]}>
              {row.permissionSetList.map((s) => (
                <Tag key={s.psid}>
                  {s.name}
                  {(s.oidList !== null || s.sidList !== null) && ` · ${t('permission.back.limited')}`}
                </Tag>
              ))}
            </Space>
          ),
      },
      { key: 'joinTime', title: t('permission.admin.joined'), width: 150, time: true },
    ],
  });

  return (
    <Card
      title={t('permission.back.title')}
      data-testid="back-perm-page"
      extra={
        <Segmented
          data-testid="back-perm-view"
          value={view}
          onChange={(v) => go({ view: v === 'admins' ? 'admins' : undefined, str: undefined })}
          options={[
            { value: 'sets', label: t('permission.back.sets') },
            { value: 'admins', label: t('permission.back.admins') },
          ]}
        />
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Typography.Text>{t('permission.back.property')}</Typography.Text>
        <PropertyFilter value={filterPno} onChange={(pno) => go({ filterPno: pno })} />
      </Space>
      {view === 'sets' ? <ResourcePage key="sets" resource={sets} /> : <ResourcePage key="admins" resource={admins} />}
    </Card>
  );
}
