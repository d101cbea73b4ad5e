import { TASK_ACTIVE_STATES, type TaskItem, type TaskState } from '@keel/contract/endpoints/firmware-task';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { type Bar, BarChart } from '../components/BarChart';
import { LIVE_MS, TASK_PAGE, VIEW_TASK_DIALOG } from './routes';
import { successRate, TaskProgress, TaskStateTag } from './TaskBits';
import { useTaskListPushes } from './use-task-pushes';

/** States whose figures move on their own. */
const MOVING: readonly TaskState[] = ['scheduled', 'running'];

/** Tasks whose error codes are summed on the overview. */
const ERROR_TASKS = 5;

/** The overview's task parts: active tasks with progress and success rate, and their failures by error code. */
export function ActiveTasks() {
  const { t } = useTranslation();
  // Pushed as tasks move; without the pushes, read again while a task is on its way (never into a failing read).
  const watched = useTaskListPushes(['task/getTaskList', 'task/getTaskInfo']);
  const q = useQuery({
    ...apiQuery('task/getTaskList', { pageNum: 1, pageSize: 50 }),
    refetchInterval: (query) =>
      !watched && query.state.data?.list.some((x) => MOVING.includes(x.state)) ? LIVE_MS * 2 : false,
  });
  const active: TaskItem[] = (q.data?.list ?? []).filter((x) => TASK_ACTIVE_STATES.includes(x.state));
  const infos = useQueries({
    queries: active.slice(0, ERROR_TASKS).map((x) => apiQuery('task/getTaskInfo', { id: x.id })),
  });
  const codes = new Map<string, number>();
  for (const info of infos)
    for (const e of info.data?.errorCodes ?? []) codes.set(e.errorCode, (codes.get(e.errorCode) ?? 0) + e.count);
  const bars: Bar[] = [...codes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => ({ key: code || '-', label: code || '—', value: count, caption: String(count) }));
  return (
    <>
      <Card
        title={t('firmware.overview.activeTasks')}
        data-testid="fw-overview-tasks"
        extra={<Link to={TASK_PAGE}>{t('firmware.overview.toTasks')}</Link>}
      >
        {q.isError ? (
          <Alert type="warning" showIcon message={t('kit.loadFailed')} />
        ) : !q.data ? (
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        ) : (
          <List
            size="small"
            dataSource={active}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.overview.noTasks')} />,
            }}
            renderItem={(task) => {
              const rate = successRate(task.counts);
              return (
                <List.Item extra={<TaskStateTag task={task} />} style={{ flexWrap: 'wrap', gap: 4 }}>
                  <List.Item.Meta
                    style={{ minWidth: 0 }}
                    title={
                      <Link
                        to={VIEW_TASK_DIALOG}
                        search={{ id: task.id } as never}
                        data-testid={`fw-active-${task.name}`}
                        translate="no"
                      >
                        {task.name}
                      </Link>
                    }
                    description={
                      <>
                        <TaskProgress task={task} />
                        <span>
                          {t('firmware.overview.taskLine', { version: task.swVersion, devices: task.deviceTotal })}
                          {rate !== null ? ` · ${t('firmware.task.successRate', { rate })}` : ''}
                        </span>
                      </>
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Card>
      <Card title={t('firmware.overview.byError')} data-testid="fw-overview-errors">
        {bars.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.task.noErrors')} />
        ) : (
          <BarChart bars={bars} label={t('firmware.overview.byError')} />
        )}
      </Card>
    </>
  );
}
