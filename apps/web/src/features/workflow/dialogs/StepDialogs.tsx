import {
  type ApplyTypeId,
  FLOW_MAX_STEPS,
  type FlowStep,
  STEP_NAME_MAX,
  STEP_RULES,
} from '@keel/contract/endpoints/workflow';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { SETTING_LISTS, useApplyTypeTitle } from '../api';
import { AuditorFields, type AuditorLists, cleanLists, listsOf, NO_AUDITORS } from '../components/AuditorFields';
import { AuditorTags } from '../components/AuditorTags';

interface StepValues extends Partial<AuditorLists> {
  name: string;
  rule: (typeof STEP_RULES)[number];
  skipApplicant: boolean;
  /** 1-based position; 0: last (add). */
  sort: number;
}

/** The fields a step's add and edit share: its name, rule, whether it skips an applicant who audits it, its place. */
function StepFields({ positions }: { positions: { value: number; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('workflow.step.name')}
        rules={[
          { required: true, whitespace: true, message: t('workflow.step.nameRequired') },
          { max: STEP_NAME_MAX, message: t('workflow.step.nameTooLong', { max: STEP_NAME_MAX }) },
        ]}
      >
        <Input maxLength={STEP_NAME_MAX} data-testid="step-name" placeholder={t('workflow.step.namePlaceholder')} />
      </Form.Item>
      <Form.Item name="rule" label={t('workflow.step.rule')}>
        <Radio.Group data-testid="step-rule">
          {STEP_RULES.map((rule) => (
            <Radio key={rule} value={rule} data-testid={`step-rule-${rule}`}>
              {t(`workflow.rules.${rule}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="skipApplicant"
        label={t('workflow.step.skip')}
        extra={t('workflow.step.skipHint')}
        valuePropName="checked"
      >
        <Switch data-testid="step-skip" />
      </Form.Item>
      <Form.Item name="sort" label={t('workflow.step.position')}>
        <Select data-testid="step-position" options={positions} style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}

/** The positions a step can take among `count` steps (`adding`: one more, "last" first). */
function usePositions(count: number, adding: boolean) {
  const { t } = useTranslation();
  return useMemo(() => {
    const n = adding ? count + 1 : count;
    const list = Array.from({ length: n }, (_, i) => ({
      value: i + 1,
      label: t('workflow.step.at', { index: i + 1 }),
    }));
    return adding ? [{ value: 0, label: t('workflow.step.atEnd') }, ...list.slice(0, -1)] : list;
  }, [count, adding, t]);
}

/**
 * `AddDefaultReviewerDialog`: a new step in the default flow of an apply type, with its auditors
 * (`flowSettingDefault/saveFlowSettingDefault`); the first step replaces the built-in flow.
 */
export function AddStepDialog({
  applyType,
  steps,
  onClose,
}: {
  applyType: ApplyTypeId;
  steps: readonly FlowStep[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const positions = usePositions(steps.length, true);
  const full = steps.length >= FLOW_MAX_STEPS;
  const initialValues = useMemo<Partial<StepValues>>(
    () => ({ name: '', rule: 'any', skipApplicant: false, sort: 0, ...NO_AUDITORS }),
    [],
  );
  const save = useApiMutation('flowSettingDefault/saveFlowSettingDefault', {
    invalidates: SETTING_LISTS,
    success: (_, input) => t('workflow.step.added', { name: input.name }),
  });
  return (
    <FormDialog<StepValues>
      open
      title={t('workflow.step.addTitle', { type: typeTitle(applyType) })}
      initialValues={initialValues}
      onClose={onClose}
      testId="add-step-dialog"
      onSubmit={(v) =>
        save({
          applyType,
          name: v.name.trim(),
          rule: v.rule,
          skipApplicant: v.skipApplicant ? 1 : 0,
          ...(v.sort ? { sort: v.sort } : {}),
          ...cleanLists(v),
        })
      }
    >
      {full && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('workflow.step.full', { max: FLOW_MAX_STEPS })}
        />
      )}
      {steps.length === 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('workflow.step.firstHint')} />
      )}
      <StepFields positions={positions} />
      <AuditorFields required />
    </FormDialog>
  );
}

/**
 * `EditDefaultReviewerDialog`: a step's name, rule, skip flag and place (`flowSettingDefault/updateFlowSettingDefault`);
 * its auditors are changed in `/BusinessProcess/EditAuditUserDlg`.
 */
export function EditStepDialog({
  step,
  steps,
  onClose,
  onEditAuditors,
}: {
  step: FlowStep;
  steps: readonly FlowStep[];
  onClose: () => void;
  onEditAuditors?: () => void;
}) {
  const { t } = useTranslation();
  const positions = usePositions(steps.length, false);
  const initialValues = useMemo<Partial<StepValues>>(
    () => ({ name: step.name, rule: step.rule, skipApplicant: step.skipApplicant === 1, sort: step.sort }),
    [step],
  );
  const update = useApiMutation('flowSettingDefault/updateFlowSettingDefault', {
    invalidates: SETTING_LISTS,
    success: (_, input) => t('workflow.step.saved', { name: input.name }),
  });
  return (
    <FormDialog<StepValues>
      open
      title={t('workflow.step.editTitle', { index: step.sort })}
      initialValues={initialValues}
      onClose={onClose}
      testId="edit-step-dialog"
      onSubmit={(v) =>
        update({
          stepId: step.stepId,
          name: v.name.trim(),
          rule: v.rule,
          skipApplicant: v.skipApplicant ? 1 : 0,
          ...(v.sort !== step.sort ? { sort: v.sort } : {}),
        })
      }
    >
      <StepFields positions={positions} />
      <Form.Item label={t('workflow.step.auditors')}>
        <AuditorTags auditors={step.auditors} />
        {onEditAuditors && (
          <div>
            <button type="button" className="k-wf-link" onClick={onEditAuditors} data-testid="step-edit-auditors">
              {t('workflow.step.editAuditors')}
            </button>
          </div>
        )}
      </Form.Item>
    </FormDialog>
  );
}

/** `/BusinessProcess/EditAuditUserDlg` for a step: replace its auditors (`flowSettingDefaultAuditorRel/updateFlowSettingDefaultAuditor`). */
export function EditStepAuditorsDialog({ step, onClose }: { step: FlowStep; onClose: () => void }) {
  const { t } = useTranslation();
  const initialValues = useMemo(() => listsOf(step.auditors), [step]);
  const update = useApiMutation('flowSettingDefaultAuditorRel/updateFlowSettingDefaultAuditor', {
    invalidates: SETTING_LISTS,
    success: () => t('workflow.auditor.saved', { name: step.name }),
  });
  return (
    <FormDialog<Partial<AuditorLists>>
      open
      title={t('workflow.auditor.stepTitle', { index: step.sort, name: step.name })}
      initialValues={initialValues}
      onClose={onClose}
      testId="edit-auditors-dialog"
      onSubmit={(v) => update({ stepId: step.stepId, ...cleanLists(v) })}
    >
      <AuditorFields known={step.auditors} required />
    </FormDialog>
  );
}
