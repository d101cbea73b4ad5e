import { POLL_SECONDS_LIMIT as LIMIT } from '@keel/contract/endpoints/device';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { platformQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatDuration, parseDuration } from '../duration';

interface Values {
  min: string;
  max: string;
}

/**
 * The back office's bounds on the device polling intervals properties set (operators): the shortest and the longest.
 * Narrowing them brings what properties set within them.
 */
export function PollBoundsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({ ...platformQuery('di/getPollBounds', {}), enabled: open });
  const save = useApiMutation('di/savePollBounds', {
    scope: 'platform',
    invalidates: ['di/getPollBounds'],
    success: () => t('device.poll.boundsSaved'),
  });
  const d = info.data;
  const rule = {
    validator: async (_: unknown, value: string | undefined) => {
      const seconds = parseDuration(value);
      if (seconds === null) throw new Error(t('device.poll.required'));
      if (Number.isNaN(seconds)) throw new Error(t('device.poll.format'));
      if (seconds < LIMIT.min || seconds > LIMIT.max)
        throw new Error(t('device.poll.outside', { min: formatDuration(LIMIT.min), max: formatDuration(LIMIT.max) }));
    },
  };

  return (
    <FormDialog<Values>
      open={open && d !== undefined}
      title={t('device.poll.boundsTitle')}
      testId="poll-bounds-dialog"
      initialValues={d ? { min: formatDuration(d.minSeconds), max: formatDuration(d.maxSeconds) } : undefined}
      onClose={onClose}
      onSubmit={(v) => save({ minSeconds: parseDuration(v.min) as number, maxSeconds: parseDuration(v.max) as number })}
    >
      <Typography.Paragraph type="secondary">
        {t('device.poll.boundsHelp', { value: d ? formatDuration(d.defaultPollSeconds) : '' })}
      </Typography.Paragraph>
      <Form.Item name="min" label={t('device.poll.min')} rules={[rule]}>
        <Input placeholder="00:00:10" inputMode="numeric" data-testid="poll-bounds-min" />
      </Form.Item>
      <Form.Item name="max" label={t('device.poll.max')} rules={[rule]}>
        <Input placeholder="24:00:00" inputMode="numeric" data-testid="poll-bounds-max" />
      </Form.Item>
    </FormDialog>
  );
}
