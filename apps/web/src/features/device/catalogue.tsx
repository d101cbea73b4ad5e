import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  type DeviceModelItem,
  type DevicePlatformItem,
  type DeviceTypeItem,
  deviceCatalogueEndpoints as dm,
} from '@keel/contract/endpoints/device-catalogue';
import type { OsType } from '@keel/contract/endpoints/device-common';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../shared/admin-kit/DataTable';
import type { FieldSpec } from '../../shared/admin-kit/form-fields';
import { type CallInput, defineResource, type FormDeclaration, type Resource } from '../../shared/admin-kit/resource';
import { apiQuery } from '../../shared/api/query';
import { formatTime } from '../../shared/format/time';
import { CATALOGUE_READS, DEVICE_PERMISSIONS, useCan } from './api';

/**
 * The device catalogue as declared resources (admin kit): models, platforms and types, each a list with its
 * columns, its form (new through the spec's dialog route, edits in a dialog of the page) and its delete.
 */
export type CatalogueTab = 'models' | 'platforms' | 'types';
export const CATALOGUE_TABS: readonly CatalogueTab[] = ['models', 'platforms', 'types'];

/** Where each tab's "new" button goes: the spec's dialog routes. */
export const NEW_DIALOG: Record<CatalogueTab, string> = {
  models: '/Tis/datamgr/DataMgrNewDeviceDialog',
  platforms: '/Tis/datamgr/DataMgrNewPlatDialog',
  types: '/Tis/datamgr/DataMgrNewDevTypeDialog',
};

/** Each tab's calls, the id field of its rows, and the noun of its texts and test ids. */
const CALLS = {
  models: {
    list: 'dm/getDeviceModelList',
    save: 'dm/addDeviceModel',
    del: 'dm/delDeviceModel',
    id: 'modelId',
    noun: 'model',
  },
  platforms: {
    list: 'dm/getDevicePlatformList',
    save: 'dm/addDevicePlatform',
    del: 'dm/delDevicePlatform',
    id: 'platformId',
    noun: 'platform',
  },
  types: {
    list: 'dm/getDeviceTypeList',
    save: 'dm/addDeviceType',
    del: 'dm/delDeviceType',
    id: 'typeId',
    noun: 'type',
  },
} as const;

/** Options of the model form's type and platform selects (a property's catalogue is small). */
const OPTIONS_PAGE = { pageNum: 1, pageSize: 1000 };

interface Values {
  name: string;
  remark?: string;
  osType?: OsType;
  typeId?: string;
  platformId?: string;
}

/** A select over one of the catalogue's lists (types, platforms) or the OS types: a Form control. */
function CatalogueSelect({ of, ...props }: { of: 'types' | 'platforms' | 'os'; testId: string; value?: string }) {
  const path = { types: 'dm/getDeviceTypeList', platforms: 'dm/getDevicePlatformList', os: 'di/getOsTypeList' };
  const query = useQuery(apiQuery(path[of] as 'dm/getDeviceTypeList', OPTIONS_PAGE));
  const data = query.data as unknown;
  const options =
    of === 'os'
      ? (data as { osType: string; name: string }[] | undefined)?.map((o) => ({ value: o.osType, label: o.name }))
      : (data as { list: (DeviceTypeItem & DevicePlatformItem)[] } | undefined)?.list.map((x) => ({
          value: of === 'types' ? x.typeId : x.platformId,
          label: x.name,
        }));
  return (
    <Select
      {...props}
      data-testid={props.testId}
      allowClear={of !== 'os'}
      showSearch
      optionFilterProp="label"
      loading={query.isLoading}
      options={options ?? []}
    />
  );
}

type Row = DeviceModelItem | DevicePlatformItem | DeviceTypeItem;
type Save = (typeof CALLS)[CatalogueTab]['save'];
/** The id field of a row, as the save and delete calls take it. */
const idOf = (tab: CatalogueTab, row: Row) => {
  const id = CALLS[tab].id;
  return { [id]: (row as unknown as Record<string, string>)[id] };
};

/** The form of a model, platform or type (`dm/add…`: a new one, or with its id an edit). */
export function useCatalogueForm(tab: CatalogueTab): FormDeclaration<Row, Values, Save> {
  const { t } = useTranslation();
  const { noun, save } = CALLS[tab];
  const fields: FieldSpec<Values>[] = [
    { name: 'name', label: t('device.catalogue.name'), required: t('device.rules.nameRequired'), autoFocus: true },
    { name: 'remark', label: t('device.fields.remark'), type: 'textarea', rows: 2 },
  ];
  if (tab === 'platforms')
    fields.push({
      name: 'osType',
      label: t('device.fields.osType'),
      type: 'custom',
      control: <CatalogueSelect of="os" testId="platform-os" />,
      required: t('device.rules.osRequired'),
    });
  if (tab === 'models')
    fields.push(
      ...(['types', 'platforms'] as const).map((of) => ({
        name: of === 'types' ? ('typeId' as const) : ('platformId' as const),
        label: t(`device.catalogue.${CALLS[of].noun}.label`),
        type: 'custom' as const,
        control: <CatalogueSelect of={of} testId={`model-${CALLS[of].noun}`} />,
      })),
    );
  return {
    save,
    schema: dm[save].input,
    testId: `${noun}-dialog`,
    title: (row) => t(`device.catalogue.${noun}.${row ? 'edit' : 'create'}`),
    fields: () => fields.map((f) => ({ ...f, testId: f.testId ?? `${noun}-${f.name}` })),
    initialValues: (row) => (row ? valuesOf(row) : tab === 'platforms' ? { osType: 'linux' } : {}),
    input: (v, row) =>
      ({
        ...(row ? idOf(tab, row) : {}),
        name: v.name.trim(),
        remark: v.remark?.trim() ?? '',
        ...(tab === 'platforms' ? { osType: v.osType ?? 'linux' } : {}),
        ...(tab === 'models' ? { typeId: v.typeId, platformId: v.platformId } : {}),
      }) as CallInput<Save>,
    success: (_d, input) => t('device.catalogue.saved', { name: input.name }),
    invalidates: CATALOGUE_READS,
    tooLong: (max) => t('device.rules.length', { max }),
  };
}

const FORM_FIELDS = ['name', 'remark', 'osType', 'typeId', 'platformId'];
/** The form's values of a row (a null type or platform is an empty field). */
const valuesOf = (row: Row): Partial<Values> =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => FORM_FIELDS.includes(k) && v !== null));

/** The list of a tab: its columns, form, delete and buttons (only with the catalogue's edit function). */
export function useCatalogueResource(tab: CatalogueTab): Resource<Row, Values, EndpointPath, Save, EndpointPath> {
  const { t } = useTranslation();
  const canEdit = useCan(DEVICE_PERMISSIONS.catalogueEdit);
  const form = useCatalogueForm(tab);
  const { noun, list, del, id } = CALLS[tab];
  const col = (key: string, title: string, render?: (r: never) => ReactNode, width?: number): ColumnSpec<Row> =>
    ({ key, title, width, render }) as ColumnSpec<Row>;
  const os = (r: { osType: OsType }) => t(`device.os.${r.osType}`);
  const counted = (r: Row) => ('deviceCount' in r ? r.deviceCount : r.modelCount);
  const columns: ColumnSpec<Row>[] = [
    { key: 'str', title: t('device.catalogue.name'), filter: true, pinned: true, render: (r) => <b>{r.name}</b> },
    ...(tab === 'models'
      ? [
          col('typeName', t('device.catalogue.type.label'), (r: DeviceModelItem) => r.typeName ?? '—'),
          col('platformName', t('device.catalogue.platform.label'), (r: DeviceModelItem) => r.platformName ?? '—'),
        ]
      : []),
    ...(tab !== 'types' ? [col('osType', t('device.fields.osType'), os, 120)] : []),
    col(
      tab === 'models' ? 'deviceCount' : 'modelCount',
      t(`device.catalogue.${tab === 'models' ? 'device' : 'model'}Count`),
      counted,
      100,
    ),
    col('remark', t('device.fields.remark'), (r: Row) => r.remark || '—'),
    col('updateTime', t('device.catalogue.updated'), (r: Row) => formatTime(r.updateTime), 150),
  ];
  const button = (action: 'edit' | 'delete', icon: ReactNode) => ({
    label: t(`device.catalogue.${action}`),
    icon,
    iconOnly: true,
    testId: (r: Row) => `${noun}-${action}-${r.name}`,
  });
  return defineResource<Row>()({
    rowKey: id as keyof Row & string,
    tableTestId: `${noun}-table`,
    list: { path: list as EndpointPath, schema: dm[list].input },
    columns,
    form,
    create: canEdit
      ? { label: t(`device.catalogue.${noun}.create`), icon: <PlusOutlined />, testId: `new-${tab}` }
      : undefined,
    dialogRoute: { to: NEW_DIALOG[tab] },
    remove: {
      path: del,
      input: (r) => idOf(tab, r) as never,
      confirm: (r) => ({
        title: t('device.catalogue.deleteConfirm', { name: r.name }),
        description:
          counted(r) > 0
            ? t(`device.catalogue.${tab === 'models' ? 'modelInUse' : 'usedByModels'}`, { count: counted(r) })
            : t('device.catalogue.deleteHelp'),
      }),
      success: () => t('device.catalogue.deleted'),
      invalidates: CATALOGUE_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 110,
          edit: button('edit', <EditOutlined />),
          remove: button('delete', <DeleteOutlined />),
        }
      : undefined,
  }) as Resource<Row, Values, EndpointPath, Save, EndpointPath>;
}
