import { APP_PUSH_DEVICES_MAX, APP_PUSH_EXPIRE_DAYS } from '@keel/contract/endpoints/app-install';
import type { AppVersionItem } from '@keel/contract/endpoints/app-store';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useDeviceOptions } from '../../../shared/pickers/device-options';
import { PUSH_READS } from '../api';

/**
 * Pushing a version on the shelf to chosen terminals (typed ids, or picked from the newest): they install it at their
 * next poll; as a forced update without asking their user. The server refuses a terminal of a model the version does
 * not fit, naming it.
 */
export function PushDialog({ version, name, onClose }: { version: AppVersionItem; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [devices, setDevices] = useState<string[]>([]);
  const [force, setForce] = useState(version.forceUpdate === 1);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const options = useDeviceOptions();
  const push = useApiMutation('av/pushAppVersion', {
    invalidates: PUSH_READS,
    success: (d) => t('app-store.push.sent', { name, count: d.total }),
  });
  const models = version.compatibleDeviceList.map((m) => m.name).join(', ');
  return (
    <Modal
      open
      title={t('app-store.push.title', { name })}
      onCancel={onClose}
      okText={t('app-store.push.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'push-ok' } as never}
      onOk={async () => {
        if (devices.length === 0) return setProblem(t('app-store.push.devicesRequired'));
        if (devices.length > APP_PUSH_DEVICES_MAX)
          return setProblem(t('app-store.push.tooMany', { max: APP_PUSH_DEVICES_MAX }));
        setProblem(undefined);
        setSaving(true);
        const done = await push({ appVersionId: version.appVersionId, deviceIdList: devices, force: force ? 1 : 0 });
        setSaving(false);
        if (done) onClose();
      }}
    >
      <div data-testid="push-dialog">
        <Typography.Paragraph type="secondary">
          {t('app-store.push.help', { days: APP_PUSH_EXPIRE_DAYS })}
          {models ? ` ${t('app-store.push.models', { models })}` : ''}
        </Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={t('app-store.push.devices')} extra={t('app-store.push.devicesHelp')} htmlFor="push-devices">
            <Select
              id="push-devices"
              data-testid="push-devices"
              aria-label={t('app-store.push.devices')}
              mode="tags"
              tokenSeparators={[',', ' ', '\n']}
              value={devices}
              onChange={(v: string[]) => {
                setDevices(v.map((x) => x.trim()).filter(Boolean));
                setProblem(undefined);
              }}
              options={options}
            />
          </Form.Item>
          <Form.Item extra={t('app-store.push.forceHelp')}>
            <Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="push-force">
              {t('app-store.push.force')}
            </Checkbox>
          </Form.Item>
        </Form>
        {problem && <Alert type="error" showIcon title={problem} data-testid="push-problem" />}
      </div>
    </Modal>
  );
}
