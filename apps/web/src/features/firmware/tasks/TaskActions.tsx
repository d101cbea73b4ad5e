import type { taskActions } from '@keel/contract/endpoints/firmware-task';
import { FIRMWARE_TASK_PERMISSIONS, type TaskItem } from '@keel/contract/endpoints/firmware-task';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useCan } from '../api';
import {
  ASSIGN_DIALOG,
  EDIT_TASK_DIALOG,
  EXECUTE_DIALOG,
  RULE_DIALOG,
  TASK_PAGE,
  TASK_READS,
  VISIBLE_DIALOG,
} from './routes';
import { TaskPreview } from './TaskPreview';

type Can = z.output<typeof taskActions>;

/** Release with its preview first: what would happen, then "Release" (or cancel). */
function ReleaseButton({ task }: { task: TaskItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const release = useApiMutation('task/releaseTask', {
    invalidates: TASK_READS,
    success: (d) =>
      d.state === 'pendingApproval'
        ? t('firmware.task.submitted', { name: d.name })
        : t('firmware.task.released', { name: d.name }),
  });
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="task-release">
        {t('firmware.task.release')}
      </Button>
      <Modal
        open={open}
        width={760}
        title={t('firmware.preview.title', { name: task.name })}
        onCancel={() => setOpen(false)}
        okText={t('firmware.task.releaseNow')}
        cancelText={t('kit.cancel')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'task-release-ok' } as never}
        onOk={async () => {
          setBusy(true);
          const ok = await release({ id: task.id });
          setBusy(false);
          if (ok) setOpen(false);
        }}
        destroyOnHidden
      >
        <TaskPreview id={task.id} />
      </Modal>
    </>
  );
}

/**
 * The buttons of a task, as its state allows (`can` from `task/getTaskInfo`) and the member's rights: edit, execution
 * settings, devices, rules (edit right); release with its preview, pause, continue, stop, invalidate, disable or
 * enable (run right); delete a draft. Everything that cannot be undone asks first.
 */
export function TaskActions({ task, can }: { task: TaskItem; can: Can }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useCan(FIRMWARE_TASK_PERMISSIONS.taskEdit);
  const mayRun = useCan(FIRMWARE_TASK_PERMISSIONS.taskRun);
  const done = { invalidates: TASK_READS };
  const pause = useApiMutation('task/pauseTask', {
    ...done,
    success: (d) => t('firmware.task.pausedToast', { name: d.name }),
  });
  const resume = useApiMutation('task/continueTask', {
    ...done,
    success: (d) => t('firmware.task.continuedToast', { name: d.name }),
  });
  const stop = useApiMutation('task/stopTask', {
    ...done,
    success: (d) => t('firmware.task.stoppedToast', { name: d.name }),
  });
  const invalidate = useApiMutation('task/invalidateTask', {
    ...done,
    success: (d) => t('firmware.task.invalidatedToast', { name: d.name }),
  });
  const remove = useApiMutation('task/delTask', {
    ...done,
    success: () => t('firmware.task.deletedToast', { name: task.name }),
    onSuccess: () => void navigate({ to: TASK_PAGE }),
  });
  const go = (to: string) => void navigate({ to, search: { id: task.id } as never });
  const id = { id: task.id };
  return (
    <Space wrap data-testid="task-actions">
      {mayEdit && can.edit === 1 && (
        <Button onClick={() => go(EDIT_TASK_DIALOG)} data-testid="task-edit">
          {t('firmware.task.edit')}
        </Button>
      )}
      {mayEdit && can.edit === 1 && (
        <Button onClick={() => go(EXECUTE_DIALOG)} data-testid="task-execute">
          {t('firmware.exec.open')}
        </Button>
      )}
      {mayEdit && can.assign === 1 && (
        <Button onClick={() => go(ASSIGN_DIALOG)} data-testid="task-assign">
          {t('firmware.assign.open')}
        </Button>
      )}
      {mayEdit && can.assign === 1 && (
        <Button onClick={() => go(RULE_DIALOG)} data-testid="task-rule">
          {t('firmware.rule.open')}
        </Button>
      )}
      {mayRun && can.release === 1 && <ReleaseButton task={task} />}
      {mayRun && can.pause === 1 && (
        <Button onClick={() => void pause(id)} data-testid="task-pause">
          {t('firmware.task.pause')}
        </Button>
      )}
      {mayRun && can.continue === 1 && (
        <Button type="primary" onClick={() => void resume(id)} data-testid="task-continue">
          {t('firmware.task.continue')}
        </Button>
      )}
      {mayRun && (can.disable === 1 || can.enable === 1) && (
        <Button onClick={() => go(VISIBLE_DIALOG)} data-testid="task-visible">
          {can.enable === 1 ? t('firmware.task.enable') : t('firmware.task.disable')}
        </Button>
      )}
      {mayRun && can.stop === 1 && (
        <ConfirmAction
          title={t('firmware.task.stopConfirm', { name: task.name })}
          description={t('firmware.task.stopHelp')}
          onConfirm={() => stop(id)}
          buttonProps={{ 'data-testid': 'task-stop' } as never}
        >
          {t('firmware.task.stop')}
        </ConfirmAction>
      )}
      {mayRun && can.invalidate === 1 && (
        <ConfirmAction
          title={t('firmware.task.invalidateConfirm', { name: task.name })}
          description={t('firmware.task.invalidateHelp')}
          onConfirm={() => invalidate(id)}
          buttonProps={{ 'data-testid': 'task-invalidate' } as never}
        >
          {t('firmware.task.invalidate')}
        </ConfirmAction>
      )}
      {mayEdit && can.delete === 1 && (
        <ConfirmAction
          title={t('firmware.task.deleteConfirm', { name: task.name })}
          onConfirm={() => remove(id)}
          buttonProps={{ 'data-testid': 'task-delete' } as never}
        >
          {t('firmware.task.delete')}
        </ConfirmAction>
      )}
    </Space>
  );
}
