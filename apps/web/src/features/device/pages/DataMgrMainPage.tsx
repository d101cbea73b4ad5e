import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { DeviceModelItem, DevicePlatformItem, DeviceTypeItem } from '@keel/contract/endpoints/device-catalogue';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { apiQuery } from '../../../shared/api/query';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { CATALOGUE_READS, DEVICE_PERMISSIONS, useCan } from '../api';
import { DeviceModelDialog, DevicePlatformDialog, DeviceTypeDialog } from '../dialogs/CatalogueDialogs';

export type CatalogueTab = 'models' | 'platforms' | 'types';
const TABS: readonly CatalogueTab[] = ['models', 'platforms', 'types'];

/** Where each tab's "new" button goes: the spec's dialog routes. */
export const NEW_DIALOG: Record<CatalogueTab, string> = {
  models: '/Tis/datamgr/DataMgrNewDeviceDialog',
  platforms: '/Tis/datamgr/DataMgrNewPlatDialog',
  types: '/Tis/datamgr/DataMgrNewDevTypeDialog',
};

type Editing =
  | { tab: 'models'; entry: DeviceModelItem }
  | { tab: 'platforms'; entry: DevicePlatformItem }
  | { tab: 'types'; entry: DeviceTypeItem }
  | null;

function RowActions({
  name,
  testId,
  onEdit,
  onDelete,
  inUse,
}: {
  name: string;
  testId: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  inUse: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <Tooltip title={t('device.catalogue.edit')}>
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('device.catalogue.edit')}
          onClick={onEdit}
          data-testid={`${testId}-edit-${name}`}
        />
      </Tooltip>
      <ConfirmAction
        title={t('device.catalogue.deleteConfirm', { name })}
        description={inUse ?? t('device.catalogue.deleteHelp')}
        onConfirm={onDelete}
        buttonProps={
          {
            size: 'small',
            icon: <DeleteOutlined />,
            'aria-label': t('device.catalogue.delete'),
            'data-testid': `${testId}-delete-${name}`,
          } as never
        }
      >
        {null}
      </ConfirmAction>
    </Space>
  );
}

/**
 * `/Tis/datamgr/DataMgrMainPage`: the selected property's device catalogue — models, platforms and types, one tab
 * each (`?tab=`), with the spec's three "new" dialogs as routes and edits in place.
 */
export function DataMgrMainPage({ tab: forced }: { tab?: CatalogueTab } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(DEVICE_PERMISSIONS.catalogueEdit);
  const [editing, setEditing] = useState<Editing>(null);
  const tab: CatalogueTab =
    forced ?? (TABS.includes(search.tab as CatalogueTab) ? (search.tab as CatalogueTab) : 'models');

  const delModel = useApiMutation('dm/delDeviceModel', {
    invalidates: CATALOGUE_READS,
    success: () => t('device.catalogue.deleted'),
  });
  const delPlatform = useApiMutation('dm/delDevicePlatform', {
    invalidates: CATALOGUE_READS,
    success: () => t('device.catalogue.deleted'),
  });
  const delType = useApiMutation('dm/delDeviceType', {
    invalidates: CATALOGUE_READS,
    success: () => t('device.catalogue.deleted'),
  });

  if (!pno) return <Empty description={t('device.noProperty')} data-testid="datamgr-page" />;

  const actions = <T,>(render: (row: T) => ReactNode): ColumnSpec<T>[] =>
    canEdit ? [{ key: 'action', title: t('common.actions'), width: 110, wrap: true, render }] : [];
  const times = <T extends { updateTime: number }>(): ColumnSpec<T> => ({
    key: 'updateTime',
    title: t('device.catalogue.updated'),
    width: 150,
    render: (row) => formatTime(row.updateTime),
  });

  const modelColumns: ColumnSpec<DeviceModelItem>[] = [
    { key: 'str', title: t('device.catalogue.name'), filter: true, pinned: true, render: (r) => <b>{r.name}</b> },
    { key: 'typeName', title: t('device.catalogue.type.label'), render: (r) => r.typeName ?? '—' },
    { key: 'platformName', title: t('device.catalogue.platform.label'), render: (r) => r.platformName ?? '—' },
    { key: 'osType', title: t('device.fields.osType'), width: 110, render: (r) => t(`device.os.${r.osType}`) },
    { key: 'deviceCount', title: t('device.catalogue.deviceCount'), width: 100 },
    { key: 'remark', title: t('device.fields.remark'), render: (r) => r.remark || '—' },
    times<DeviceModelItem>(),
    ...actions<DeviceModelItem>((r) => (
      <RowActions
        name={r.name}
        testId="model"
        onEdit={() => setEditing({ tab: 'models', entry: r })}
        onDelete={() => delModel({ modelId: r.modelId })}
        inUse={r.deviceCount > 0 ? t('device.catalogue.modelInUse', { count: r.deviceCount }) : null}
      />
    )),
  ];
  const platformColumns: ColumnSpec<DevicePlatformItem>[] = [
    { key: 'str', title: t('device.catalogue.name'), filter: true, pinned: true, render: (r) => <b>{r.name}</b> },
    { key: 'osType', title: t('device.fields.osType'), width: 130, render: (r) => t(`device.os.${r.osType}`) },
    { key: 'modelCount', title: t('device.catalogue.modelCount'), width: 100 },
    { key: 'remark', title: t('device.fields.remark'), render: (r) => r.remark || '—' },
    times<DevicePlatformItem>(),
    ...actions<DevicePlatformItem>((r) => (
      <RowActions
        name={r.name}
        testId="platform"
        onEdit={() => setEditing({ tab: 'platforms', entry: r })}
        onDelete={() => delPlatform({ platformId: r.platformId })}
        inUse={r.modelCount > 0 ? t('device.catalogue.usedByModels', { count: r.modelCount }) : null}
      />
    )),
  ];
  const typeColumns: ColumnSpec<DeviceTypeItem>[] = [
    { key: 'str', title: t('device.catalogue.name'), filter: true, pinned: true, render: (r) => <b>{r.name}</b> },
    { key: 'modelCount', title: t('device.catalogue.modelCount'), width: 100 },
    { key: 'remark', title: t('device.fields.remark'), render: (r) => r.remark || '—' },
    times<DeviceTypeItem>(),
    ...actions<DeviceTypeItem>((r) => (
      <RowActions
        name={r.name}
        testId="type"
        onEdit={() => setEditing({ tab: 'types', entry: r })}
        onDelete={() => delType({ typeId: r.typeId })}
        inUse={r.modelCount > 0 ? t('device.catalogue.usedByModels', { count: r.modelCount }) : null}
      />
    )),
  ];

  const tables: Record<CatalogueTab, ReactNode> = {
    models: (
      <DataTable
        testId="model-table"
        rowKey="modelId"
        query={(params) => apiQuery('dm/getDeviceModelList', pageInput(params))}
        columns={modelColumns}
      />
    ),
    platforms: (
      <DataTable
        testId="platform-table"
        rowKey="platformId"
        query={(params) => apiQuery('dm/getDevicePlatformList', pageInput(params))}
        columns={platformColumns}
      />
    ),
    types: (
      <DataTable
        testId="type-table"
        rowKey="typeId"
        query={(params) => apiQuery('dm/getDeviceTypeList', pageInput(params))}
        columns={typeColumns}
      />
    ),
  };

  return (
    // The create button sits in the card's head, not in the tab bar: axe refuses a button inside a tablist.
    <Card
      title={t('device.catalogue.page')}
      data-testid="datamgr-page"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate({ to: NEW_DIALOG[tab] as never, search: { tab } as never })}
            data-testid={`new-${tab}`}
          >
            {t(`device.catalogue.${tab === 'models' ? 'model' : tab === 'platforms' ? 'platform' : 'type'}.create`)}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate({ to: '.', search: { tab: key } as never, replace: true })}
        items={TABS.map((key) => ({
          key,
          label: t(`device.catalogue.tabs.${key}`),
          children: key === tab ? tables[key] : null,
        }))}
      />
      <DeviceModelDialog
        open={editing?.tab === 'models'}
        entry={editing?.tab === 'models' ? editing.entry : undefined}
        onClose={() => setEditing(null)}
      />
      <DevicePlatformDialog
        open={editing?.tab === 'platforms'}
        entry={editing?.tab === 'platforms' ? editing.entry : undefined}
        onClose={() => setEditing(null)}
      />
      <DeviceTypeDialog
        open={editing?.tab === 'types'}
        entry={editing?.tab === 'types' ? editing.entry : undefined}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
