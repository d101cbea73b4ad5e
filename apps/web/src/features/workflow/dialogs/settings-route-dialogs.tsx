import type { AuditorRef, FlowStep } from '@keel/contract/endpoints/workflow';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { authRelQuery, flowSettingQuery, useApplyTypeTitle } from '../api';
import { AuditorTags } from '../components/AuditorTags';
import { PermissionName } from '../components/PermissionName';
import { useSettingsDialogs, useSettingsType } from '../pages/FlowSettingsPage';
import { WORKFLOW_SEARCH } from '../search';
import { AuditorDetailDialog, EditTypeAuditorsDialog } from './AuditorDialogs';
import { AddStepDialog, EditStepAuditorsDialog, EditStepDialog } from './StepDialogs';

/**
 * The settings page's dialogs as routes (`?applyType=` names the apply type shown, `?stepId=` a step of its flow,
 * `?authType=&value=` an auditor entry). A step that is gone closes its dialog with a message; without one named,
 * the dialog asks which.
 */

/** The flow of the apply type shown, and the step `?stepId=` names in it (closing the dialog when it is gone). */
function useRouteStep(onClose: () => void) {
  const { t } = useTranslation();
  const applyType = useSettingsType();
  const { stepId } = useSearchOf(WORKFLOW_SEARCH);
  const flow = useQuery(flowSettingQuery(applyType));
  const stepQuery = {
    data: flow.data ? (flow.data.steps.find((s) => s.stepId === stepId) ?? undefined) : undefined,
    isError: flow.isError,
    isSuccess: flow.isSuccess,
  };
  const step = useRouteObject(stepQuery, stepId !== undefined, t('workflow.step.gone'), onClose);
  return { applyType, flow, stepId, step };
}

/** A small dialog that asks for what a dialog route did not name. */
function AskDialog({
  title,
  onClose,
  children,
  testId,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      data-testid={testId}
      footer={<Button onClick={onClose}>{t('kit.cancel')}</Button>}
    >
      {children}
    </Modal>
  );
}

/** Without `?stepId=`: the steps of the flow to choose from (or, for the built-in flow, a way to add the first). */
function AskStep({ title, onClose, then }: { title: ReactNode; onClose: () => void; then: string }) {
  const { t } = useTranslation();
  const applyType = useSettingsType();
  const typeTitle = useApplyTypeTitle();
  const dialogs = useSettingsDialogs();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const flow = useQuery(flowSettingQuery(applyType));
  const pick = (step: FlowStep) =>
    void navigate({ to: then as never, search: { ...search, stepId: step.stepId } as never, replace: true });
  let body: ReactNode;
  if (!flow.data) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (flow.data.steps.length === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('workflow.ask.noSteps', { type: typeTitle(applyType) })}
        data-testid="ask-no-steps"
      >
        <Button type="primary" onClick={dialogs.addStep} data-testid="ask-add-step">
          {t('workflow.flow.addFirst')}
        </Button>
      </Empty>
    );
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">
          {t('workflow.ask.pickStep', { type: typeTitle(applyType) })}
        </Typography.Paragraph>
        <ol style={{ paddingInlineStart: 20, margin: 0, display: 'grid', gap: 6 }}>
          {flow.data.steps.map((step) => (
            <li key={step.stepId}>
              <button
                type="button"
                className="k-wf-link"
                onClick={() => pick(step)}
                data-testid={`ask-step-${step.sort}`}
              >
                <span translate="no">{step.name}</span>
              </button>
            </li>
          ))}
        </ol>
      </>
    );
  return (
    <AskDialog title={title} onClose={onClose} testId="ask-step-dialog">
      {body}
    </AskDialog>
  );
}

/** `/BusinessProcess/AddDefaultReviewerDialog[?applyType=]`: a new step in the flow of the apply type shown. */
export function AddDefaultReviewerRouteDialog({ onClose }: { onClose: () => void }) {
  const applyType = useSettingsType();
  const flow = useQuery(flowSettingQuery(applyType));
  return flow.data ? <AddStepDialog applyType={applyType} steps={flow.data.steps} onClose={onClose} /> : null;
}

/** `/BusinessProcess/EditDefaultReviewerDialog?applyType=&stepId=`: a step's name, rule, skip flag and place. */
export function EditDefaultReviewerRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { flow, stepId, step } = useRouteStep(onClose);
  const dialogs = useSettingsDialogs();
  if (stepId === undefined)
    return (
      <AskStep title={t('workflow.step.edit')} onClose={onClose} then="/BusinessProcess/EditDefaultReviewerDialog" />
    );
  return step && flow.data ? (
    <EditStepDialog
      step={step}
      steps={flow.data.steps}
      onClose={onClose}
      onEditAuditors={() => dialogs.stepAuditors(step)}
    />
  ) : null;
}

/**
 * `/BusinessProcess/EditAuditUserDlg?applyType=[&stepId=]`: a step's auditors; without a step, who may audit the
 * apply type (applyTypeAuthRel).
 */
export function EditAuditUserRouteDialog({ onClose }: { onClose: () => void }) {
  const { applyType, stepId, step } = useRouteStep(onClose);
  const rels = useQuery({ ...authRelQuery(), enabled: stepId === undefined });
  if (stepId !== undefined) return step ? <EditStepAuditorsDialog step={step} onClose={onClose} /> : null;
  const rel = rels.data?.find((r) => r.applyType === applyType);
  return rel ? <EditTypeAuditorsDialog rel={rel} onClose={onClose} /> : null;
}

/**
 * `/BusinessProcess/AuditerDetailDlg?authType=&value=`: who an auditor entry resolves to. Without one named, the
 * auditors of the apply type shown (its steps' and those who may audit it) to choose from.
 */
export function AuditerDetailRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { authType, value } = useSearchOf(WORKFLOW_SEARCH);
  const applyType = useSettingsType();
  const typeTitle = useApplyTypeTitle();
  const dialogs = useSettingsDialogs();
  const named = authType !== undefined && value !== undefined;
  const flow = useQuery({ ...flowSettingQuery(applyType), enabled: !named });
  const rels = useQuery({ ...authRelQuery(), enabled: !named });
  if (named) return <AuditorDetailDialog authType={authType} value={value} onClose={onClose} />;
  const rel = rels.data?.find((r) => r.applyType === applyType);
  const seen = new Set<string>();
  const auditors: AuditorRef[] = [];
  for (const a of [...(flow.data?.steps.flatMap((s) => s.auditors) ?? []), ...(rel?.auditors ?? [])]) {
    const key = `${a.authType}:${a.id}`;
    if (!seen.has(key)) {
      seen.add(key);
      auditors.push(a);
    }
  }
  const loading = !flow.data || !rels.data;
  return (
    <AskDialog title={t('workflow.auditorDetail.pickTitle')} onClose={onClose} testId="ask-auditor-dialog">
      {loading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : auditors.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="ask-no-auditors"
          description={
            <span>
              {t('workflow.ask.noAuditors', { type: typeTitle(applyType) })}{' '}
              {rel && <PermissionName id={rel.permission} />}
            </span>
          }
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t('workflow.ask.pickAuditor', { type: typeTitle(applyType) })}
          </Typography.Paragraph>
          <AuditorTags auditors={auditors} onOpen={(a) => dialogs.auditor(a)} />
        </>
      )}
    </AskDialog>
  );
}
