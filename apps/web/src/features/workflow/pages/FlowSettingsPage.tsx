import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import {
  APPLY_TYPES,
  type ApplyTypeAuthRel,
  type ApplyTypeId,
  type AuditorRef,
  FLOW_MAX_STEPS,
  type FlowSetting,
  type FlowStep,
} from '@keel/contract/endpoints/workflow';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Steps from 'antd/es/steps';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useMediaQuery } from '../../../shared/layout/use-media-query';
import { useSession } from '../../../shared/session/session-store';
import { authRelQuery, flowSettingQuery, SETTING_LISTS, useApplyTypeTitle, useWorkflowRights } from '../api';
import { AuditorTags } from '../components/AuditorTags';
import { PermissionName } from '../components/PermissionName';
import { WORKFLOW_SEARCH } from '../search';
import '../workflow.css';

/** The apply type the page shows: the URL's, else the first. */
export function useSettingsType(): ApplyTypeId {
  const { applyType } = useSearchOf(WORKFLOW_SEARCH);
  return applyType ?? APPLY_TYPES[0].id;
}

/** Opens one of the settings page's dialog routes for the apply type shown (and a step or auditor of it). */
export function useSettingsDialogs() {
  const navigate = useNavigate();
  const applyType = useSettingsType();
  const go = (to: string, search: Record<string, unknown> = {}) =>
    void navigate({ to: to as never, search: { applyType, ...search } as never });
  return {
    addStep: () => go('/BusinessProcess/AddDefaultReviewerDialog'),
    editStep: (step: FlowStep) => go('/BusinessProcess/EditDefaultReviewerDialog', { stepId: step.stepId }),
    stepAuditors: (step: FlowStep) => go('/BusinessProcess/EditAuditUserDlg', { stepId: step.stepId }),
    typeAuditors: () => go('/BusinessProcess/EditAuditUserDlg'),
    auditor: (a: AuditorRef) => go('/BusinessProcess/AuditerDetailDlg', { authType: a.authType, value: a.id }),
  };
}

/** A small icon button with its name as tooltip and accessible name. */
function IconButton({
  label,
  icon,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Tooltip title={label}>
      <Button size="small" icon={icon} aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId} />
    </Tooltip>
  );
}

/** A step's name with its actions: edit, auditors, move up and down, remove (with a confirmation). */
function StepHead({ step, flow, canEdit }: { step: FlowStep; flow: FlowSetting; canEdit: boolean }) {
  const { t } = useTranslation();
  const dialogs = useSettingsDialogs();
  const count = flow.steps.length;
  const update = useApiMutation('flowSettingDefault/updateFlowSettingDefault', {
    invalidates: SETTING_LISTS,
    success: () => t('workflow.step.moved', { name: step.name }),
  });
  const remove = useApiMutation('flowSettingDefault/deleteFlowSettingDefault', {
    invalidates: SETTING_LISTS,
    success: () => t('workflow.step.removed', { name: step.name }),
  });
  const move = (sort: number) =>
    void update({ stepId: step.stepId, name: step.name, rule: step.rule, skipApplicant: step.skipApplicant, sort });
  return (
    <span className="k-wf-step-head" data-testid={`flow-step-${step.sort}`}>
      <Typography.Text strong translate="no" data-testid={`flow-step-name-${step.sort}`}>
        {step.name}
      </Typography.Text>
      {canEdit && (
        <span className="k-wf-step-actions">
          <IconButton
            label={t('workflow.step.edit')}
            icon={<EditOutlined />}
            onClick={() => dialogs.editStep(step)}
            testId={`step-edit-${step.sort}`}
          />
          <IconButton
            label={t('workflow.step.editAuditors')}
            icon={<TeamOutlined />}
            onClick={() => dialogs.stepAuditors(step)}
            testId={`step-auditors-${step.sort}`}
          />
          <IconButton
            label={t('workflow.step.up')}
            icon={<ArrowUpOutlined />}
            disabled={step.sort <= 1}
            onClick={() => move(step.sort - 1)}
            testId={`step-up-${step.sort}`}
          />
          <IconButton
            label={t('workflow.step.down')}
            icon={<ArrowDownOutlined />}
            disabled={step.sort >= count}
            onClick={() => move(step.sort + 1)}
            testId={`step-down-${step.sort}`}
          />
          <ConfirmAction
            title={t('workflow.step.removeConfirm', { name: step.name })}
            description={count === 1 ? t('workflow.step.removeLast') : t('workflow.step.removeHint')}
            onConfirm={() => remove({ applyType: flow.applyType, stepId: step.stepId })}
            buttonProps={
              {
                size: 'small',
                icon: <DeleteOutlined />,
                'aria-label': t('workflow.step.remove'),
                title: t('workflow.step.remove'),
                'data-testid': `step-remove-${step.sort}`,
              } as never
            }
          >
            {null}
          </ConfirmAction>
        </span>
      )}
    </span>
  );
}

/** A step's rule, skip flag and auditors (each opens its detail). */
function StepBody({ step }: { step: FlowStep }) {
  const { t } = useTranslation();
  const dialogs = useSettingsDialogs();
  return (
    <div className="k-wf-step-body">
      <span>
        <Tag color={step.rule === 'all' ? 'volcano' : 'blue'} data-testid={`flow-step-rule-${step.sort}`}>
          {t(`workflow.rules.${step.rule}`)}
        </Tag>
        {step.skipApplicant === 1 && <Tag>{t('workflow.step.skipShort')}</Tag>}
      </span>
      <AuditorTags auditors={step.auditors} onOpen={dialogs.auditor} testId={`flow-step-auditors-${step.sort}`} />
    </div>
  );
}

/** A step's number in the drawing (every step alike: none of them is "current" in a flow's settings). */
function StepNumber({ n }: { n: number }) {
  return (
    <span className="k-wf-step-no" aria-hidden>
      {n}
    </span>
  );
}

/**
 * The flow of one apply type drawn as steps, numbered as the flow numbers them; the built-in flow as its one step
 * (the permission's holders). A caption says how an application goes through them.
 */
function FlowDrawing({ flow, canEdit }: { flow: FlowSetting; canEdit: boolean }) {
  const { t } = useTranslation();
  const items =
    flow.builtIn === 1
      ? [
          {
            key: 'builtIn',
            status: 'process' as const,
            icon: <StepNumber n={1} />,
            title: (
              <span className="k-wf-step-head" data-testid="flow-builtin-step">
                <Typography.Text strong>{t('workflow.flow.builtInStep')}</Typography.Text>
              </span>
            ),
            description: (
              <div className="k-wf-step-body">
                <span>
                  <Tag color="blue">{t('workflow.rules.any')}</Tag>
                </span>
                <span>
                  {t('workflow.flow.builtInAuditors')} <PermissionName id={flow.permission} />
                </span>
              </div>
            ),
          },
        ]
      : flow.steps.map((step) => ({
          key: step.stepId,
          status: 'process' as const,
          icon: <StepNumber n={step.sort} />,
          title: <StepHead step={step} flow={flow} canEdit={canEdit} />,
          description: <StepBody step={step} />,
        }));
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="flow-caption">
        {t('workflow.flow.caption')}
      </Typography.Paragraph>
      <Steps orientation="vertical" size="small" data-testid="flow-drawing" items={items} />
    </>
  );
}

/** Who may audit the type besides its permission's holders (`applyTypeAuthRel`), and how many applications wait. */
function TypeAuditors({ rel, canEdit }: { rel: ApplyTypeAuthRel | undefined; canEdit: boolean }) {
  const { t } = useTranslation();
  const dialogs = useSettingsDialogs();
  return (
    <Card
      size="small"
      title={t('workflow.typeAuditors.heading')}
      style={{ marginTop: 8 }}
      data-testid="type-auditors"
      extra={
        canEdit && rel ? (
          <Button size="small" icon={<EditOutlined />} onClick={dialogs.typeAuditors} data-testid="type-auditors-edit">
            {t('workflow.typeAuditors.edit')}
          </Button>
        ) : null
      }
    >
      {!rel ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <div style={{ display: 'grid', gap: 8 }}>
          <span>
            {t('workflow.typeAuditors.holders')} <PermissionName id={rel.permission} />
          </span>
          <span>
            <Typography.Text type="secondary">{t('workflow.typeAuditors.named')} </Typography.Text>
            <AuditorTags
              auditors={rel.auditors}
              onOpen={dialogs.auditor}
              empty={t('workflow.typeAuditors.nobody')}
              testId="type-auditor-tags"
            />
          </span>
          <Typography.Text type="secondary" data-testid="type-pending">
            {t('workflow.typeAuditors.pending', { count: rel.pendingNum })}
          </Typography.Text>
        </div>
      )}
    </Card>
  );
}

/** One apply type's settings: its default flow (or the built-in one), and who may audit it. */
function TypePanel({ applyType, rel }: { applyType: ApplyTypeId; rel: ApplyTypeAuthRel | undefined }) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const rights = useWorkflowRights();
  const dialogs = useSettingsDialogs();
  const flow = useQuery(flowSettingQuery(applyType));
  const reset = useApiMutation('flowSettingDefault/deleteFlowSettingDefault', {
    invalidates: SETTING_LISTS,
    success: () => t('workflow.flow.resetDone', { type: typeTitle(applyType) }),
  });

  if (flow.isError)
    return (
      <Result
        status="error"
        data-testid="flow-error"
        title={t('kit.loadFailed')}
        subTitle={flow.error.message}
        extra={
          <Button onClick={() => void flow.refetch()} data-testid="retry">
            {t('kit.retry')}
          </Button>
        }
      />
    );
  if (!flow.data) return <Skeleton active paragraph={{ rows: 6 }} data-testid="flow-loading" />;
  const f = flow.data;
  const full = f.steps.length >= FLOW_MAX_STEPS;
  return (
    <div data-testid={`flow-panel-${applyType}`}>
      <div className="k-wf-panel-head">
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {typeTitle(applyType)}
          </Typography.Title>
          <div style={{ marginTop: 4, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
            {f.builtIn === 1 ? (
              <Tag data-testid="flow-kind">{t('workflow.flow.builtIn')}</Tag>
            ) : (
              <Tag color="blue" data-testid="flow-kind">
                {t('workflow.flow.custom', { count: f.steps.length })}
              </Tag>
            )}
            {rel?.enabled === 0 && <Tag color="orange">{t('workflow.flow.businessOff')}</Tag>}
            {f.updateTime !== null && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('workflow.flow.updated', { time: formatTime(f.updateTime) })}{' '}
                <span translate="no">{f.updaterName}</span>
              </Typography.Text>
            )}
          </div>
        </div>
        {rights.edit && (
          <span className="k-wf-step-actions">
            <Tooltip title={full ? t('workflow.step.full', { max: FLOW_MAX_STEPS }) : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={dialogs.addStep}
                disabled={full}
                data-testid="flow-add-step"
              >
                {f.builtIn === 1 ? t('workflow.flow.addFirst') : t('workflow.flow.addStep')}
              </Button>
            </Tooltip>
            {f.builtIn === 0 && (
              <ConfirmAction
                placement="bottomRight"
                title={t('workflow.flow.resetConfirm', { type: typeTitle(applyType) })}
                description={t('workflow.flow.resetHint')}
                onConfirm={() => reset({ applyType })}
                buttonProps={{ 'data-testid': 'flow-reset' } as never}
              >
                {t('workflow.flow.reset')}
              </ConfirmAction>
            )}
          </span>
        )}
      </div>
      {f.builtIn === 1 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="flow-builtin-notice"
          title={t('workflow.flow.builtInTitle')}
          description={t('workflow.flow.builtInHint')}
        />
      )}
      <FlowDrawing flow={f} canEdit={rights.edit} />
      <TypeAuditors rel={rel} canEdit={rights.edit} />
    </div>
  );
}

/**
 * `/BusinessProcess/ProcesssSettingsPage`: per apply type (`?applyType=`), its default flow drawn as steps with
 * their auditors, rule and skip flag — add, edit, reorder and remove steps, or go back to the built-in flow — and
 * who may audit the type. Editing needs `process.settings.edit`; applications in flight keep the flow they began with.
 */
export function FlowSettingsPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const typeTitle = useApplyTypeTitle();
  const applyType = useSettingsType();
  const search = useSearchRecord();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 992px)');
  const rels = useQuery({ ...authRelQuery(), enabled: pno !== null });
  const relOf = (id: ApplyTypeId) => rels.data?.find((r) => r.applyType === id);
  const pick = (key: string) =>
    void navigate({ to: '.', search: { ...search, applyType: key } as never, replace: true });
  /** A type's flow in short: its steps (or built-in) and how many applications wait. */
  const summary = (id: ApplyTypeId) => {
    const rel = relOf(id);
    if (!rel) return '';
    const flow = rel.stepNum > 0 ? t('workflow.flow.steps', { count: rel.stepNum }) : t('workflow.flow.builtIn');
    return rel.pendingNum > 0 ? `${flow} · ${t('workflow.flow.pending', { count: rel.pendingNum })}` : flow;
  };

  if (!pno)
    return (
      <Card title={t('workflow.settings.title')} data-testid="workflow-settings-page">
        <Empty description={t('workflow.noProperty')} />
      </Card>
    );

  return (
    <Card title={t('workflow.settings.title')} data-testid="workflow-settings-page">
      <Typography.Paragraph type="secondary">{t('workflow.settings.help')}</Typography.Paragraph>
      {wide ? (
        <Tabs
          className="k-wf-tabs"
          tabPlacement="start"
          activeKey={applyType}
          onChange={pick}
          data-testid="apply-type-tabs"
          items={APPLY_TYPES.map((type) => ({
            key: type.id,
            label: (
              <span data-testid={`apply-type-tab-${type.id}`} className="k-wf-tab-label">
                <span>{typeTitle(type.id)}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {summary(type.id)}
                </Typography.Text>
              </span>
            ),
            children: type.id === applyType ? <TypePanel applyType={type.id} rel={relOf(type.id)} /> : null,
          }))}
        />
      ) : (
        <>
          <label htmlFor="apply-type-select" style={{ display: 'block', marginBottom: 4 }}>
            {t('workflow.settings.type')}
          </label>
          <Select
            id="apply-type-select"
            data-testid="apply-type-select"
            value={applyType}
            onChange={pick}
            style={{ width: '100%', marginBottom: 16 }}
            options={APPLY_TYPES.map((type) => ({
              value: type.id,
              label: summary(type.id) ? `${typeTitle(type.id)} · ${summary(type.id)}` : typeTitle(type.id),
            }))}
          />
          <TypePanel applyType={applyType} rel={relOf(applyType)} />
        </>
      )}
    </Card>
  );
}
