import type { AppVersionItem } from '@keel/contract/endpoints/app-store';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';
import { auditState, shelfState } from '../model';
import '../app-store.css';

const COLORS = { draft: 'default', auditing: 'blue', passed: 'green', rejected: 'red' } as const;

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

const SHELF_COLORS = { on: 'green', auditing: 'blue', scheduled: 'gold', rejected: 'red', off: 'default' } as const;

/**
 * Where a version stands on its way to the shelf, as a tag with what goes with it: since when it is on the shelf,
 * when it will be, the shelf review's rejection reason; a version not asked shows its wanted time, if any. `testId`
 * marks the cell, with the state in `data-state`.
 */
export function VersionShelf({
  version: v,
  testId,
}: {
  version: Pick<AppVersionItem, 'published' | 'shelfStatus' | 'publishTime' | 'demandShelfTime' | 'shelfComment'>;
  testId: string;
}) {
  const { t } = useTranslation();
  const state = shelfState(v);
  let detail: string | null = null;
  if (state === 'on' && v.publishTime !== null)
    detail = t('app-store.shelf.since', { time: formatTime(v.publishTime) });
  else if (state !== 'on' && state !== 'rejected' && v.demandShelfTime !== null)
    detail = t(state === 'off' ? 'app-store.version.shelfAt' : 'app-store.shelf.at', {
      time: formatTime(v.demandShelfTime),
    });
  return (
    <div className="k-audit" data-testid={testId} data-state={state}>
      <Tag color={SHELF_COLORS[state]} style={{ marginInlineEnd: 0 }}>
        {t(`app-store.shelf.${state}`)}
      </Tag>
      {detail && (
        <span className="k-shelf-detail" data-testid={`${testId}-time`}>
          {detail}
        </span>
      )}
      {state === 'rejected' && v.shelfComment && (
        <Tooltip title={v.shelfComment}>
          <span className="k-audit-reason" data-testid={`${testId}-reason`}>
            {t('app-store.audit.reason')}
            <span translate="no">{v.shelfComment}</span>
          </span>
        </Tooltip>
      )}
    </div>
  );
}
