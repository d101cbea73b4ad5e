import {
  firmwareTaskEndpoints,
  type SuccessRule,
  TASK_NAME_MAX,
  TASK_REMARK_MAX,
  type TaskItem,
} from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { ExecutionFields } from './ExecutionFields';
import { defaultExecution, type ExecutionValues, toExecution, toValues } from './execution';
import { TASK_READS, VIEW_TASK_DIALOG } from './routes';
import { SuccessRuleField, usePropertySuccessRule } from './SuccessRule';

const SEARCH = firmwareTaskEndpoints['task/getTaskInfo'].input.partial();

interface Values extends ExecutionValues {
  name: string;
  swId: string;
  remark?: string;
  deviceIdList?: string[];
  modelIdList?: string[];
  successRule: SuccessRule;
}

/** `new`: a task; `edit`: a draft's name, package and settings; `execute`: a draft's execution settings alone. */
export type TaskFormKind = 'new' | 'edit' | 'execute';

function TaskForm({
  kind,
  task,
  fallback,
  fallbackFailed,
  onClose,
}: {
  kind: TaskFormKind;
  task?: TaskItem;
  /** The property's default success rule, preselected for a new task. */
  fallback: SuccessRule;
  fallbackFailed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const packages = useQuery(apiQuery('sw/getSwList', { pageNum: 1, pageSize: 200, published: 1 }));
  const models = useQuery({
    ...apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 100 }),
    enabled: kind === 'new',
  });
  const add = useApiMutation('task/addTask', {
    invalidates: TASK_READS,
    success: (d) => t('firmware.task.createdToast', { name: d.name }),
    onSuccess: (d) => void navigate({ to: VIEW_TASK_DIALOG, search: { id: d.id } as never }),
  });
  const edit = useApiMutation('task/editTask', {
    invalidates: TASK_READS,
    success: (d) => t('firmware.task.saved', { name: d.name }),
  });

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const execution = toExecution(v);
    let ok: boolean;
    if (kind === 'new')
      ok = await add({
        swId: v.swId,
        name: v.name,
        remark: v.remark ?? '',
        execution,
        successRule: v.successRule,
        deviceIdList: v.deviceIdList ?? [],
        modelIdList: v.modelIdList ?? [],
        groupIdList: [],
      });
    else {
      const base = task as TaskItem;
      ok = await edit({
        id: base.id,
        swId: kind === 'edit' ? v.swId : base.swId,
        name: kind === 'edit' ? v.name : base.name,
        remark: kind === 'edit' ? (v.remark ?? '') : base.remark,
        execution,
        ...(kind === 'edit' ? { successRule: v.successRule } : {}),
      });
    }
    setSaving(false);
    if (ok && kind !== 'new') onClose();
  };

  const title =
    kind === 'new'
      ? t('firmware.task.createTitle')
      : kind === 'edit'
        ? t('firmware.task.editTitle', { name: task?.name })
        : t('firmware.exec.title', { name: task?.name });
  return (
    <Modal
      open
      width={720}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'task-dialog-ok' } as never}
      destroyOnHidden
    >
      <div data-testid="task-dialog">
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{
            ...toValues(task?.execution ?? defaultExecution()),
            name: task?.name,
            swId: task?.swId,
            remark: task?.remark,
            successRule: task?.successRule ?? fallback,
          }}
        >
          {kind !== 'execute' && (
            <>
              <Form.Item
                name="name"
                label={t('firmware.task.name')}
                rules={[{ required: true, whitespace: true, message: t('firmware.task.nameRequired') }]}
              >
                <Input maxLength={TASK_NAME_MAX} data-testid="task-name" />
              </Form.Item>
              <Form.Item
                name="swId"
                label={t('firmware.task.package')}
                extra={t('firmware.task.packageHelp')}
                rules={[{ required: true, message: t('firmware.task.packageRequired') }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  data-testid="task-package"
                  loading={packages.isLoading}
                  notFoundContent={t('firmware.task.noPublished')}
                  options={(packages.data?.list ?? []).map((p) => ({
                    value: p.id,
                    label: `${p.name} ${p.version} · ${t(`firmware.types.${p.swType}`)}`,
                  }))}
                />
              </Form.Item>
              <Form.Item name="remark" label={t('firmware.task.remark')}>
                <Input.TextArea rows={2} maxLength={TASK_REMARK_MAX} data-testid="task-remark" />
              </Form.Item>
              {fallbackFailed && kind === 'new' && (
                <Alert
                  type="warning"
                  showIcon
                  message={t('firmware.successRule.loadFailed')}
                  style={{ marginBottom: 16 }}
                />
              )}
              <SuccessRuleField fallback={kind === 'new' ? fallback : undefined} />
            </>
          )}
          {kind === 'new' && (
            <>
              <Form.Item name="deviceIdList" label={t('firmware.task.devices')} extra={t('firmware.task.devicesHelp')}>
                <Select
                  mode="tags"
                  open={false}
                  tokenSeparators={[',', ' ', '\n']}
                  aria-label={t('firmware.task.devices')}
                  data-testid="task-devices"
                />
              </Form.Item>
              <Form.Item name="modelIdList" label={t('firmware.task.models')} extra={t('firmware.task.modelsHelp')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  data-testid="task-models"
                  loading={models.isLoading}
                  options={(models.data?.list ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
                />
              </Form.Item>
            </>
          )}
          {kind === 'execute' && (
            <Alert type="info" showIcon message={t('firmware.exec.help')} style={{ marginBottom: 16 }} />
          )}
          <ExecutionFields />
        </Form>
      </div>
    </Modal>
  );
}

/**
 * `/fota/NewFotaTaskDialog`: a new draft task (package, name, devices listed or by model, execution settings); it
 * then opens in ViewFotaTaskDialog for its preview and release. `/fota/AddFotaTaskDialog?id=`: a draft's details and
 * settings. `/fota/FotaTaskExecuteDialog?id=`: a draft's execution settings alone.
 */
export function TaskFormDialog({ kind, onClose }: { kind: TaskFormKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(SEARCH);
  // Without a task named, the add dialog creates one.
  const effective: TaskFormKind = id === undefined ? 'new' : kind;
  const named = effective !== 'new';
  const query = useQuery({ ...apiQuery('task/getTaskInfo', { id: id ?? '' }), enabled: named, retry: false });
  const task = useRouteObject(query, named, t('firmware.task.notFound'), onClose);
  // A new task starts from the property's default rule: read before the form is made (its initial values).
  const settings = usePropertySuccessRule(!named);
  if ((named && !task) || settings.loading)
    return (
      <Modal open footer={null} onCancel={onClose} title={t('firmware.task.loading')}>
        <Skeleton active />
      </Modal>
    );
  return (
    <TaskForm
      kind={effective}
      task={task}
      fallback={settings.rule}
      fallbackFailed={settings.failed}
      onClose={onClose}
    />
  );
}
