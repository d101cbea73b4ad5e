import type { FlowAction, FlowHistoryEntry } from '@keel/contract/endpoints/workflow';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';

const COLORS: Record<FlowAction, string> = {
  submit: 'blue',
  pass: 'green',
  reject: 'red',
  transmit: 'purple',
  assign: 'purple',
  withdraw: 'gray',
  skip: 'gray',
  fallback: 'orange',
  stepPassed: 'green',
  finish: 'green',
  leave: 'orange',
};

/** An application's whole history, oldest first: who did what, when, with what comment, and whom it named. */
export function HistoryTimeline({ history }: { history: readonly FlowHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Timeline
      data-testid="apply-history"
      items={history.map((entry) => ({
        key: entry.id,
        color: COLORS[entry.action],
        content: (
          <div data-testid={`history-${entry.seq}`} data-action={entry.action}>
            <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8, alignItems: 'baseline' }}>
              {entry.actorUid ? (
                <Typography.Text strong translate="no">
                  {entry.actorName}
                </Typography.Text>
              ) : (
                <Typography.Text strong>{t('workflow.history.system')}</Typography.Text>
              )}
              <span>
                {t(`workflow.actions.${entry.action}`)}
                {entry.stepIndex > 0 && (
                  <Typography.Text type="secondary">
                    {' '}
                    · {t('workflow.history.step', { index: entry.stepIndex })}
                  </Typography.Text>
                )}
              </span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatTime(entry.createTime, { seconds: true })}
              </Typography.Text>
            </div>
            {entry.targets.length > 0 && (
              <Typography.Text type="secondary">
                {t(`workflow.history.targets.${entry.action === 'transmit' ? 'to' : 'auditors'}`)}{' '}
                <span translate="no">{entry.targets.map((p) => p.name).join(t('workflow.sep'))}</span>
              </Typography.Text>
            )}
            {entry.comment && (
              <Typography.Paragraph
                translate="no"
                data-testid={`history-comment-${entry.seq}`}
                style={{
                  margin: '4px 0 0',
                  padding: '4px 8px',
                  background: 'var(--k-fill, rgba(0,0,0,0.04))',
                  borderRadius: 4,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                }}
              >
                {entry.comment}
              </Typography.Paragraph>
            )}
          </div>
        ),
      }))}
    />
  );
}
