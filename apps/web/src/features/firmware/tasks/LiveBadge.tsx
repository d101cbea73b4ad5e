import Badge from 'antd/es/badge';
import { useTranslation } from 'react-i18next';
import { LIVE_MS } from './routes';

/**
 * How a moving task's figures stay current: pushed as devices report (the socket relays the property's task events),
 * or, while the pushes are not coming, read again every few seconds.
 */
export function LiveBadge({ watched }: { watched: boolean }) {
  const { t } = useTranslation();
  return (
    <span data-testid="task-live" data-live={watched ? 'push' : 'poll'} style={{ whiteSpace: 'nowrap' }}>
      <Badge
        status={watched ? 'processing' : 'default'}
        text={watched ? t('firmware.task.livePush') : t('firmware.task.livePoll', { seconds: LIVE_MS / 1000 })}
      />
    </span>
  );
}
