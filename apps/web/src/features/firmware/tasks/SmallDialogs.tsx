import { deviceEndpoints } from '@keel/contract/endpoints/device';
import { firmwareEndpoints } from '@keel/contract/endpoints/firmware';
import { firmwareTaskEndpoints, TASK_FINAL_STATES } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { DeliverTable } from './DeliverTable';
import { TASK_READS, VIEW_TASK_DIALOG } from './routes';
import { TaskProgress, TaskStateTag } from './TaskBits';
import { TaskDevices } from './TaskDevices';

const TASK_SEARCH = firmwareTaskEndpoints['task/getTaskInfo'].input.partial();
const DEVICE_SEARCH = deviceEndpoints['di/getAnyDeviceInfo'].input.partial();
const SW_SEARCH = firmwareEndpoints['sw/getSwInfo'].input.partial();

/** `/fota/FotaTaskVisibleDialog?id=`: switch a task off (nothing is offered, rules add nobody) or on again. */
export function FotaTaskVisibleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(TASK_SEARCH);
  const [busy, setBusy] = useState(false);
  const query = useQuery({
    ...apiQuery('task/getTaskInfo', { id: id ?? '' }),
    enabled: id !== undefined,
    retry: false,
  });
  const task = useRouteObject(query, id !== undefined, t('firmware.task.notFound'), onClose);
  const set = useApiMutation('task/setDisable', {
    invalidates: TASK_READS,
    success: (d) =>
      t(d.state === 'disabled' ? 'firmware.task.disabledToast' : 'firmware.task.enabledToast', { name: d.name }),
  });
  const disabling = task?.state !== 'disabled';
  return (
    <Modal
      open
      title={
        task
          ? t(disabling ? 'firmware.task.disableTitle' : 'firmware.task.enableTitle', { name: task.name })
          : t('firmware.task.visibleTitle')
      }
      onCancel={onClose}
      okText={disabling ? t('firmware.task.disable') : t('firmware.task.enable')}
      cancelText={t('kit.cancel')}
      okButtonProps={
        {
          danger: disabling,
          disabled: !task || (disabling ? task.can.disable !== 1 : task.can.enable !== 1),
          'data-testid': 'visible-ok',
        } as never
      }
      confirmLoading={busy}
      onOk={async () => {
        if (!task) return;
        setBusy(true);
        const ok = await set({ id: task.id, disable: disabling ? 1 : 0 });
        setBusy(false);
        if (ok) onClose();
      }}
      destroyOnHidden
    >
      <div data-testid="visible-dialog">
        {task ? (
          <p>{t(disabling ? 'firmware.task.disableHelp' : 'firmware.task.enableHelp')}</p>
        ) : id === undefined ? (
          <Empty description={t('firmware.task.notFound')} />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Modal>
  );
}

/** `/fota/FotaTaskListDialog?id=`: the update tasks of one firmware version (`id` is the version's). */
export function FotaTaskListDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(SW_SEARCH);
  const q = useQuery({
    ...apiQuery('task/getTaskList', { pageNum: 1, pageSize: 50, swId: id }),
    enabled: id !== undefined,
  });
  return (
    <Modal
      open
      title={t('firmware.taskList.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('firmware.close')}</Button>}
      destroyOnHidden
    >
      <div data-testid="task-list-dialog">
        {id === undefined ? (
          <Empty description={t('firmware.sw.notFound')} />
        ) : q.isError ? (
          <Alert type="warning" showIcon message={t('kit.loadFailed')} />
        ) : !q.data ? (
          <Skeleton active />
        ) : (
          <List
            size="small"
            dataSource={q.data.list}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.taskList.empty')} />,
            }}
            renderItem={(task) => (
              <List.Item extra={<TaskStateTag task={task} />} style={{ flexWrap: 'wrap' }}>
                <List.Item.Meta
                  title={
                    <Link to={VIEW_TASK_DIALOG} search={{ id: task.id } as never} translate="no">
                      {task.name}
                    </Link>
                  }
                  description={<TaskProgress task={task} />}
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}

/** `/fota/FirmwareUpgradeHistoryDialog?deviceId=`: one device's delivery attempts across tasks, newest first. */
export function FirmwareUpgradeHistoryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { deviceId } = useSearchOf(DEVICE_SEARCH);
  return (
    <Modal
      open
      width={900}
      title={t('firmware.history.title', { deviceId: deviceId ?? '' })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="history-close">
          {t('firmware.close')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="history-dialog">
        {deviceId ? <DeliverTable deviceId={deviceId} /> : <Empty description={t('firmware.terminal.notFound')} />}
      </div>
    </Modal>
  );
}

/**
 * `/fota/FotaAssignTaskToTerminalDialog?deviceId=`: put one device into a task that is not final (chosen among the
 * property's tasks); the answer says whether it joined or why not.
 */
export function FotaAssignTaskToTerminalDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { deviceId } = useSearchOf(DEVICE_SEARCH);
  const [taskId, setTaskId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const tasks = useQuery(apiQuery('task/getTaskList', { pageNum: 1, pageSize: 100 }));
  const open = (tasks.data?.list ?? []).filter((x) => !TASK_FINAL_STATES.includes(x.state));
  const assign = useApiMutation('task/assignToDevice', {
    invalidates: TASK_READS,
    onSuccess: (d) =>
      setResult(
        d.added > 0
          ? t('firmware.assign.joined', { deviceId })
          : d.present > 0
            ? t('firmware.assign.already', { deviceId })
            : d.excluded.map((e) => t(`firmware.task.exclude.${e.reason}`)).join(', '),
      ),
  });
  return (
    <Modal
      open
      title={t('firmware.assign.toTerminal', { deviceId: deviceId ?? '' })}
      onCancel={onClose}
      okText={result ? t('firmware.close') : t('firmware.assign.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: !result && (!taskId || !deviceId), 'data-testid': 'assign-terminal-ok' } as never}
      onOk={async () => {
        if (result || !taskId || !deviceId) return onClose();
        setBusy(true);
        await assign({ id: taskId, deviceIdList: [deviceId], groupIdList: [], modelIdList: [] });
        setBusy(false);
      }}
      destroyOnHidden
    >
      <div data-testid="assign-terminal-dialog">
        {result && (
          <Alert
            type="info"
            showIcon
            message={result}
            style={{ marginBottom: 12 }}
            data-testid="assign-terminal-result"
          />
        )}
        <Select
          style={{ width: '100%' }}
          placeholder={t('firmware.assign.pickTask')}
          aria-label={t('firmware.assign.pickTask')}
          loading={tasks.isLoading}
          value={taskId}
          onChange={setTaskId}
          notFoundContent={t('firmware.assign.noTasks')}
          data-testid="assign-terminal-task"
          options={open.map((x) => ({ value: x.id, label: `${x.name} · ${x.swName} ${x.swVersion}` }))}
        />
      </div>
    </Modal>
  );
}

/** `/fota/FotaDeviceListRemoteComponent?id=`: a task's device list on its own (for embedding), read-only. */
export function FotaDeviceListRemoteComponent() {
  const { t } = useTranslation();
  const { id } = useSearchOf(TASK_SEARCH);
  return (
    <Card title={t('firmware.task.tabDevices')} data-testid="task-device-list-component">
      {id ? (
        <TaskDevices id={id} live={false} canRemove={false} />
      ) : (
        <Empty description={t('firmware.task.notFound')} />
      )}
    </Card>
  );
}
