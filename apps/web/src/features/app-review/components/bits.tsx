import type { AppTaskState, SubTaskState, SubTaskType } from '@keel/contract/endpoints/app-review';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import '../app-review.css';

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
