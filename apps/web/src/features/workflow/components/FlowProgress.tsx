import type { ApplyDetail } from '@keel/contract/endpoints/workflow';
import Steps from 'antd/es/steps';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { AuditorTags } from './AuditorTags';

type StepState = ApplyDetail['steps'][number]['state'];

const STATUS: Record<StepState, 'wait' | 'process' | 'finish' | 'error'> = {
  waiting: 'wait',
  current: 'process',
  passed: 'finish',
  skipped: 'finish',
  rejected: 'error',
  withdrawn: 'wait',
};

/**
 * An application's flow as it was submitted, step by step: each step's state, rule and auditors, who passed it
 * and, for the current one, who may act now.
 */
export function FlowProgress({ apply }: { apply: ApplyDetail }) {
  const { t } = useTranslation();
  return (
    <Steps
      orientation="vertical"
      size="small"
      data-testid="apply-progress"
      current={Math.max(0, apply.stepIndex - 1)}
      items={apply.steps.map((step) => ({
        status: STATUS[step.state],
        title: (
          <span data-testid={`progress-step-${step.index}`} data-state={step.state}>
            <span translate="no">{step.name}</span>
            <Tag style={{ marginInlineStart: 8 }} color={step.state === 'current' ? 'processing' : undefined}>
              {t(`workflow.stepStates.${step.state}`)}
            </Tag>
          </span>
        ),
        description: (
          <div style={{ display: 'grid', gap: 4, paddingBottom: 8 }}>
            <Typography.Text type="secondary">
              {t(`workflow.rules.${step.rule}`)}
              {step.skipApplicant === 1 && ` · ${t('workflow.step.skipShort')}`}
            </Typography.Text>
            <AuditorTags auditors={step.auditors} empty={t('workflow.auditor.builtIn')} />
            {step.state === 'current' && apply.currentAuditors.length > 0 && (
              <Typography.Text data-testid="progress-waiting">
                {t('workflow.progress.waitingFor')}{' '}
                <span translate="no">{apply.currentAuditors.map((p) => p.name).join(t('workflow.sep'))}</span>
              </Typography.Text>
            )}
            {step.passedBy.length > 0 && (
              <Typography.Text type="success">
                {t('workflow.progress.passedBy')}{' '}
                <span translate="no">{step.passedBy.map((p) => p.name).join(t('workflow.sep'))}</span>
              </Typography.Text>
            )}
          </div>
        ),
      }))}
    />
  );
}
