import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PauseCircleOutlined from '@ant-design/icons/PauseCircleOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import UserSwitchOutlined from '@ant-design/icons/UserSwitchOutlined';
import { APP_TASK_STATES, type AppTaskItem } from '@keel/contract/endpoints/app-review';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { ASSIGN_DIALOG, PROCESS_PAGE, TASK_READS, TASK_SEARCH, useCanManage } from '../api';
import { appColumn, TaskState, taskCounts, taskName } from '../components/bits';
import { TaskDrawer } from '../components/TaskDrawer';
import { useTaskInfo } from '../queries';

/** Suspend an open task or resume a cancelled one, after a confirmation. */
function SuspendButton({ task }: { task: AppTaskItem }) {
  const { t } = useTranslation();
  const name = taskName(task);
  const cancel = useApiMutation('task/cancelTask', {
    invalidates: TASK_READS,
    success: () => t('app-review.cancel.done', { name }),
  });
  const resume = useApiMutation('task/resumeTask', {
    invalidates: TASK_READS,
    success: () => t('app-review.resume.done', { name }),
  });
  if (task.state === 'open')
    return (
      <ConfirmAction
        title={t('app-review.cancel.confirm', { name })}
        description={t('app-review.cancel.help')}
        onConfirm={() => cancel({ taskId: task.taskId, reason: '' })}
        buttonProps={
          {
            size: 'small',
            icon: <PauseCircleOutlined />,
            'aria-label': t('app-review.cancel.label'),
            title: t('app-review.cancel.label'),
            'data-testid': `task-cancel-${task.packageName}`,
          } as never
        }
      >
        {null}
      </ConfirmAction>
    );
  if (task.state === 'cancelled')
    return (
      <ConfirmAction
        danger={false}
        title={t('app-review.resume.confirm', { name })}
        description={t('app-review.resume.help')}
        onConfirm={() => resume({ taskId: task.taskId })}
        buttonProps={
          {
            size: 'small',
            icon: <PlayCircleOutlined />,
            'aria-label': t('app-review.resume.label'),
            title: t('app-review.resume.label'),
            'data-testid': `task-resume-${task.packageName}`,
          } as never
        }
      >
        {null}
      </ConfirmAction>
    );
  return null;
}

/**
 * `/AppService/process/AppProcessPage`: every app review task of the property (`task/queryMainTaskList`), newest
 * first, filtered by state and searched by app name or package: the app's icon, name and package, state, reviewer,
 * sub-task counts and when it opened. With `appService.process.manage`: assign a reviewer (AppProcessAssignDlg),
 * suspend and resume with a confirmation. A task opens in a drawer (`?taskId=`) with its sub-tasks and records.
 */
export function AppProcessPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const manage = useCanManage();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const { taskId } = useSearchOf(TASK_SEARCH);
  // Under one of its dialog routes the page shows its list only: the dialog takes the drawer's place.
  const onPage = useRouterState({ select: (s) => s.location.pathname.endsWith(PROCESS_PAGE) });
  const info = useTaskInfo(taskId);
  const closeDrawer = useCallback(
    () => void navigate({ to: '.', search: { ...search, taskId: undefined } as never }),
    [navigate, search],
  );
  const open = (task: AppTaskItem) => void navigate({ to: '.', search: { ...search, taskId: task.taskId } as never });
  const assign = (task: AppTaskItem) =>
    void navigate({ to: ASSIGN_DIALOG as never, search: { ...search, taskId: task.taskId } as never });

  const columns: ColumnSpec<AppTaskItem>[] = [
    appColumn(t, 'task'),
    {
      key: 'state',
      title: t('app-review.list.state'),
      width: 120,
      filter: APP_TASK_STATES.map((s) => ({ value: s, label: t(`app-review.state.${s}`) })),
      wrap: true,
      render: (row) => <TaskState state={row.state} testId={`task-state-${row.packageName}`} />,
    },
    {
      key: 'reviewerName',
      title: t('app-review.list.reviewer'),
      width: 130,
      render: (row) => (
        <span translate="no" data-testid={`task-reviewer-${row.packageName}`}>
          {row.reviewerName || t('app-review.list.unassigned')}
        </span>
      ),
    },
    {
      key: 'subTaskNum',
      title: t('app-review.list.subTasks'),
      width: 200,
      wrap: true,
      render: (row) => <span data-testid={`task-counts-${row.packageName}`}>{taskCounts(t, row)}</span>,
    },
    { key: 'createTime', title: t('app-review.list.opened'), width: 150, time: true },
    {
      key: 'action',
      title: t('common.actions'),
      width: 130,
      wrap: true,
      render: (row) => (
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
          <Tooltip title={t('app-review.list.detail')}>
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('app-review.list.detail')}
              onClick={() => open(row)}
              data-testid={`task-open-${row.packageName}`}
            />
          </Tooltip>
          {manage && row.state !== 'finished' && (
            <Tooltip title={t('app-review.assign.label')}>
              <Button
                size="small"
                icon={<UserSwitchOutlined />}
                aria-label={t('app-review.assign.label')}
                onClick={() => assign(row)}
                data-testid={`task-assign-${row.packageName}`}
              />
            </Tooltip>
          )}
          {manage && <SuspendButton task={row} />}
        </div>
      ),
    },
  ];

  return (
    <Card title={t('app-review.process.title')} data-testid="app-process-page">
      {pno ? (
        <>
          <div className="k-review-toolbar">
            <Typography.Text type="secondary">{t('app-review.process.help')}</Typography.Text>
          </div>
          <DataTable
            testId="task-table"
            rowKey="taskId"
            query={(params) =>
              apiQuery('task/queryMainTaskList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                ...(params.filters.str ? { str: params.filters.str } : {}),
                ...(params.filters.state ? { state: params.filters.state as AppTaskItem['state'] } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('app-review.noProperty')} />
      )}
      {taskId && onPage && (
        <TaskDrawer task={info.data} loading={info.isLoading} failed={info.isError} onClose={closeDrawer} />
      )}
    </Card>
  );
}
