import type { BindResult } from '@keel/contract/endpoints/device';
import Form from 'antd/es/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { toast } from '../../../shared/toast/toast-store';
import { DEVICE_READS, type DeviceItem, type Scope } from '../api';

/**
 * Bind one device to a member of its property (`db/bindDevice` with one line). The line's own answer decides: a
 * refused line (bound to someone else meanwhile, …) is shown and keeps the dialog open.
 */
export function BindDialog({
  device,
  scope = 'property',
  onClose,
}: {
  device: DeviceItem | null;
  scope?: Scope;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answer = useRef<BindResult | undefined>(undefined);
  const bind = useApiMutation('db/bindDevice', {
    scope,
    invalidates: DEVICE_READS,
    onSuccess: (data) => {
      answer.current = data.resultList[0];
    },
  });
  const submit = async (values: { uid: string }) => {
    if (!device) return false;
    answer.current = undefined;
    if (!(await bind({ bindList: [{ deviceId: device.deviceId, uid: values.uid }] }))) return false;
    const result = answer.current as BindResult | undefined;
    if (result && result.status !== 0) {
      toast.warning(result.msg);
      return false;
    }
    toast.success(t('device.bind.bound', { deviceId: device.deviceId }));
    return true;
  };
  return (
    <FormDialog<{ uid: string }>
      open={device !== null}
      onClose={onClose}
      title={t('device.bind.title', { deviceId: device?.deviceId ?? '' })}
      onSubmit={submit}
      testId="bind-dialog"
    >
      <Form.Item
        name="uid"
        label={t('device.fields.user')}
        rules={[{ required: true, message: t('device.rules.userRequired') }]}
      >
        <UserPicker testId="bind-user" pno={scope === 'platform' ? device?.pno : undefined} />
      </Form.Item>
    </FormDialog>
  );
}
