import type { AppTaskItem, AppTaskState, SubTaskState, SubTaskType } from '@keel/contract/endpoints/app-review';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { AppCell } from '../../../shared/ui/AppCell';
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

/** What a task is called: its app's name, else its package. */
export const taskName = (task: Pick<AppTaskItem, 'appName' | 'packageName'>) => task.appName || task.packageName;

/** A task's reviews counted: how many, pending, passed, rejected. */
export const taskCounts = (t: TFunction, task: AppTaskItem) =>
  t('app-review.list.counts', {
    total: task.subTaskNum,
    pending: task.pendingNum,
    passed: task.passedNum,
    rejected: task.rejectedNum,
  });

/** The task lists' app column (searched by `str`), each row's cell marked `<prefix>-row-<package>`. */
export const appColumn = (t: TFunction, prefix: string): ColumnSpec<AppTaskItem> => ({
  key: 'str',
  title: t('app-review.list.app'),
  filter: true,
  wrap: true,
  width: 240,
  pinned: true,
  render: (row) => (
    <AppCell
      name={row.appName}
      packageName={row.packageName}
      iconUrl={row.appIconUrl}
      testId={`${prefix}-row-${row.packageName}`}
    />
  ),
});
