import { type ApplyDetail, AUDIT_COMMENT_MAX } from '@keel/contract/endpoints/workflow';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { useSession } from '../../../shared/session/session-store';
import { APPLY_LISTS, applyDetailQuery, useApplyTypeTitle } from '../api';
import { FlowProgress } from '../components/FlowProgress';
import { HistoryTimeline } from '../components/HistoryTimeline';
import { StateTag } from '../components/StateTag';
import { detailOf } from '../details/registry';

/** What the action area shows: the pass form, or one of the confirmations that ask for more. */
type Mode = 'pass' | 'reject' | 'transmit' | 'withdraw';

interface Values {
  comment?: string;
  uid?: string;
}

/** A section of the dialog with a heading (h3, for the page's outline). */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section data-testid={testId} style={{ marginTop: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/**
 * An application for its auditor, applicant or assigner (`flowAudit/getApplyDetail`): what was applied for (the
 * apply type's detail component), the flow as submitted with each step's state, the whole history, and what the
 * caller may do now — pass with an optional comment, reject with a reason, transmit to another member with a note,
 * assign (opens AuditAssignDialog), or withdraw their own. The server refuses a second action, one out of turn or
 * one on a finished or meanwhile changed application with its message; the dialog then shows the fresh state.
 */
export function AuditDialog({
  applyId,
  onClose,
  onAssign,
  personal = false,
}: {
  applyId: string;
  onClose: () => void;
  /** Opens the assign dialog for this application (shown to those who may assign). */
  onAssign?: () => void;
  /** One of the caller's own, read and withdrawn in the personal scope (a property they may not be a member of). */
  personal?: boolean;
}) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const me = useSession((s) => s.userInfo?.uid);
  const detail = useQuery({ ...applyDetailQuery(applyId, personal), retry: false });
  const [mode, setMode] = useState<Mode>('pass');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const apply = detail.data;

  const done = (key: string) => () => apply && t(key, { name: apply.subjectName });
  const options = (key: string) => ({ invalidates: APPLY_LISTS, success: done(key) });
  const pass = useApiMutation('flowAudit/flowAudit', options('workflow.audit.passed'));
  const reject = useApiMutation('flowAudit/noPassFlowAudit', options('workflow.audit.rejected'));
  const transmit = useApiMutation('flowAudit/flowAuditTransmit', options('workflow.audit.transmitted'));
  const withdrawHere = useApiMutation('flowAudit/withdrawApply', options('workflow.audit.withdrawn'));
  const withdrawMine = useApiMutation('flowAudit/withdrawApplyByUser', {
    ...options('workflow.audit.withdrawn'),
    scope: 'platform', // the personal scope: no pno
  });
  const withdraw = personal ? withdrawMine : withdrawHere;

  const run = async (call: (a: ApplyDetail, v: Values) => Promise<boolean>) => {
    if (!apply) return;
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if (await call(apply, values)) onClose();
      // Refused (acted meanwhile, out of turn, finished): the client showed why; show the application as it is now.
      else await detail.refetch();
    } finally {
      setBusy(false);
    }
  };
  const text = (v: Values) => v.comment?.trim() ?? '';
  const submit = () => {
    switch (mode) {
      case 'pass':
        return run((a, v) => pass({ applyId: a.applyId, comment: text(v), version: a.version }));
      case 'reject':
        return run((a, v) => reject({ applyId: a.applyId, reason: text(v), version: a.version }));
      case 'transmit':
        return run((a, v) => transmit({ applyId: a.applyId, uid: v.uid ?? '', note: text(v), version: a.version }));
      case 'withdraw':
        return run((a, v) => withdraw({ applyId: a.applyId, note: text(v), version: a.version }));
    }
  };
  const switchTo = (next: Mode) => {
    form.resetFields();
    setMode(next);
  };

  const can = apply?.state === 'pending' ? apply.can : undefined;
  const acting = can !== undefined && (can.pass || can.reject || can.transmit || can.withdraw) === 1;
  // The applicant who may only withdraw sees no comment box until they choose to.
  const showForm = acting && (mode !== 'pass' || can?.pass === 1);

  let body: ReactNode;
  if (detail.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="audit-loading" />;
  else if (detail.isError || !apply)
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="audit-error"
        title={t('workflow.audit.loadFailed')}
        description={detail.error?.message}
        action={<Button onClick={() => void detail.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else {
    const Detail = detailOf(apply.applyType);
    body = (
      <>
        {apply.state !== 'pending' && (
          <Alert
            showIcon
            type={apply.state === 'passed' ? 'success' : apply.state === 'rejected' ? 'error' : 'info'}
            data-testid="audit-outcome"
            title={t(`workflow.audit.outcome.${apply.state}`, { time: formatTime(apply.finishTime) })}
            description={apply.reason ? <span translate="no">{apply.reason}</span> : undefined}
            style={{ marginBottom: 16 }}
          />
        )}
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          data-testid="audit-summary"
          items={[
            {
              key: 'applicant',
              label: t('workflow.list.applicant'),
              children: (
                <span translate="no" data-testid="audit-applicant">
                  {apply.applicantName}
                  {apply.applicantPhone && ` (${apply.applicantPhone})`}
                </span>
              ),
            },
            { key: 'time', label: t('workflow.list.submitted'), children: formatTime(apply.createTime) },
            {
              key: 'step',
              label: t('workflow.list.step'),
              children: (
                <span data-testid="audit-step">
                  {t('workflow.list.stepOf', { index: apply.stepIndex, total: apply.stepNum })}{' '}
                  <span translate="no">{apply.stepName}</span>
                </span>
              ),
            },
            {
              key: 'state',
              label: t('workflow.list.state'),
              children: <StateTag state={apply.state} testId="audit-state" />,
            },
          ]}
        />
        <Section title={t('workflow.audit.detail')} testId="audit-detail">
          <Detail apply={apply} />
        </Section>
        <Section title={t('workflow.audit.progress')}>
          <FlowProgress apply={apply} />
        </Section>
        <Section title={t('workflow.audit.history')}>
          <HistoryTimeline history={apply.history} />
        </Section>
        {showForm && (
          <>
            <Divider style={{ margin: '8px 0 16px' }} />
            <Form form={form} layout="vertical" name={`audit${mode}`} data-testid="audit-form">
              {mode === 'transmit' && (
                <Form.Item
                  name="uid"
                  label={t('workflow.audit.transmitTo')}
                  rules={[{ required: true, message: t('workflow.audit.transmitToRequired') }]}
                >
                  <UserPicker
                    enabledOnly
                    exclude={[apply.applicantUid, ...apply.currentAuditors.map((p) => p.uid), ...(me ? [me] : [])]}
                    testId="audit-transmit-user"
                  />
                </Form.Item>
              )}
              <Form.Item
                name="comment"
                label={t(`workflow.audit.commentLabel.${mode}`)}
                rules={
                  mode === 'reject' || mode === 'transmit'
                    ? [{ required: true, whitespace: true, message: t(`workflow.audit.commentRequired.${mode}`) }]
                    : []
                }
              >
                <Input.TextArea
                  rows={3}
                  maxLength={AUDIT_COMMENT_MAX}
                  showCount
                  data-testid="audit-comment"
                  placeholder={t(`workflow.audit.commentPlaceholder.${mode}`)}
                />
              </Form.Item>
            </Form>
          </>
        )}
      </>
    );
  }

  const footer: ReactNode[] = [];
  if (can && acting && mode !== 'pass') {
    footer.push(
      <Button key="back" onClick={() => switchTo('pass')} disabled={busy} data-testid="audit-back">
        {t('workflow.audit.back')}
      </Button>,
      <Button
        key="confirm"
        type="primary"
        danger={mode !== 'transmit'}
        loading={busy}
        onClick={() => void submit()}
        data-testid={`audit-confirm-${mode}`}
      >
        {t(`workflow.audit.confirm.${mode}`)}
      </Button>,
    );
  } else {
    footer.push(
      <Button key="close" onClick={onClose} data-testid="audit-close">
        {t('workflow.audit.close')}
      </Button>,
    );
    if (can?.withdraw)
      footer.push(
        <Button key="withdraw" danger onClick={() => switchTo('withdraw')} data-testid="audit-withdraw">
          {t('workflow.audit.withdraw')}
        </Button>,
      );
    if (can?.assign && onAssign)
      footer.push(
        <Button key="assign" onClick={onAssign} data-testid="audit-assign">
          {t('workflow.audit.assign')}
        </Button>,
      );
    if (can?.transmit)
      footer.push(
        <Button key="transmit" onClick={() => switchTo('transmit')} data-testid="audit-transmit">
          {t('workflow.audit.transmit')}
        </Button>,
      );
    if (can?.reject)
      footer.push(
        <Button key="reject" danger onClick={() => switchTo('reject')} data-testid="audit-reject">
          {t('workflow.audit.reject')}
        </Button>,
      );
    if (can?.pass)
      footer.push(
        <Button key="pass" type="primary" loading={busy} onClick={() => void submit()} data-testid="audit-pass">
          {t('workflow.audit.pass')}
        </Button>,
      );
  }

  return (
    <Modal
      open
      width={760}
      title={
        apply ? (
          <span>
            {typeTitle(apply.applyType)} · <span translate="no">{apply.subjectName}</span>
          </span>
        ) : (
          t('workflow.audit.title')
        )
      }
      onCancel={onClose}
      destroyOnHidden
      data-testid="audit-dialog"
      footer={<div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 8 }}>{footer}</div>}
    >
      {body}
    </Modal>
  );
}
