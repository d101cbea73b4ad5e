import { ERROR_CODE_MAX, RETRY_ATTEMPTS_MAX, TASK_MODES } from '@keel/contract/endpoints/firmware-task';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExecutionValues, sizesProblem } from './execution';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Fields side by side where there is room, one under another on a phone (no negative margins to scroll). */
function FieldRow({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))', columnGap: 12 }}>
      {children}
    </div>
  );
}

/**
 * The execution settings of a task (FotaTaskExecuteDialog, and the task dialogs): when it starts, the daily
 * maintenance window, staged groups by count or percent, the success share that opens the next group and the
 * failure share that pauses the task, the update mode, the retry policy, how long a device has to confirm the new
 * version, and how long offline devices are left out. Fields of an antd form whose values are `ExecutionValues`.
 */
export function ExecutionFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ExecutionValues>();
  const startMode = Form.useWatch('startMode', form);
  const windowOn = Form.useWatch('windowOn', form);
  const stagesBy = Form.useWatch('stagesBy', form);
  return (
    <div data-testid="exec-fields">
      <Form.Item name="startMode" label={t('firmware.exec.start')}>
        <Radio.Group
          data-testid="exec-start-mode"
          options={[
            { value: 'now', label: t('firmware.exec.startNow') },
            { value: 'at', label: t('firmware.exec.startAt') },
          ]}
        />
      </Form.Item>
      {startMode === 'at' && (
        <Form.Item
          name="startAt"
          label={t('firmware.exec.startTime')}
          rules={[
            { required: true, message: t('firmware.exec.startRequired') },
            {
              validator: async (_r, v?: string) => {
                if (v && new Date(v).getTime() <= Date.now()) throw new Error(t('firmware.exec.startPast'));
              },
            },
          ]}
        >
          <Input type="datetime-local" data-testid="exec-start-at" style={{ maxWidth: 260 }} />
        </Form.Item>
      )}
      <Form.Item
        name="windowOn"
        label={t('firmware.exec.window')}
        valuePropName="checked"
        extra={t('firmware.exec.windowHelp')}
      >
        <Switch data-testid="exec-window" />
      </Form.Item>
      {windowOn && (
        <FieldRow>
          <Form.Item
            name="windowStart"
            label={t('firmware.exec.windowStart')}
            rules={[{ required: true, pattern: HHMM, message: t('firmware.exec.hhmm') }]}
          >
            <Input type="time" data-testid="exec-window-start" />
          </Form.Item>
          <Form.Item
            name="windowEnd"
            label={t('firmware.exec.windowEnd')}
            rules={[{ required: true, pattern: HHMM, message: t('firmware.exec.hhmm') }]}
          >
            <Input type="time" data-testid="exec-window-end" />
          </Form.Item>
          <Form.Item name="timeZone" label={t('firmware.exec.timeZone')} rules={[{ required: true }]}>
            <Input maxLength={64} translate="no" />
          </Form.Item>
        </FieldRow>
      )}
      <Divider plain titlePlacement="start" style={{ margin: '4px 0 12px' }}>
        {t('firmware.exec.stages')}
      </Divider>
      <Form.Item name="stagesBy" label={t('firmware.exec.stagesBy')}>
        <Radio.Group
          data-testid="exec-stages-by"
          options={[
            { value: 'percent', label: t('firmware.exec.byPercent') },
            { value: 'count', label: t('firmware.exec.byCount') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="stageSizes"
        label={stagesBy === 'count' ? t('firmware.exec.sizesCount') : t('firmware.exec.sizesPercent')}
        extra={t('firmware.exec.sizesHelp')}
        dependencies={['stagesBy']}
        rules={[
          {
            validator: async (_r, v?: string) => {
              const problem = sizesProblem(form.getFieldValue('stagesBy'), v ?? '');
              if (problem) throw new Error(t(problem.key, { max: problem.max }));
            },
          },
        ]}
      >
        <Input data-testid="exec-stage-sizes" placeholder={stagesBy === 'count' ? '10, 100' : '5, 25'} />
      </Form.Item>
      <FieldRow>
        <Form.Item
          name="successThreshold"
          label={t('firmware.exec.successThreshold')}
          extra={t('firmware.exec.successHelp')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={100} addonAfter="%" data-testid="exec-success" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="errorThreshold"
          label={t('firmware.exec.errorThreshold')}
          extra={t('firmware.exec.errorHelp')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={100} addonAfter="%" data-testid="exec-error" style={{ width: '100%' }} />
        </Form.Item>
      </FieldRow>
      <Form.Item name="mode" label={t('firmware.exec.mode')}>
        <Radio.Group data-testid="exec-mode">
          {TASK_MODES.map((m) => (
            <Radio key={m} value={m} data-testid={`exec-mode-${m}`}>
              {t(`firmware.task.modes.${m}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Divider plain titlePlacement="start" style={{ margin: '4px 0 12px' }}>
        {t('firmware.exec.retry')}
      </Divider>
      <FieldRow>
        <Form.Item name="retryAttempts" label={t('firmware.exec.attempts')}>
          <InputNumber min={0} max={RETRY_ATTEMPTS_MAX} data-testid="exec-attempts" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="backoffSec" label={t('firmware.exec.backoff')}>
          <InputNumber min={0} max={86_400} addonAfter={t('firmware.exec.seconds')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="backoffFactor" label={t('firmware.exec.factor')}>
          <InputNumber min={1} max={10} step={0.5} addonBefore="×" style={{ width: '100%' }} />
        </Form.Item>
      </FieldRow>
      <Form.Item name="retryCodes" label={t('firmware.exec.codes')} extra={t('firmware.exec.codesHelp')}>
        <Select
          mode="tags"
          tokenSeparators={[',', ' ']}
          maxTagTextLength={ERROR_CODE_MAX}
          aria-label={t('firmware.exec.codes')}
          data-testid="exec-codes"
          open={false}
        />
      </Form.Item>
      <FieldRow>
        <Form.Item name="confirmMinutes" label={t('firmware.exec.confirm')} extra={t('firmware.exec.confirmHelp')}>
          <InputNumber min={1} max={10_080} addonAfter={t('firmware.exec.minutes')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="offlineDays" label={t('firmware.exec.offline')} extra={t('firmware.exec.offlineHelp')}>
          <InputNumber min={0} max={365} addonAfter={t('firmware.exec.days')} style={{ width: '100%' }} />
        </Form.Item>
      </FieldRow>
    </div>
  );
}
