import type { DeviceModelItem, DevicePlatformItem, DeviceTypeItem } from '@keel/contract/endpoints/device-catalogue';
import { deviceCatalogueEndpoints } from '@keel/contract/endpoints/device-catalogue';
import type { OsType } from '@keel/contract/endpoints/device-common';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { CATALOGUE_READS } from '../api';

const NAME_MAX = maxLengthOf(deviceCatalogueEndpoints['dm/addDeviceType'].input, 'name');
const REMARK_MAX = maxLengthOf(deviceCatalogueEndpoints['dm/addDeviceType'].input, 'remark');
/** Options of the model form's type and platform selects (a property's catalogue is small). */
const OPTIONS_PAGE = { pageNum: 1, pageSize: 1000 };

interface Common {
  name: string;
  remark?: string;
}

function NameAndRemark({ testPrefix }: { testPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('device.catalogue.name')}
        rules={[
          { required: true, whitespace: true, message: t('device.rules.nameRequired') },
          { max: NAME_MAX, message: t('device.rules.length', { max: NAME_MAX }) },
        ]}
      >
        <Input data-testid={`${testPrefix}-name`} maxLength={NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('device.fields.remark')}
        rules={[{ max: REMARK_MAX, message: t('device.rules.length', { max: REMARK_MAX }) }]}
      >
        <Input.TextArea data-testid={`${testPrefix}-remark`} maxLength={REMARK_MAX} rows={2} showCount />
      </Form.Item>
    </>
  );
}

/** `DataMgrNewDevTypeDialog`: a new device type, or (from the table) an edit of one. */
export function DeviceTypeDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry?: DeviceTypeItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useApiMutation('dm/addDeviceType', {
    invalidates: CATALOGUE_READS,
    success: (_d, input) => t('device.catalogue.saved', { name: input.name }),
  });
  const initial = useMemo(() => (entry ? { name: entry.name, remark: entry.remark } : {}), [entry]);
  return (
    <FormDialog<Common>
      open={open}
      onClose={onClose}
      title={entry ? t('device.catalogue.type.edit') : t('device.catalogue.type.create')}
      initialValues={initial}
      onSubmit={(v) => save({ typeId: entry?.typeId, name: v.name.trim(), remark: v.remark?.trim() ?? '' })}
      testId="type-dialog"
    >
      <NameAndRemark testPrefix="type" />
    </FormDialog>
  );
}

/** `DataMgrNewPlatDialog`: a new device platform with its OS, or an edit of one. */
export function DevicePlatformDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry?: DevicePlatformItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const osTypes = useQuery({ ...apiQuery('di/getOsTypeList', {}), enabled: open });
  const save = useApiMutation('dm/addDevicePlatform', {
    invalidates: CATALOGUE_READS,
    success: (_d, input) => t('device.catalogue.saved', { name: input.name }),
  });
  const initial = useMemo(
    () => (entry ? { name: entry.name, remark: entry.remark, osType: entry.osType } : { osType: 'linux' as const }),
    [entry],
  );
  return (
    <FormDialog<Common & { osType: OsType }>
      open={open}
      onClose={onClose}
      title={entry ? t('device.catalogue.platform.edit') : t('device.catalogue.platform.create')}
      initialValues={initial}
      onSubmit={(v) =>
        save({ platformId: entry?.platformId, name: v.name.trim(), osType: v.osType, remark: v.remark?.trim() ?? '' })
      }
      testId="platform-dialog"
    >
      <NameAndRemark testPrefix="platform" />
      <Form.Item name="osType" label={t('device.fields.osType')} rules={[{ required: true }]}>
        <Select
          data-testid="platform-os"
          loading={osTypes.isLoading}
          options={(osTypes.data ?? []).map((o) => ({ value: o.osType, label: o.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

/** `DataMgrNewDeviceDialog`: a new device model (of a type, on a platform), or an edit of one. */
export function DeviceModelDialog({
  open,
  entry,
  onClose,
}: {
  open: boolean;
  entry?: DeviceModelItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const types = useQuery({ ...apiQuery('dm/getDeviceTypeList', OPTIONS_PAGE), enabled: open });
  const platforms = useQuery({ ...apiQuery('dm/getDevicePlatformList', OPTIONS_PAGE), enabled: open });
  const save = useApiMutation('dm/addDeviceModel', {
    invalidates: CATALOGUE_READS,
    success: (_d, input) => t('device.catalogue.saved', { name: input.name }),
  });
  const initial = useMemo(
    () =>
      entry
        ? {
            name: entry.name,
            remark: entry.remark,
            typeId: entry.typeId ?? undefined,
            platformId: entry.platformId ?? undefined,
          }
        : {},
    [entry],
  );
  return (
    <FormDialog<Common & { typeId?: string; platformId?: string }>
      open={open}
      onClose={onClose}
      title={entry ? t('device.catalogue.model.edit') : t('device.catalogue.model.create')}
      initialValues={initial}
      onSubmit={(v) =>
        save({
          modelId: entry?.modelId,
          name: v.name.trim(),
          typeId: v.typeId,
          platformId: v.platformId,
          remark: v.remark?.trim() ?? '',
        })
      }
      testId="model-dialog"
    >
      <NameAndRemark testPrefix="model" />
      <Form.Item name="typeId" label={t('device.catalogue.type.label')}>
        <Select
          data-testid="model-type"
          allowClear
          showSearch
          optionFilterProp="label"
          loading={types.isLoading}
          options={(types.data?.list ?? []).map((x) => ({ value: x.typeId, label: x.name }))}
        />
      </Form.Item>
      <Form.Item name="platformId" label={t('device.catalogue.platform.label')}>
        <Select
          data-testid="model-platform"
          allowClear
          showSearch
          optionFilterProp="label"
          loading={platforms.isLoading}
          options={(platforms.data?.list ?? []).map((x) => ({ value: x.platformId, label: x.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
