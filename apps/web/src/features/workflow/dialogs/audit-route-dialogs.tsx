import type { ApplyTypeId } from '@keel/contract/endpoints/workflow';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { applyDetailQuery, useApplyTypeTitle, useWorkflowRights } from '../api';
import { StateTag } from '../components/StateTag';
import { WORKFLOW_SEARCH } from '../search';
import { AuditAssignDialog } from './AuditAssignDialog';
import { AuditDialog } from './AuditDialog';

/**
 * The approval dialogs as routes: `?applyId=` names the application. Without it, the dialog asks which — the
 * member's to-do items (of one apply type where the route is that type's), or for assigning every pending one.
 */

/** Which applications the "which one?" dialog offers. */
type Offer = { kind: 'todo' | 'pending'; applyType?: ApplyTypeId };

function AskApplication({ title, offer, onClose }: { title: string; offer: Offer; onClose: () => void }) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const rights = useWorkflowRights();
  const forbidden = offer.kind === 'pending' && !rights.assign;
  const page = { pageNum: 1, pageSize: 10, applyType: offer.applyType };
  const todo = useQuery({
    ...apiQuery('flowAudit/getAuditOrNoAuditList', { ...page, auditStatus: 0 }),
    enabled: offer.kind === 'todo',
  });
  const pending = useQuery({
    ...apiQuery('flowAudit/getApplyList', { ...page, state: 'pending' }),
    enabled: offer.kind === 'pending' && !forbidden,
  });
  const list = offer.kind === 'todo' ? todo : pending;
  const pick = (applyId: string) => void navigate({ to: '.', search: { ...search, applyId } as never, replace: true });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      data-testid="ask-apply-dialog"
      footer={<Button onClick={onClose}>{t('kit.cancel')}</Button>}
    >
      {forbidden ? (
        <Alert type="warning" showIcon title={t('workflow.ask.noAssignRight')} />
      ) : list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('kit.loadFailed')}
          action={<Button onClick={() => void list.refetch()}>{t('kit.retry')}</Button>}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {t(offer.kind === 'todo' ? 'workflow.ask.pickTodo' : 'workflow.ask.pickPending')}
          </Typography.Paragraph>
          <List
            size="small"
            loading={list.isLoading}
            dataSource={list.data?.list ?? []}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t(offer.kind === 'todo' ? 'workflow.ask.noTodo' : 'workflow.ask.noPending')}
                />
              ),
            }}
            renderItem={(row) => (
              <List.Item
                key={row.applyId}
                actions={[
                  <Button
                    key="open"
                    size="small"
                    onClick={() => pick(row.applyId)}
                    data-testid={`ask-apply-${row.applyId}`}
                  >
                    {t('workflow.list.view')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {typeTitle(row.applyType)} · <span translate="no">{row.subjectName}</span>
                    </span>
                  }
                  description={
                    <span>
                      <span translate="no">{row.applicantName}</span> · {formatTime(row.createTime)}{' '}
                      <StateTag state={row.state} />
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}

/** The application `?applyId=` names, fetched first (closing the dialog with a message when it is out of reach). */
function useRouteApply(onClose: () => void) {
  const { t } = useTranslation();
  const { applyId, tab } = useSearchOf(WORKFLOW_SEARCH);
  // Opened from "my applications": one's own, read in the personal scope (it may be another property's).
  const personal = tab === 'mine';
  const detail = useQuery({
    ...applyDetailQuery(applyId ?? '', personal),
    enabled: applyId !== undefined,
    retry: false,
  });
  const apply = useRouteObject(detail, applyId !== undefined, t('workflow.audit.gone'), onClose);
  return { applyId, apply, personal };
}

/** The audit dialog over a page, for `?applyId=`, or the question which application (`offer`). */
function AuditRoute({
  onClose,
  offer,
  title,
  assignInPlace,
}: {
  onClose: () => void;
  offer: Offer;
  title: string;
  /** Opens assign over the audit dialog (a page that is not the member approval page) instead of its route. */
  assignInPlace?: boolean;
}) {
  const { applyId, apply, personal } = useRouteApply(onClose);
  const navigate = useNavigate();
  const search = useSearchRecord();
  const [assigning, setAssigning] = useState(false);
  if (applyId === undefined) return <AskApplication title={title} offer={offer} onClose={onClose} />;
  if (!apply) return null;
  const onAssign = assignInPlace
    ? () => setAssigning(true)
    : () => void navigate({ to: '/BusinessProcess/AuditAssignDialog', search: search as never });
  return (
    <>
      <AuditDialog applyId={applyId} onClose={onClose} onAssign={onAssign} personal={personal} />
      {assigning && <AuditAssignDialog apply={apply} onClose={() => setAssigning(false)} />}
    </>
  );
}

/** `/BusinessProcess/AuditDialog?applyId=`: an application with pass, reject, transmit, assign and withdraw. */
export function AuditRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return <AuditRoute onClose={onClose} offer={{ kind: 'todo' }} title={t('workflow.audit.title')} />;
}

/** `/BusinessProcess/ApplyTerminalDetailDialog?applyId=`: a terminal application, over the member approval page. */
export function ApplyTerminalDetailRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AuditRoute
      onClose={onClose}
      offer={{ kind: 'todo', applyType: 'terminal' }}
      title={t('workflow.detail.terminalTitle')}
    />
  );
}

/** `/BusinessProcess/ApplyFunDetailDialog?applyId=`: a function or security-route application, over its page. */
export function ApplyFunDetailRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AuditRoute
      onClose={onClose}
      offer={{ kind: 'todo', applyType: 'function' }}
      title={t('workflow.detail.functionTitle')}
      assignInPlace
    />
  );
}

/** `/BusinessProcess/AuditAssignDialog?applyId=`: assign a pending application's current step to other members. */
export function AuditAssignRouteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { applyId, apply } = useRouteApply(onClose);
  if (applyId === undefined)
    return <AskApplication title={t('workflow.assign.title')} offer={{ kind: 'pending' }} onClose={onClose} />;
  if (!apply) return null;
  if (apply.state !== 'pending' || apply.can.assign !== 1)
    return (
      <Modal
        open
        title={t('workflow.assign.title')}
        onCancel={onClose}
        data-testid="audit-assign-dialog"
        footer={<Button onClick={onClose}>{t('workflow.audit.close')}</Button>}
      >
        <Alert
          type="info"
          showIcon
          title={t(apply.state !== 'pending' ? 'workflow.assign.finished' : 'workflow.ask.noAssignRight')}
        />
      </Modal>
    );
  return <AuditAssignDialog apply={apply} onClose={onClose} />;
}
