import {
  DELIVERY_STATES,
  type DeliveryState,
  type TaskItem,
  type TaskState,
} from '@keel/contract/endpoints/firmware-task';
import Progress from 'antd/es/progress';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const TASK_COLOURS: Record<TaskState, string> = {
  draft: 'default',
  pendingApproval: 'gold',
  scheduled: 'cyan',
  running: 'processing',
  paused: 'orange',
  completed: 'success',
  cancelled: 'default',
  invalidated: 'default',
  disabled: 'default',
};

/** A task's state as a coloured tag (with why it is paused). */
export function TaskStateTag({ task, testId }: { task: Pick<TaskItem, 'state' | 'pauseReason'>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TASK_COLOURS[task.state]} bordered={false} data-testid={testId} data-state={task.state}>
      {t(`firmware.task.states.${task.state}`)}
      {task.state === 'paused' && task.pauseReason ? ` · ${t(`firmware.task.pauseReasons.${task.pauseReason}`)}` : ''}
    </Tag>
  );
}

const DELIVERY_COLOURS: Record<DeliveryState, string> = {
  pending: 'default',
  offered: 'blue',
  downloading: 'processing',
  downloaded: 'cyan',
  installing: 'processing',
  verifying: 'purple',
  retrying: 'orange',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  excluded: 'default',
};

export function DeliveryStateTag({ state, testId }: { state: DeliveryState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={DELIVERY_COLOURS[state]} bordered={false} data-testid={testId} data-state={state}>
      {t(`firmware.task.delivery.${state}`)}
    </Tag>
  );
}

/** The states a device is on its way in (offered up to verifying, and waiting to retry). */
export const IN_FLIGHT: readonly DeliveryState[] = [
  'offered',
  'downloading',
  'downloaded',
  'installing',
  'verifying',
  'retrying',
];

/** Succeeded of finished (succeeded + failed), in whole percent; null before any finished. */
export function successRate(counts: Partial<Record<DeliveryState, number>>): number | null {
  const ok = counts.succeeded ?? 0;
  const done = ok + (counts.failed ?? 0);
  return done === 0 ? null : Math.round((ok / done) * 100);
}

/** The task's progress bar: finished share, failures shown red. */
export function TaskProgress({ task, testId }: { task: TaskItem; testId?: string }) {
  const { t } = useTranslation();
  // Red only when the failures stopped it; a running task with some failures is still on its way.
  const halted = task.state === 'paused' && task.pauseReason === 'errorThreshold';
  return (
    <Progress
      data-testid={testId}
      aria-label={t('firmware.task.progressOf', { name: task.name })}
      percent={task.progress}
      size="small"
      status={halted ? 'exception' : task.state === 'running' ? 'active' : 'normal'}
      format={(p) => `${p}%`}
    />
  );
}

/** Every delivery state, with a count (0 where none). */
export const allCounts = (counts: Partial<Record<DeliveryState, number>>) =>
  DELIVERY_STATES.map((s) => ({ state: s, count: counts[s] ?? 0 }));
