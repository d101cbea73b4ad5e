import BellOutlined from '@ant-design/icons/BellOutlined';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import '../ui/ui.css';

/** Unread messages from the session store (the message centre fills it); the count shows from 0, capped at 99+. */
export function UnreadBadge({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  const count = useSession((s) => s.unreadCount);
  return (
    <span data-testid="unread-badge" role="img" aria-label={t('shell.unread', { count })} className="k-unread">
      <span className="k-badge">
        <BellOutlined style={{ fontSize: 18, color: light ? '#fff' : 'var(--k-text-2)' }} />
        <span className={count > 0 ? 'k-badge-count' : 'k-badge-count k-badge-count--zero'} aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      </span>
    </span>
  );
}
