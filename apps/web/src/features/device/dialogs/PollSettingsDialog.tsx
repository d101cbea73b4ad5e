import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatDuration, parseDuration } from '../duration';

interface Values {
  poll?: string;
  rollout?: string;
}

/**
 * The selected property's device polling intervals: the usual one and the shorter one while a rollout targets a
 * device, as `HH:MM:SS` (or seconds), within the operator's bounds shown here; blank keeps the default.
 */
export function PollSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({ ...apiQuery('di/getPollSettings', {}), enabled: open });
  const save = useApiMutation('di/savePollSettings', {
    invalidates: ['di/getPollSettings', 'di/getEnrolmentKeyInfo'],
    success: () => t('device.poll.saved'),
  });
  const d = info.data;
  const min = d?.minSeconds ?? 1;
  const max = d?.maxSeconds ?? 86_400;
  const range = { min: formatDuration(min), max: formatDuration(max) };
  const rule = {
    validator: async (_: unknown, value: string | undefined) => {
      const seconds = parseDuration(value);
      if (seconds === null) return;
      if (Number.isNaN(seconds)) throw new Error(t('device.poll.format'));
      if (seconds < min || seconds > max) throw new Error(t('device.poll.outside', range));
    },
  };

  return (
    <FormDialog<Values>
      open={open && d !== undefined}
      title={t('device.poll.title')}
      testId="poll-settings-dialog"
      initialValues={{
        poll: d?.pollSeconds == null ? '' : formatDuration(d.pollSeconds),
        rollout: d?.rolloutPollSeconds == null ? '' : formatDuration(d.rolloutPollSeconds),
      }}
      onClose={onClose}
      onSubmit={(v) => save({ pollSeconds: parseDuration(v.poll), rolloutPollSeconds: parseDuration(v.rollout) })}
    >
      <Typography.Paragraph type="secondary">{t('device.poll.help')}</Typography.Paragraph>
      {d && (
        <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} data-testid="poll-settings-info">
          <Descriptions.Item label={t('device.poll.bounds')}>
            <span data-testid="poll-bounds-text">{t('device.poll.range', range)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.poll.default')}>{formatDuration(d.defaultPollSeconds)}</Descriptions.Item>
          <Descriptions.Item label={t('device.poll.told')}>
            <span data-testid="poll-effective">
              {t('device.poll.toldValue', {
                poll: formatDuration(d.effectivePollSeconds),
                rollout: formatDuration(d.effectiveRolloutPollSeconds),
              })}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form.Item
        name="poll"
        label={t('device.poll.poll')}
        extra={t('device.poll.pollHelp', { value: d ? formatDuration(d.defaultPollSeconds) : '' })}
        rules={[rule]}
      >
        <Input placeholder="00:05:00" inputMode="numeric" allowClear data-testid="poll-seconds" />
      </Form.Item>
      <Form.Item name="rollout" label={t('device.poll.rollout')} extra={t('device.poll.rolloutHelp')} rules={[rule]}>
        <Input placeholder="00:00:30" inputMode="numeric" allowClear data-testid="poll-rollout-seconds" />
      </Form.Item>
    </FormDialog>
  );
}
