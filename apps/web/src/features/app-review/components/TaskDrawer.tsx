import AuditOutlined from '@ant-design/icons/AuditOutlined';
import FlagOutlined from '@ant-design/icons/FlagOutlined';
import type { AppTaskInfo, AppTaskRecord, SubTaskItem } from '@keel/contract/endpoints/app-review';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibleTableScroll } from '../../../shared/admin-kit/table-a11y';
import { formatTime } from '../../../shared/format/time';
import { AppCell } from '../../../shared/ui/AppCell';
import { useRecords, useSubTasks } from '../queries';
import { SubTaskStateTag, SubTaskTypeTag, TaskState, taskCounts, taskName } from './bits';

const RECORD_PAGE_SIZE = 10;

/**
 * What a sub-task reviews: the app's information (named in the reader's language when the task is at hand, else as
 * the developer submitted it), or a version by name and code.
 */
export function subjectOf(
  sub: SubTaskItem,
  t: (key: string, o?: Record<string, unknown>) => string,
  task?: Pick<AppTaskInfo, 'appName' | 'packageName'>,
): string {
  if (sub.type === 'app') return task?.appName ? `${task.appName} (${task.packageName})` : sub.subject;
  return sub.versionCode === null
    ? sub.subject
    : t('app-review.sub.version', { name: sub.versionName, code: sub.versionCode });
}

function SubTasks({ task, onAudit }: { task: AppTaskInfo; onAudit?: (sub: SubTaskItem) => void }) {
  const { t } = useTranslation();
  const subs = useSubTasks(task.taskId);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  if (subs.isError) return <Result status="warning" title={t('kit.loadFailed')} />;
  return (
    <div ref={frame}>
      <Table<SubTaskItem>
        size="small"
        rowKey="subTaskId"
        loading={subs.isLoading}
        dataSource={subs.data?.list ?? []}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="subtask-table"
        locale={{ emptyText: <Empty description={t('app-review.sub.empty')} /> }}
        columns={[
          {
            key: 'type',
            title: t('app-review.sub.type'),
            width: 130,
            render: (_v, sub) => <SubTaskTypeTag type={sub.type} />,
          },
          {
            key: 'subject',
            title: t('app-review.sub.subject'),
            width: 200,
            render: (_v, sub) => (
              <span translate="no" data-testid={`subtask-subject-${sub.subTaskId}`}>
                {subjectOf(sub, t, task)}
              </span>
            ),
          },
          {
            key: 'state',
            title: t('app-review.sub.state'),
            width: 170,
            render: (_v, sub) => (
              <div className="k-review-subtask" data-testid={`subtask-${sub.type}-${sub.versionCode ?? 'app'}`}>
                <SubTaskStateTag state={sub.state} testId={`subtask-state-${sub.subTaskId}`} />
                {sub.comment && (
                  <span className="k-review-comment" translate="no">
                    {sub.comment}
                  </span>
                )}
              </div>
            ),
          },
          {
            key: 'decided',
            title: t('app-review.sub.decided'),
            width: 160,
            render: (_v, sub) =>
              sub.decideTime === null ? (
                '—'
              ) : (
                <span>
                  <span translate="no">{sub.decidedName}</span>
                  <br />
                  <Typography.Text type="secondary">{formatTime(sub.decideTime)}</Typography.Text>
                </span>
              ),
          },
          {
            key: 'submitted',
            title: t('app-review.sub.submitted'),
            width: 160,
            render: (_v, sub) => (
              <span>
                <span translate="no">{sub.submitName}</span>
                <br />
                <Typography.Text type="secondary">{formatTime(sub.createTime)}</Typography.Text>
              </span>
            ),
          },
          ...(onAudit
            ? [
                {
                  key: 'action',
                  title: t('common.actions'),
                  width: 110,
                  render: (_v: unknown, sub: SubTaskItem) =>
                    sub.state === 'pending' && task.can.audit === 1 ? (
                      <Button
                        size="small"
                        type="primary"
                        icon={<AuditOutlined />}
                        onClick={() => onAudit(sub)}
                        data-testid={`subtask-audit-${sub.type}-${sub.versionCode ?? 'app'}`}
                      >
                        {t('app-review.audit.open')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}

function Records({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const records = useRecords(taskId, pageNum, RECORD_PAGE_SIZE);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  if (records.isError) return <Result status="warning" title={t('kit.loadFailed')} />;
  return (
    <div ref={frame}>
      <Table<AppTaskRecord>
        size="small"
        rowKey="recordId"
        loading={records.isLoading}
        dataSource={records.data?.list ?? []}
        scroll={{ x: 640 }}
        data-testid="record-table"
        pagination={{
          current: pageNum,
          pageSize: RECORD_PAGE_SIZE,
          total: records.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'time', title: t('app-review.record.time'), width: 150, render: (_v, r) => formatTime(r.createTime) },
          {
            key: 'action',
            title: t('app-review.record.action'),
            width: 150,
            render: (_v, r) => <span data-testid={`record-${r.action}`}>{t(`app-review.action.${r.action}`)}</span>,
          },
          {
            key: 'actor',
            title: t('app-review.record.actor'),
            width: 120,
            render: (_v, r) => <span translate="no">{r.actorName}</span>,
          },
          {
            key: 'detail',
            title: t('app-review.record.detail'),
            width: 240,
            render: (_v, r) => (
              <span className="k-review-comment">
                {r.subTaskType && `${t(`app-review.type.${r.subTaskType}`)}: `}
                <span translate="no">{[r.subject, r.comment].filter(Boolean).join(' — ')}</span>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

/**
 * One main task in a drawer: its app, state, reviewer and counts, its sub-tasks (with an audit button each, on the
 * reviewer's page) and its records. `onFinish` shows the final review's button while the task may be finished.
 */
export function TaskDrawer({
  task,
  loading,
  failed,
  onClose,
  onAudit,
  onFinish,
}: {
  task: AppTaskInfo | undefined;
  loading: boolean;
  failed: boolean;
  onClose: () => void;
  onAudit?: (sub: SubTaskItem) => void;
  onFinish?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      onClose={onClose}
      size="min(960px, 100vw)"
      destroyOnHidden
      data-testid="task-drawer"
      title={task ? t('app-review.drawer.title', { name: taskName(task) }) : t('app-review.drawer.loading')}
      extra={
        task && onFinish && task.state === 'open' && task.can.audit === 1 ? (
          <Button
            type="primary"
            icon={<FlagOutlined />}
            onClick={onFinish}
            disabled={task.can.finish !== 1}
            title={task.can.finish === 1 ? undefined : t('app-review.finish.pendingHelp')}
            data-testid="task-finish"
          >
            {t('app-review.finish.open')}
          </Button>
        ) : null
      }
    >
      {failed ? (
        <Result status="warning" title={t('kit.loadFailed')} />
      ) : loading || !task ? (
        <Skeleton active />
      ) : (
        <>
          {task.state === 'cancelled' && (
            <Alert type="warning" showIcon title={t('app-review.drawer.cancelled')} style={{ marginBottom: 12 }} />
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('app-review.list.app')} span={2}>
              <AppCell name={task.appName} packageName={task.packageName} iconUrl={task.appIconUrl} />
            </Descriptions.Item>
            <Descriptions.Item label={t('app-review.list.state')}>
              <TaskState state={task.state} testId="task-drawer-state" />
            </Descriptions.Item>
            <Descriptions.Item label={t('app-review.list.reviewer')}>
              <span translate="no" data-testid="task-drawer-reviewer">
                {task.reviewerName || t('app-review.list.unassigned')}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('app-review.list.subTasks')}>{taskCounts(t, task)}</Descriptions.Item>
            <Descriptions.Item label={t('app-review.list.opened')}>{formatTime(task.createTime)}</Descriptions.Item>
            {task.state === 'finished' && (
              <Descriptions.Item label={t('app-review.finish.conclusion')} span={2}>
                <span translate="no" data-testid="task-drawer-conclusion">
                  {task.conclusion}
                </span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <div className="k-review-section">
            <Typography.Title level={5}>{t('app-review.drawer.subTasks')}</Typography.Title>
            <SubTasks task={task} onAudit={onAudit} />
          </div>
          <div className="k-review-section">
            <Typography.Title level={5}>{t('app-review.drawer.records')}</Typography.Title>
            <Records taskId={task.taskId} />
          </div>
        </>
      )}
    </Drawer>
  );
}
