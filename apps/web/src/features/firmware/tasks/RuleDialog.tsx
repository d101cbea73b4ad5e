import { OS_TYPES } from '@keel/contract/endpoints/device-common';
import { firmwareTaskEndpoints, TASK_NAME_MAX } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { GroupTreeSelect, OneSpaceSelect } from '../../../shared/pickers/PlacementSelects';
import { TASK_READS } from './routes';

const SEARCH = firmwareTaskEndpoints['task/getRuleList'].input.partial();

interface Values {
  name: string;
  modelIdList?: string[];
  sid?: string | null;
  groupIdList?: string[];
  label?: string;
  osType?: string;
  fromVersionList?: string[];
  mockup: 'any' | '0' | '1';
}

/**
 * `/fota/AddFotaRuleDialog?id=`: a saved rule of a task — devices matching its filter (models, a space and groups of
 * its tree — subgroups included —, label, OS, the versions they report, sample or production) join the task now and whenever they match later.
 */
export function RuleDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { id } = useSearchOf(SEARCH);
  const [form] = Form.useForm<Values>();
  const sid = Form.useWatch('sid', form);
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    ...apiQuery('task/getTaskInfo', { id: id ?? '' }),
    enabled: id !== undefined,
    retry: false,
  });
  const task = useRouteObject(query, id !== undefined, t('firmware.task.notFound'), onClose);
  const models = useQuery(apiQuery('dm/getDeviceModelList', { pageNum: 1, pageSize: 100 }));
  const add = useApiMutation('task/addRule', {
    invalidates: TASK_READS,
    success: (d) => t('firmware.rule.saved', { name: d.name, count: d.added }),
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !id) return;
    setSaving(true);
    const ok = await add({
      id,
      name: v.name,
      filter: {
        modelIdList: v.modelIdList ?? [],
        ...(v.sid ? { sid: v.sid } : {}),
        groupIdList: v.sid ? (v.groupIdList ?? []) : [],
        label: v.label ?? '',
        osType: (v.osType ?? '') as never,
        fromVersionList: v.fromVersionList ?? [],
        mockup: v.mockup === 'any' ? null : (Number(v.mockup) as 0 | 1),
      },
    });
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Modal
      open
      title={t('firmware.rule.title', { name: task?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'rule-ok', disabled: !task } as never}
      destroyOnHidden
    >
      <div data-testid="rule-dialog">
        <p style={{ color: 'var(--k-text-2)' }}>{t('firmware.rule.help')}</p>
        <Form form={form} layout="vertical" initialValues={{ mockup: 'any' }}>
          <Form.Item
            name="name"
            label={t('firmware.rule.name')}
            rules={[{ required: true, whitespace: true, message: t('firmware.task.nameRequired') }]}
          >
            <Input maxLength={TASK_NAME_MAX} data-testid="rule-name" />
          </Form.Item>
          <Form.Item name="modelIdList" label={t('firmware.task.models')}>
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              data-testid="rule-models"
              loading={models.isLoading}
              options={(models.data?.list ?? []).map((m) => ({ value: m.modelId, label: m.name }))}
            />
          </Form.Item>
          <Form.Item name="sid" label={t('firmware.rule.space')}>
            <OneSpaceSelect testId="rule-space" onChange={() => form.setFieldValue('groupIdList', [])} />
          </Form.Item>
          <Form.Item name="groupIdList" label={t('firmware.rule.groups')} extra={t('firmware.rule.groupsHelp')}>
            <GroupTreeSelect multiple sid={sid} testId="rule-groups" />
          </Form.Item>
          <Form.Item name="label" label={t('firmware.rule.label')}>
            <Input maxLength={64} data-testid="rule-label" />
          </Form.Item>
          <Form.Item name="osType" label={t('firmware.rule.os')}>
            <Select allowClear options={OS_TYPES.map((o) => ({ value: o, label: o }))} data-testid="rule-os" />
          </Form.Item>
          <Form.Item name="fromVersionList" label={t('firmware.rule.versions')} extra={t('firmware.rule.versionsHelp')}>
            <Select mode="tags" open={false} tokenSeparators={[',', ' ']} aria-label={t('firmware.rule.versions')} />
          </Form.Item>
          <Form.Item name="mockup" label={t('firmware.rule.kind')}>
            <Radio.Group
              options={[
                { value: 'any', label: t('firmware.rule.any') },
                { value: '0', label: t('firmware.rule.production') },
                { value: '1', label: t('firmware.rule.samples') },
              ]}
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
