import {
  DEVICE_AUTH_REMARK_MAX,
  DEVICE_AUTH_TARGETS,
  DEVICE_AUTH_TARGETS_PER_CALL,
  type DeviceAuthTarget,
} from '@keel/contract/endpoints/security-device-auth';
import { useQuery } from '@tanstack/react-query';
import type { ButtonProps } from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { DEVICE_AUTH_READS, FUNC_CHOICES } from '../api';
import { AuthGroupPicker } from '../components/AuthGroupPicker';
import { GrantWindowFields, type GrantWindowValues, windowInput } from '../components/GrantWindowFields';
import { SecurityDevicePicker } from '../components/SecurityDevicePicker';
import { useSecuritySpace } from '../components/SecuritySpaceGate';

interface AddValues extends GrantWindowValues {
  funcId: string;
  targetType: DeviceAuthTarget;
  deviceIdList?: string[];
  groupIdList?: string[];
  remark?: string;
}

/**
 * `/SecurityChain/AddNewTerminalAuthDialog`: give devices or groups a function of the page's security space: the
 * function, the target type, the devices (a paged picker) or groups (a space's tree), a window and a remark.
 */
export function AddNewTerminalAuthDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { space } = useSecuritySpace();
  const sid = space?.sid;
  const [form] = Form.useForm<AddValues>();
  const [busy, setBusy] = useState(false);
  const targetType = Form.useWatch('targetType', form) ?? 'device';
  const funcs = useQuery({
    ...apiQuery('func/getFuncList', { sid: sid ?? '', filterAuth: 0, pageNum: 1, pageSize: FUNC_CHOICES }),
    enabled: !!sid,
  });
  const add = useApiMutation('da/addDeviceFuncAuth', {
    invalidates: DEVICE_AUTH_READS,
    success: (data) => t('security-chain.deviceAuth.added', { count: data.list.length }),
  });

  const submit = async () => {
    let v: AddValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!sid) return;
    setBusy(true);
    try {
      const ok = await add({
        sid,
        funcId: v.funcId,
        targetType: v.targetType,
        ...(v.targetType === 'device' ? { deviceIdList: v.deviceIdList ?? [] } : { groupIdList: v.groupIdList ?? [] }),
        ...windowInput(v),
        remark: (v.remark ?? '').trim(),
      });
      if (ok) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t('security-chain.deviceAuth.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      destroyOnHidden
      data-testid="sc-da-add-dialog"
      okButtonProps={{ 'data-testid': 'form-dialog-ok', disabled: !sid } as ButtonProps}
    >
      <Form<AddValues> form={form} name="scDeviceAuthAdd" layout="vertical" initialValues={{ targetType: 'device' }}>
        <Form.Item
          name="funcId"
          label={t('security-chain.deviceAuth.func')}
          rules={[{ required: true, message: t('security-chain.deviceAuth.funcRequired') }]}
        >
          <Select
            data-testid="sc-da-func"
            showSearch
            optionFilterProp="label"
            loading={funcs.isLoading}
            status={funcs.isError ? 'error' : undefined}
            placeholder={t('security-chain.deviceAuth.funcPlaceholder')}
            notFoundContent={t('security-chain.picker.none')}
            options={(funcs.data?.list ?? []).map((f) => ({ value: f.funcId, label: `${f.code} · ${f.name}` }))}
          />
        </Form.Item>
        <Form.Item name="targetType" label={t('security-chain.deviceAuth.targetType')}>
          <Radio.Group
            data-testid="sc-da-target-type"
            optionType="button"
            options={DEVICE_AUTH_TARGETS.map((v) => ({
              value: v,
              label: t(`security-chain.deviceAuth.targets.${v}`),
              'data-testid': `sc-da-target-type-${v}`,
            }))}
          />
        </Form.Item>
        {targetType === 'device' ? (
          <Form.Item
            name="deviceIdList"
            label={t('security-chain.deviceAuth.devices')}
            rules={[{ type: 'array', required: true, min: 1, message: t('security-chain.deviceAuth.devicesRequired') }]}
          >
            <SecurityDevicePicker source="deviceAuth" max={DEVICE_AUTH_TARGETS_PER_CALL} testId="sc-da" />
          </Form.Item>
        ) : (
          <Form.Item
            name="groupIdList"
            label={t('security-chain.deviceAuth.groups')}
            extra={t('security-chain.deviceAuth.groupsHelp')}
            rules={[{ type: 'array', required: true, min: 1, message: t('security-chain.deviceAuth.groupsRequired') }]}
          >
            <AuthGroupPicker />
          </Form.Item>
        )}
        <GrantWindowFields testIdPrefix="sc-da" />
        <Form.Item name="remark" label={t('security-chain.deviceAuth.remark')}>
          <Input.TextArea data-testid="sc-da-remark" maxLength={DEVICE_AUTH_REMARK_MAX} showCount autoSize />
        </Form.Item>
      </Form>
    </Modal>
  );
}
