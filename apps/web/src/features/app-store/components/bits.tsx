import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { auditState } from '../model';
import '../app-store.css';

const COLORS = { draft: 'default', auditing: 'blue', passed: 'green', rejected: 'red' } as const;

/** An app's icon (a listing's, else its newest APK's), or a placeholder when there is none. */
export function AppIcon({ url, size = 40, alt = '' }: { url: string; size?: number; alt?: string }) {
  if (!url) {
    return (
      <span className="k-app-icon k-app-icon-empty" style={{ width: size, height: size }} aria-hidden="true">
        <AndroidOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  }
  return <img className="k-app-icon" src={url} alt={alt} width={size} height={size} loading="lazy" />;
}

/**
 * A review state as a tag; a rejection's reason under it (the auditor's words, shown as they wrote them).
 * `testId` marks the cell, with the state in `data-state`.
 */
export function AuditStatus({ status, comment, testId }: { status: number; comment: string; testId: string }) {
  const { t } = useTranslation();
  const state = auditState(status);
  return (
    <div className="k-audit" data-testid={testId} data-state={state}>
      <Tag color={COLORS[state]} style={{ marginInlineEnd: 0 }}>
        {t(`app-store.audit.${state}`)}
      </Tag>
      {state === 'rejected' && comment && (
        <Tooltip title={comment}>
          <span className="k-audit-reason" data-testid={`${testId}-reason`}>
            {t('app-store.audit.reason')}
            <span translate="no">{comment}</span>
          </span>
        </Tooltip>
      )}
    </div>
  );
}

/** On the shelf or not. */
export function ShelfTag({ published, testId }: { published: number; testId?: string }) {
  const { t } = useTranslation();
  return published === 1 ? (
    <Tag color="green" data-testid={testId}>
      {t('app-store.shelf.on')}
    </Tag>
  ) : (
    <Tag data-testid={testId}>{t('app-store.shelf.off')}</Tag>
  );
}
