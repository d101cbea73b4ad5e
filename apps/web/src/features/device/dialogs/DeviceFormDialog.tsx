import type { Business } from '@keel/contract/constants';
import { deviceEndpoints } from '@keel/contract/endpoints/device';
import { DEVICE_ID_PATTERN, type OsType } from '@keel/contract/endpoints/device-common';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { PlacementFields } from '../../../shared/pickers/PlacementSelects';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { DEVICE_READS, type DeviceItem } from '../api';

const registerInput = deviceEndpoints['di/registerDevice'].input;
const LIMITS = {
  name: maxLengthOf(registerInput, 'name'),
  label: maxLengthOf(registerInput, 'label'),
  remark: maxLengthOf(registerInput, 'remark'),
};

interface Values {
  deviceId: string;
  name?: string;
  label?: string;
  business?: Business;
  model?: string;
  osType?: OsType;
  mockup?: boolean;
  sid?: string | null;
  groupId?: string | null;
  uid?: string;
  remark?: string;
}

const trim = (v?: string) => v?.trim() ?? '';

/**
 * Register a device in the selected property (`di/registerDevice`: its credential is shown once afterwards), or
 * edit one (`di/updateDeviceInfo`). The model list and businesses come from `di/getDeviceFilterList`; the OS
 * defaults to the model's platform's. The space is one the member manages, the group one of its tree.
 */
export function DeviceFormDialog({
  open,
  device,
  onClose,
  onRegistered,
}: {
  open: boolean;
  /** The device to edit; none registers one. */
  device?: DeviceItem & { remark?: string };
  onClose: () => void;
  onRegistered?: (deviceId: string, credential: string) => void;
}) {
  const { t } = useTranslation();
  const filters = useQuery({ ...apiQuery('di/getDeviceFilterList', {}), enabled: open });
  const initialValues = useMemo<Partial<Values>>(
    () =>
      device
        ? {
            deviceId: device.deviceId,
            name: device.name,
            label: device.label,
            business: device.business,
            model: device.model ?? undefined,
            osType: device.osType,
            mockup: device.mockup === 1,
            sid: device.sid ?? undefined,
            groupId: device.groupId ?? undefined,
            remark: device.remark,
          }
        : { business: 'terminal', mockup: false },
    [device],
  );
  const registered = useRef('');
  const register = useApiMutation('di/registerDevice', {
    invalidates: DEVICE_READS,
    success: () => t('device.form.registered', { deviceId: registered.current }),
    onSuccess: (data) => onRegistered?.(data.deviceId, data.credential),
  });
  const update = useApiMutation('di/updateDeviceInfo', {
    invalidates: DEVICE_READS,
    success: () => t('device.form.saved', { deviceId: device?.deviceId }),
  });

  const submit = (v: Values) => {
    if (device) {
      return update({
        deviceId: device.deviceId,
        name: trim(v.name),
        label: trim(v.label),
        business: v.business,
        model: v.model ?? null,
        osType: v.osType,
        mockup: v.mockup ? 1 : 0,
        sid: v.sid ?? null,
        groupId: v.sid ? (v.groupId ?? null) : null,
        remark: trim(v.remark),
      });
    }
    registered.current = v.deviceId.trim();
    return register({
      deviceId: v.deviceId.trim(),
      name: trim(v.name),
      label: trim(v.label),
      business: v.business,
      model: v.model,
      osType: v.osType,
      mockup: v.mockup ? 1 : 0,
      sid: v.sid ?? undefined,
      groupId: v.sid ? (v.groupId ?? undefined) : undefined,
      uid: v.uid,
      remark: trim(v.remark),
    });
  };

  const max = (n: number) => ({ max: n, message: t('device.rules.length', { max: n }) });
  const osTypes = filters.data?.osTypeList ?? [];

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={device ? t('device.form.editTitle') : t('device.form.registerTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      testId="device-form-dialog"
    >
      <Form.Item
        name="deviceId"
        label={t('device.fields.deviceId')}
        extra={device ? undefined : t('device.form.deviceIdHelp')}
        rules={[
          { required: true, whitespace: true, message: t('device.rules.deviceIdRequired') },
          { pattern: DEVICE_ID_PATTERN, message: t('device.rules.deviceId') },
        ]}
      >
        <Input data-testid="device-id" disabled={device !== undefined} maxLength={64} autoFocus={!device} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('device.fields.name')} rules={[max(LIMITS.name)]}>
            <Input data-testid="device-name" maxLength={LIMITS.name} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="label" label={t('device.fields.label')} rules={[max(LIMITS.label)]}>
            <Input data-testid="device-label" maxLength={LIMITS.label} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="model" label={t('device.fields.model')}>
            <Select
              data-testid="device-model"
              allowClear
              showSearch
              optionFilterProp="label"
              loading={filters.isLoading}
              placeholder={t('device.form.noModel')}
              options={(filters.data?.modelList ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="osType" label={t('device.fields.osType')} extra={t('device.form.osTypeHelp')}>
            <Select
              data-testid="device-os"
              allowClear
              options={osTypes.map((o) => ({ value: o.osType, label: o.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="business" label={t('device.fields.business')}>
            <Select
              data-testid="device-business"
              options={(filters.data?.businessList ?? ['terminal']).map((b) => ({
                value: b,
                label: t(`common.businesses.${b}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="mockup" label={t('device.fields.mockup')} valuePropName="checked">
            <Switch data-testid="device-mockup" />
          </Form.Item>
        </Col>
      </Row>
      <PlacementFields
        labels={{ sid: t('device.fields.sid'), groupId: t('device.fields.groupId') }}
        testIds={{ sid: 'device-sid', groupId: 'device-group' }}
      />
      {!device && (
        <Form.Item name="uid" label={t('device.fields.user')} extra={t('device.form.userHelp')}>
          <UserPicker testId="device-user" />
        </Form.Item>
      )}
      <Form.Item name="remark" label={t('device.fields.remark')} rules={[max(LIMITS.remark)]}>
        <Input.TextArea data-testid="device-remark" maxLength={LIMITS.remark} rows={2} showCount />
      </Form.Item>
    </FormDialog>
  );
}
