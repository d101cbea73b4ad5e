import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  FIRMWARE_TASK_PERMISSIONS,
  firmwareTaskEndpoints,
  TASK_STATES,
  type TaskItem,
} from '@keel/contract/endpoints/firmware-task';
import { Link } from '@tanstack/react-router';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { formatTime } from '../../../shared/format/time';
import { useCan } from '../api';
import { NEW_TASK_DIALOG, TASK_READS, VIEW_TASK_DIALOG } from './routes';
import { SuccessRuleSettings } from './SuccessRule';
import { TaskProgress, TaskStateTag } from './TaskBits';
import { useTaskListPushes } from './use-task-pushes';

const LIST = firmwareTaskEndpoints['task/getTaskList'].input.pick({ str: true, state: true });

/**
 * `/fota/FotaTaskPage`: the property's update tasks, newest first — package, state, mode, devices and progress (read
 * again as the socket pushes their changes) — searched by name and filtered by state. A task opens ViewFotaTaskDialog
 * (its preview, live progress, devices, history and buttons); "New task" opens NewFotaTaskDialog; a draft may be
 * deleted here (confirmed).
 */
export function FotaTaskPage() {
  const { t } = useTranslation();
  const canEdit = useCan(FIRMWARE_TASK_PERMISSIONS.taskEdit);
  useTaskListPushes(['task/getTaskList']);
  const resource = defineResource<TaskItem>()({
    rowKey: 'id',
    tableTestId: 'task-table',
    card: { title: t('firmware.task.title'), testId: 'fota-task-page' },
    noProperty: t('firmware.noProperty'),
    toolbar: (
      <Space wrap>
        <Typography.Text type="secondary">{t('firmware.task.help')}</Typography.Text>
        {canEdit && <SuccessRuleSettings />}
      </Space>
    ),
    create: canEdit ? { label: t('firmware.task.create'), icon: <PlusOutlined />, testId: 'task-create' } : undefined,
    dialogRoute: { to: NEW_TASK_DIALOG },
    list: { path: 'task/getTaskList', schema: LIST },
    columns: [
      {
        key: 'str',
        title: t('firmware.task.name'),
        filter: true,
        pinned: true,
        width: 180,
        render: (r) => (
          <Link to={VIEW_TASK_DIALOG} search={{ id: r.id } as never} data-testid={`task-${r.name}`} translate="no">
            {r.name}
          </Link>
        ),
      },
      {
        key: 'package',
        title: t('firmware.task.package'),
        width: 170,
        render: (r) => (
          <span translate="no">
            {r.swName} {r.swVersion}
          </span>
        ),
      },
      {
        key: 'state',
        title: t('firmware.task.state'),
        width: 170,
        wrap: true,
        filter: TASK_STATES.map((s) => ({ value: s, label: t(`firmware.task.states.${s}`) })),
        render: (r) => <TaskStateTag task={r} testId={`task-state-${r.name}`} />,
      },
      { key: 'mode', title: t('firmware.exec.mode'), width: 110, render: (r) => t(`firmware.task.modes.${r.mode}`) },
      { key: 'deviceTotal', title: t('firmware.task.devicesCount'), width: 90 },
      {
        key: 'progress',
        title: t('firmware.task.progress'),
        width: 170,
        wrap: true,
        render: (r) => <TaskProgress task={r} testId={`task-progress-${r.name}`} />,
      },
      { key: 'createTime', title: t('firmware.task.created'), width: 150, render: (r) => formatTime(r.createTime) },
    ],
    remove: {
      path: 'task/delTask',
      input: (row) => ({ id: row.id }),
      confirm: (row) => ({ title: t('firmware.task.deleteConfirm', { name: row.name }) }),
      success: (_d, row) => t('firmware.task.deletedToast', { name: row.name }),
      invalidates: TASK_READS,
    },
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 90,
          blocked: (row) => (row.state === 'draft' ? undefined : null),
          remove: {
            label: t('firmware.task.delete'),
            iconOnly: false,
            testId: (r) => `task-delete-${r.name}`,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
