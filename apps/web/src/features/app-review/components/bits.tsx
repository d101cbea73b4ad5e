import AndroidOutlined from '@ant-design/icons/AndroidOutlined';
import type { AppTaskState, SubTaskState, SubTaskType } from '@keel/contract/endpoints/app-review';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import '../app-review.css';

/** An app's icon, or a placeholder when it has none. */
export function AppIcon({ url, size = 40 }: { url: string; size?: number }) {
  if (!url) {
    return (
      <span className="k-review-icon" style={{ width: size, height: size }} aria-hidden="true">
        <AndroidOutlined style={{ fontSize: Math.round(size * 0.5) }} />
      </span>
    );
  }
  return <img className="k-review-icon" src={url} alt="" width={size} height={size} loading="lazy" />;
}

/** The app's icon, name and package name. */
export function AppCell({
  name,
  packageName,
  iconUrl,
  testId,
}: {
  name: string;
  packageName: string;
  iconUrl: string;
  testId?: string;
}) {
  return (
    <div className="k-review-app" data-testid={testId}>
      <AppIcon url={iconUrl} />
      <div className="k-review-app-text">
        <Typography.Text strong translate="no" title={name}>
          {name || '—'}
        </Typography.Text>
        <Typography.Text type="secondary" className="k-review-mono" translate="no" title={packageName}>
          {packageName}
        </Typography.Text>
      </div>
    </div>
  );
}

const TASK_COLORS = { open: 'blue', cancelled: 'orange', finished: 'green' } as const;

/** A main task's state as a tag (`data-state` carries it). */
export function TaskState({ state, testId }: { state: AppTaskState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLORS[state]} data-testid={testId} data-state={state} style={{ marginInlineEnd: 0 }}>
      {t(`app-review.state.${state}`)}
    </Tag>
  );
}

const SUB_COLORS = { pending: 'blue', passed: 'green', rejected: 'red', withdrawn: 'default' } as const;

/** A sub-task's state as a tag. */
export function SubTaskStateTag({ state, testId }: { state: SubTaskState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={SUB_COLORS[state]} data-testid={testId} data-state={state} style={{ marginInlineEnd: 0 }}>
      {t(`app-review.subState.${state}`)}
    </Tag>
  );
}

/** What kind of review a sub-task is. */
export function SubTaskTypeTag({ type }: { type: SubTaskType }) {
  const { t } = useTranslation();
  return <Tag style={{ marginInlineEnd: 0 }}>{t(`app-review.type.${type}`)}</Tag>;
}
