import AuditOutlined from '@ant-design/icons/AuditOutlined';
import type { AppTaskItem, SubTaskItem } from '@keel/contract/endpoints/app-review';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { AUDIT_DIALOG, AUDIT_PAGE, FINISH_DIALOG, TASK_SEARCH } from '../api';
import { appColumn, TaskState } from '../components/bits';
import { TaskDrawer } from '../components/TaskDrawer';
import { useTaskInfo } from '../queries';

/**
 * `/AppService/process/AppProcessAuditPage`: the signed-in reviewer's queue — the open tasks assigned to them
 * (`task/queryMainTaskList` `mine`), with how many sub-tasks wait. A task opens in a drawer (`?taskId=`) whose pending
 * sub-tasks each open the audit dialog (AppProcessAuditDlg: what is reviewed, pass or reject with a comment), and
 * whose final review opens once none waits (AppProcessFinishDlg: the conclusion).
 */
export function AppProcessAuditPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const navigate = useNavigate();
  const search = useSearchRecord();
  const { taskId } = useSearchOf(TASK_SEARCH);
  // Under one of its dialog routes the page shows its list only: the dialog takes the drawer's place.
  const onPage = useRouterState({ select: (s) => s.location.pathname.endsWith(AUDIT_PAGE) });
  const info = useTaskInfo(taskId);
  const closeDrawer = useCallback(
    () => void navigate({ to: '.', search: { ...search, taskId: undefined } as never }),
    [navigate, search],
  );
  const open = (task: AppTaskItem) => void navigate({ to: '.', search: { ...search, taskId: task.taskId } as never });
  const audit = (sub: SubTaskItem) =>
    void navigate({
      to: AUDIT_DIALOG as never,
      search: { ...search, taskId: sub.taskId, subTaskId: sub.subTaskId } as never,
    });
  const finish = () => void navigate({ to: FINISH_DIALOG as never, search: { ...search, taskId } as never });

  const columns: ColumnSpec<AppTaskItem>[] = [
    appColumn(t, 'queue'),
    {
      key: 'state',
      title: t('app-review.list.state'),
      width: 110,
      wrap: true,
      render: (row) => <TaskState state={row.state} testId={`queue-state-${row.packageName}`} />,
    },
    {
      key: 'pendingNum',
      title: t('app-review.queue.pending'),
      width: 110,
      render: (row) => <span data-testid={`queue-pending-${row.packageName}`}>{row.pendingNum}</span>,
    },
    { key: 'createTime', title: t('app-review.list.opened'), width: 150, time: true },
    {
      key: 'action',
      title: t('common.actions'),
      width: 120,
      wrap: true,
      render: (row) => (
        <Button
          size="small"
          type="primary"
          icon={<AuditOutlined />}
          onClick={() => open(row)}
          data-testid={`queue-open-${row.packageName}`}
        >
          {t('app-review.queue.review')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('app-review.queue.title')} data-testid="app-audit-page">
      {pno ? (
        <>
          <div className="k-review-toolbar">
            <Typography.Text type="secondary">{t('app-review.queue.help')}</Typography.Text>
          </div>
          <DataTable
            testId="queue-table"
            rowKey="taskId"
            query={(params) =>
              apiQuery('task/queryMainTaskList', {
                pageNum: params.pageNum,
                pageSize: params.pageSize,
                mine: 1,
                state: 'open',
                ...(params.filters.str ? { str: params.filters.str } : {}),
              })
            }
            columns={columns}
          />
        </>
      ) : (
        <Empty description={t('app-review.noProperty')} />
      )}
      {taskId && onPage && (
        <TaskDrawer
          task={info.data}
          loading={info.isLoading}
          failed={info.isError}
          onClose={closeDrawer}
          onAudit={audit}
          onFinish={finish}
        />
      )}
    </Card>
  );
}
