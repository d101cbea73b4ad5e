import { FIRMWARE_TASK_PERMISSIONS, firmwareTaskEndpoints } from '@keel/contract/endpoints/firmware-task';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { usePropertyWatch } from '../../../shared/realtime/property-watch';
import { usePushEvent } from '../../../shared/realtime/push-events';
import { useCan } from '../api';
import { DeliverTable } from './DeliverTable';
import { LiveBadge } from './LiveBadge';
import { ProgressChart } from './ProgressChart';
import { LIVE_MS, TASK_READS } from './routes';
import { TaskActions } from './TaskActions';
import { allCounts, DeliveryStateTag, successRate, TaskProgress, TaskStateTag } from './TaskBits';
import { TaskDevices } from './TaskDevices';
import { TaskPreview } from './TaskPreview';

const SEARCH = firmwareTaskEndpoints['task/getTaskInfo'].input.partial();
/** What a pushed change of the task refetches. */
const LIVE_READS: readonly EndpointPath[] = [
  'task/getTaskInfo',
  'task/getTaskProgress',
  'task/getAssignedDeviceList',
  'task/getTaskDeliverList',
];

/** States whose figures move on their own: read again while open. */
const MOVING = new Set(['scheduled', 'running', 'pendingApproval']);

type Info = NonNullable<ReturnType<typeof useTaskInfo>['data']>;

/** The task, read again every LIVE_MS while it moves and its pushes are not coming (`poll`). */
function useTaskInfo(id: string | undefined, poll: boolean) {
  return useQuery({
    ...apiQuery('task/getTaskInfo', { id: id ?? '' }),
    enabled: id !== undefined,
    retry: false,
    refetchInterval: (q) => (poll && q.state.data && MOVING.has(q.state.data.state) ? LIVE_MS : false),
  });
}

/**
 * The progress tab: figures, staged groups with their counts, the chart of states over time, errors by code. While
 * the task moves, `watched` says whether its pushes arrive (each reads it again) or it is read on a timer (`poll`).
 */
function Progress({ task, moving, watched }: { task: Info; moving: boolean; watched: boolean }) {
  const { t } = useTranslation();
  const poll = moving && !watched;
  const samples = useQuery({
    ...apiQuery('task/getTaskProgress', { id: task.id }),
    refetchInterval: (q) => (poll && q.state.status !== 'error' ? LIVE_MS : false),
  });
  const rate = successRate(task.counts);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' }}>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <TaskProgress task={task} testId="task-progress" />
        </div>
        {moving && <LiveBadge watched={watched} />}
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="task-counts">
        {allCounts(task.counts)
          .filter((c) => c.count > 0)
          .map((c) => (
            <span key={c.state}>
              <DeliveryStateTag state={c.state} /> {c.count}
            </span>
          ))}
        {rate !== null && <span>{t('firmware.task.successRate', { rate })}</span>}
      </div>
      {samples.isError ? (
        <Alert type="warning" showIcon message={t('kit.loadFailed')} />
      ) : samples.data ? (
        <ProgressChart samples={samples.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        data-testid="task-stages"
        dataSource={task.stages}
        scroll={{ x: 480 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.task.noStages')} /> }}
        columns={[
          {
            key: 'index',
            title: t('firmware.preview.group'),
            width: 90,
            render: (_: unknown, s) => t('firmware.task.groupN', { n: s.index + 1 }),
          },
          { key: 'size', title: t('firmware.preview.devices'), width: 80, dataIndex: 'size' },
          {
            key: 'state',
            title: t('firmware.task.stageState'),
            width: 100,
            render: (_: unknown, s) => (
              <span data-testid={`task-stage-${s.index}`} data-state={s.state}>
                {t(`firmware.task.stageStates.${s.state}`)}
              </span>
            ),
          },
          {
            key: 'ok',
            title: t('firmware.task.delivery.succeeded'),
            width: 80,
            render: (_: unknown, s) => s.counts.succeeded ?? 0,
          },
          {
            key: 'failed',
            title: t('firmware.task.delivery.failed'),
            width: 80,
            render: (_: unknown, s) => s.counts.failed ?? 0,
          },
          {
            key: 'open',
            title: t('firmware.task.opened'),
            width: 150,
            render: (_: unknown, s) => formatTime(s.openTime),
          },
        ]}
      />
      <div>
        <h4 style={{ margin: '0 0 8px' }}>{t('firmware.task.errorCodes')}</h4>
        {task.errorCodes.length === 0 ? (
          <span style={{ color: 'var(--k-text-2)' }}>{t('firmware.task.noErrors')}</span>
        ) : (
          <List
            size="small"
            data-testid="task-error-codes"
            dataSource={task.errorCodes}
            renderItem={(e) => (
              <List.Item>
                <span translate="no">{e.errorCode || '—'}</span>
                <span>{e.count}</span>
              </List.Item>
            )}
          />
        )}
      </div>
    </div>
  );
}

function Rules({ task }: { task: Info }) {
  const { t } = useTranslation();
  const canEdit = useCan(FIRMWARE_TASK_PERMISSIONS.taskEdit);
  const del = useApiMutation('task/delRule', {
    invalidates: TASK_READS,
    success: () => t('firmware.rule.deleted'),
  });
  return (
    <List
      size="small"
      data-testid="task-rules"
      dataSource={task.rules}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.rule.none')} /> }}
      renderItem={(r) => (
        <List.Item
          actions={
            canEdit
              ? [
                  <ConfirmAction
                    key="del"
                    title={t('firmware.rule.deleteConfirm', { name: r.name })}
                    description={t('firmware.rule.deleteHelp')}
                    onConfirm={() => del({ ruleId: r.id })}
                    buttonProps={{ size: 'small', 'data-testid': `rule-delete-${r.id}` } as never}
                  >
                    {t('firmware.task.delete')}
                  </ConfirmAction>,
                ]
              : []
          }
        >
          <List.Item.Meta title={r.name} description={t('firmware.rule.matched', { count: r.matched })} />
        </List.Item>
      )}
    />
  );
}

function Summary({ task }: { task: Info }) {
  const { t } = useTranslation();
  const e = task.execution;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="task-summary">
      <Descriptions.Item label={t('firmware.task.state')}>
        <TaskStateTag task={task} testId="task-state" />
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.task.package')}>
        <span translate="no">
          {task.swName} {task.swVersion}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.exec.mode')}>{t(`firmware.task.modes.${task.mode}`)}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.task.devicesCount')}>{task.deviceTotal}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.exec.start')}>
        {task.scheduledTime
          ? formatTime(task.scheduledTime)
          : e.startMode === 'at'
            ? formatTime(e.startAt)
            : t('firmware.exec.startNow')}
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.exec.stages')}>
        {e.stages.sizes.length === 0
          ? t('firmware.task.oneGroup')
          : t(e.stages.by === 'percent' ? 'firmware.task.stagesPercent' : 'firmware.task.stagesCount', {
              sizes: e.stages.sizes.join(' / '),
            })}
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.successRule.label')}>
        <span data-testid="task-summary-success-rule">{t(`firmware.successRule.rules.${task.successRule}`)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.task.thresholds')}>
        {t('firmware.task.thresholdsText', { success: e.successThreshold, error: e.errorThreshold })}
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.exec.window')}>
        {e.maintenanceWindow
          ? `${e.maintenanceWindow.start}–${e.maintenanceWindow.end} (${e.maintenanceWindow.timeZone})`
          : t('firmware.task.anyTime')}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * `/fota/ViewFotaTaskDialog?id=`: one task — its state and settings, its buttons as the state allows, and tabs: the
 * live progress (counts, groups, the chart of states over time, errors by code; read again whenever the console's
 * socket pushes a change of it — every viewer of the property's tasks hears them —, or every few seconds while it
 * moves and the pushes are not coming), the preview before it starts, its devices, its delivery attempts and its
 * rules.
 */
export function ViewFotaTaskDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(SEARCH);
  const canEdit = useCan(FIRMWARE_TASK_PERMISSIONS.taskEdit);
  // Every member watching the property's tasks hears a change at once (the socket); without it, reads on a timer.
  const watched = usePropertyWatch('fwTask');
  const query = useTaskInfo(id, !watched);
  const queryClient = useQueryClient();
  usePushEvent('fwTask', (event) => {
    if (event.taskId !== id) return;
    void invalidatePaths(queryClient, LIVE_READS);
  });
  const task = useRouteObject(query, id !== undefined, t('firmware.task.notFound'), onClose);
  const moving = task ? MOVING.has(task.state) : false;
  const poll = moving && !watched;
  const draft = task?.state === 'draft' || task?.state === 'scheduled';
  // The tab chosen; the preview's goes with the preview (released: the progress shows instead).
  const [tab, setTab] = useState<string | null>(null);
  const activeTab = tab === 'preview' && !draft ? 'progress' : (tab ?? (draft ? 'preview' : 'progress'));
  return (
    <Modal
      open
      width={900}
      title={task ? <span translate="no">{task.name}</span> : t('firmware.task.loading')}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="task-view-close">
          {t('firmware.close')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="task-view">
        {!task ? (
          id === undefined ? (
            <Empty description={t('firmware.task.notFound')} />
          ) : (
            <Skeleton active paragraph={{ rows: 6 }} />
          )
        ) : (
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
            <Summary task={task} />
            <TaskActions task={task} can={task.can} />
            <Tabs
              activeKey={activeTab}
              onChange={setTab}
              items={[
                {
                  key: 'progress',
                  label: t('firmware.task.tabProgress'),
                  children: <Progress task={task} moving={moving} watched={watched} />,
                },
                ...(draft
                  ? [{ key: 'preview', label: t('firmware.task.tabPreview'), children: <TaskPreview id={task.id} /> }]
                  : []),
                {
                  key: 'devices',
                  label: t('firmware.task.tabDevices'),
                  children: <TaskDevices id={task.id} live={poll} canRemove={canEdit && task.can.assign === 1} />,
                },
                {
                  key: 'deliveries',
                  label: t('firmware.task.tabDeliveries'),
                  children: <DeliverTable taskId={task.id} live={poll} />,
                },
                { key: 'rules', label: t('firmware.task.tabRules'), children: <Rules task={task} /> },
              ]}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
