import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { SUCCESS_RULES, type SuccessBasis, type SuccessRule } from '@keel/contract/endpoints/firmware-task';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Radio, { type RadioChangeEvent } from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/**
 * Success rules of firmware tasks (modules/firmware-task README "Success rules"): the choice in the task dialog and
 * the property's default, and what decided a device's success on the task's device list.
 */

/**
 * The two rules as radio options, each with what it means; `fallback` marks the property's default. A form control:
 * its Form.Item gives it `value` and `onChange`.
 */
function RuleOptions({
  fallback,
  testId,
  value,
  onChange,
}: {
  fallback?: SuccessRule;
  testId: string;
  value?: SuccessRule;
  onChange?: (e: RadioChangeEvent) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group data-testid={testId} value={value} onChange={onChange} style={{ display: 'grid', gap: 8 }}>
      {SUCCESS_RULES.map((r) => (
        <Radio key={r} value={r} style={{ alignItems: 'flex-start' }}>
          <span>
            {t(`firmware.successRule.rules.${r}`)}
            {fallback === r ? (
              <Typography.Text type="secondary">{` · ${t('firmware.successRule.defaultMark')}`}</Typography.Text>
            ) : null}
          </span>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`firmware.successRule.ruleHelp.${r}`)}
          </Typography.Text>
        </Radio>
      ))}
    </Radio.Group>
  );
}

/** The task dialog's field `successRule` (its form's value), the property's default marked. */
export function SuccessRuleField({ fallback }: { fallback?: SuccessRule }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="successRule"
      label={t('firmware.successRule.label')}
      extra={t('firmware.successRule.identifyHelp')}
    >
      <RuleOptions fallback={fallback} testId="task-success-rule" />
    </Form.Item>
  );
}

/** The property's default rule (`task/getTaskSettings`): `versionReport` while it cannot be read. */
export function usePropertySuccessRule(enabled: boolean) {
  const q = useQuery({ ...apiQuery('task/getTaskSettings', {}), enabled, retry: false });
  return {
    loading: enabled && q.isLoading,
    failed: q.isError,
    rule: (q.data?.successRule ?? 'versionReport') as SuccessRule,
  };
}

/** What decided a device's success, with what it means on hover; '—' before it succeeded. */
export function SuccessBy({ by, testId }: { by: SuccessBasis | null; testId?: string }) {
  const { t } = useTranslation();
  if (!by) return <span data-testid={testId}>—</span>;
  return (
    <Tooltip title={t(`firmware.successRule.byTip.${by}`)}>
      <span data-testid={testId} data-by={by} style={{ cursor: 'help', borderBottom: '1px dotted currentColor' }}>
        {t(`firmware.successRule.by.${by}`)}
      </span>
    </Tooltip>
  );
}

/** The device list's column title: what the column says, and why a stock SWUpdate cannot be confirmed by version. */
export function SuccessByTitle() {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {t('firmware.successRule.column')}
      <Tooltip title={t('firmware.successRule.columnTip')}>
        <QuestionCircleOutlined aria-label={t('firmware.successRule.columnTip')} data-testid="success-by-help" />
      </Tooltip>
    </Space>
  );
}

/** The task page's button for the property's default rule (`task/saveTaskSettings`), in a small dialog. */
export function SuccessRuleSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)} data-testid="task-success-settings">
        {t('firmware.successRule.settings')}
      </Button>
      {open && <SettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ successRule: SuccessRule }>();
  const [saving, setSaving] = useState(false);
  const q = useQuery({ ...apiQuery('task/getTaskSettings', {}), retry: false });
  const save = useApiMutation('task/saveTaskSettings', {
    invalidates: ['task/getTaskSettings'],
    success: () => t('firmware.successRule.settingsSaved'),
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    const ok = await save({ successRule: v.successRule });
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Modal
      open
      title={t('firmware.successRule.settingsTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !q.data, 'data-testid': 'success-settings-ok' } as never}
      destroyOnHidden
    >
      <div data-testid="success-settings-dialog">
        {q.isError ? (
          <Alert type="warning" showIcon message={t('kit.loadFailed')} description={q.error.message} />
        ) : !q.data ? (
          <Skeleton active />
        ) : (
          <Form form={form} layout="vertical" initialValues={{ successRule: q.data.successRule }}>
            <Typography.Paragraph type="secondary">{t('firmware.successRule.settingsHelp')}</Typography.Paragraph>
            <Form.Item name="successRule" extra={t('firmware.successRule.identifyHelp')}>
              <RuleOptions testId="success-settings-rule" />
            </Form.Item>
          </Form>
        )}
      </div>
    </Modal>
  );
}
