import { firmwareTaskEndpoints } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { TASK_READS } from './routes';

const SEARCH = firmwareTaskEndpoints['task/assignToDevice'].input.partial().pick({ id: true });

interface Values {
  deviceIdList?: string[];
  modelIdList?: string[];
}

/**
 * `/fota/FotaAssignTaskDialog?id=` (by model or listed ids) and `/fota/AddFotaTaskItemDialog?id=` (devices listed):
 * add devices to a task that is not final. The answer says how many joined, were already in, and were left out and
 * why (another model, already on the version, in another task).
 */
export function AssignDialog({ byModel, onClose }: { byModel: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(SEARCH);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const query = useQuery({
    ...apiQuery('task/getTaskInfo', { id: id ?? '' }),
    enabled: id !== undefined,
    retry: false,
  });
  const task = useRouteObject(query, id !== undefined, t('firmware.task.notFound'), onClose);
  const models = useQuery({ ...apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 100 }), enabled: byModel });
  const assign = useApiMutation('task/assignToDevice', {
    invalidates: TASK_READS,
    success: (d) => t('firmware.assign.done', { added: d.added, total: d.deviceTotal }),
    onSuccess: (d) =>
      setResult(
        [
          t('firmware.assign.result', { added: d.added, present: d.present }),
          ...d.excluded.map((e) => `${t(`firmware.task.exclude.${e.reason}`)}: ${e.count}`),
        ].join(' · '),
      ),
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !id) return;
    if (!v.deviceIdList?.length && !v.modelIdList?.length) {
      form.setFields([{ name: 'deviceIdList', errors: [t('firmware.assign.required')] }]);
      return;
    }
    setSaving(true);
    await assign({ id, deviceIdList: v.deviceIdList ?? [], modelIdList: v.modelIdList ?? [], groupIdList: [] });
    setSaving(false);
  };
  return (
    <Modal
      open
      title={t('firmware.assign.title', { name: task?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void (result ? onClose() : submit())}
      okText={result ? t('firmware.close') : t('firmware.assign.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'assign-ok', disabled: !task } as never}
      destroyOnHidden
    >
      <div data-testid="assign-dialog">
        {result && (
          <Alert type="success" showIcon message={result} style={{ marginBottom: 12 }} data-testid="assign-result" />
        )}
        <Form form={form} layout="vertical">
          <Form.Item name="deviceIdList" label={t('firmware.task.devices')} extra={t('firmware.task.devicesHelp')}>
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ', '\n']}
              aria-label={t('firmware.task.devices')}
              data-testid="assign-devices"
            />
          </Form.Item>
          {byModel && (
            <Form.Item name="modelIdList" label={t('firmware.task.models')} extra={t('firmware.task.modelsHelp')}>
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                data-testid="assign-models"
                loading={models.isLoading}
                options={(models.data?.list ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
              />
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
