import BellOutlined from '@ant-design/icons/BellOutlined';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useUnreadNews } from '../realtime/use-unread-news';
import '../ui/ui.css';

/**
 * The head's bell: the live unread count (WebSocket, `useUnreadNews`), shown from 1 and capped at 99+ (no badge at 0); it opens the
 * message centre. The layouts mount it once, which keeps one socket per tab.
 */
export function UnreadBadge({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  const count = useUnreadNews();
  return (
    <Link
      to="/msg/MsgCenter"
      data-testid="unread-badge"
      data-count={count}
      aria-label={t('shell.unread', { count })}
      title={t('shell.unread', { count })}
      className="k-unread"
    >
      <span className="k-badge">
        <BellOutlined style={{ fontSize: 18, color: light ? '#fff' : 'var(--k-text-2)' }} />
        {count > 0 && (
          <span className="k-badge-count" aria-hidden>
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </Link>
  );
}
