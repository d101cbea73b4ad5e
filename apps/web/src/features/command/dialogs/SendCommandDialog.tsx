import {
  CMD_EXPIRE_MINUTES_DEFAULT,
  CMD_EXPIRE_MINUTES_MAX,
  CMD_TYPES,
  type CmdType,
} from '@keel/contract/endpoints/command';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useDeviceOptions } from '../../../shared/pickers/device-options';
import { COMMAND_LISTS } from '../api';

/** The payload text as a JSON object, or the reason it is not one. */
export function parsePayload(text: string): { value: Record<string, unknown> } | { error: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'not an object' };
    return { value: value as Record<string, unknown> };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Sending a command (FotaDirectivePage): its type, the terminals by id, a custom command's name, a payload (a config
 * push's configuration), when it expires. A factory reset asks again, naming how many terminals it erases.
 */
export function SendCommandDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<CmdType>('reboot');
  const [devices, setDevices] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [payload, setPayload] = useState('');
  const [expire, setExpire] = useState<number>(CMD_EXPIRE_MINUTES_DEFAULT);
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const options = useDeviceOptions();
  const send = useApiMutation('cmd/sendCmd', {
    invalidates: COMMAND_LISTS,
    success: (d) => t('command.sent', { count: d.total }),
  });

  const check = (): Record<string, unknown> | null => {
    if (devices.length === 0) {
      setProblem(t('command.fields.devicesRequired'));
      return null;
    }
    const parsed = parsePayload(payload);
    if ('error' in parsed) {
      setProblem(t('command.fields.payloadInvalid', { error: parsed.error }));
      return null;
    }
    if (type === 'configPush' && Object.keys(parsed.value).length === 0) {
      setProblem(t('command.fields.payloadEmpty'));
      return null;
    }
    setProblem(undefined);
    return parsed.value;
  };
  const submit = async (value: Record<string, unknown>) => {
    setSaving(true);
    const done = await send({
      type,
      deviceIdList: devices,
      payload: value,
      expireMinutes: expire,
      confirm: type === 'factoryReset' ? 1 : 0,
      ...(type === 'custom' ? { name } : {}),
    });
    setSaving(false);
    setConfirming(false);
    if (done) onClose();
  };
  const withPayload = type === 'configPush' || type === 'custom';

  return (
    <Modal
      open
      title={t('command.sendTitle')}
      onCancel={onClose}
      okText={t('command.sendOk')}
      cancelText={t('kit.cancel')}
      okButtonProps={{ danger: type === 'factoryReset', 'data-testid': 'cmd-send-ok' } as never}
      confirmLoading={saving && !confirming}
      onOk={async () => {
        const value = check();
        if (!value) return;
        if (type === 'factoryReset') setConfirming(true);
        else await submit(value);
      }}
    >
      <div data-testid="cmd-send-dialog">
        <Form layout="vertical">
          <Form.Item label={t('command.fields.type')} htmlFor="cmd-type">
            <Select
              id="cmd-type"
              data-testid="cmd-type"
              aria-label={t('command.fields.type')}
              value={type}
              onChange={(v: CmdType) => setType(v)}
              options={CMD_TYPES.map((v) => ({ value: v, label: t(`command.types.${v}`) }))}
            />
          </Form.Item>
          {type === 'factoryReset' && (
            <Alert type="warning" showIcon message={t('command.resetWarning')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item label={t('command.fields.devices')} extra={t('command.fields.devicesHelp')} htmlFor="cmd-devices">
            <Select
              id="cmd-devices"
              data-testid="cmd-devices"
              aria-label={t('command.fields.devices')}
              mode="tags"
              tokenSeparators={[',', ' ', '\n']}
              value={devices}
              onChange={(v: string[]) => setDevices(v.map((x) => x.trim()).filter(Boolean))}
              options={options}
            />
          </Form.Item>
          {type === 'custom' && (
            <Form.Item label={t('command.fields.name')} extra={t('command.fields.nameHelp')} htmlFor="cmd-name">
              <Input
                id="cmd-name"
                data-testid="cmd-name"
                maxLength={64}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Form.Item>
          )}
          {withPayload && (
            <Form.Item
              label={type === 'configPush' ? t('command.fields.payloadConfig') : t('command.fields.payload')}
              htmlFor="cmd-payload"
            >
              <Input.TextArea
                id="cmd-payload"
                data-testid="cmd-payload"
                rows={5}
                spellCheck={false}
                placeholder='{"ntpServer": "pool.ntp.org"}'
                value={payload}
                onChange={(e) => setPayload(e.target.value)}
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
          )}
          <Form.Item label={t('command.fields.expire')} htmlFor="cmd-expire">
            <InputNumber
              id="cmd-expire"
              data-testid="cmd-expire"
              min={1}
              max={CMD_EXPIRE_MINUTES_MAX}
              precision={0}
              value={expire}
              onChange={(v) => setExpire(typeof v === 'number' ? v : CMD_EXPIRE_MINUTES_DEFAULT)}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Form>
        {problem && (
          <Typography.Paragraph type="danger" data-testid="cmd-send-problem" role="alert">
            {problem}
          </Typography.Paragraph>
        )}
      </div>
      <Modal
        open={confirming}
        title={t('command.resetConfirmTitle', { count: devices.length })}
        onCancel={() => setConfirming(false)}
        okText={t('command.resetOk')}
        cancelText={t('kit.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'cmd-reset-confirm' } as never}
        confirmLoading={saving}
        onOk={async () => {
          const value = check();
          if (value) await submit(value);
        }}
      >
        <Typography.Paragraph>{t('command.resetConfirm')}</Typography.Paragraph>
      </Modal>
    </Modal>
  );
}
