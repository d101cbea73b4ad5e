import {
  APPLY_STATES,
  type ApplyItem,
  type ApplyState,
  type ApplyTypeId,
  AUDIT_COMMENT_MAX,
  type BatchResult,
  type MyApplyItem,
} from '@keel/contract/endpoints/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import type { TableParams } from '../../../shared/admin-kit/table-params';
import { api } from '../../../shared/api/client';
import { apiQuery, platformQuery } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { toast } from '../../../shared/toast/toast-store';
import { APPLY_LISTS, isApplyType, useApplyTypeOptions, useApplyTypeTitle } from '../api';
import type { ApplyTab } from '../search';
import { StateTag } from './StateTag';
import { TimeRangeFilter, useTimeRange } from './TimeRangeFilter';

/** The list a table shows: my to-do, my done, my own applications, or every application of the property. */
export type ApplyListKind = Exclude<ApplyTab, 'invites'>;

/** The input of the list call from the table's page and filters, the URL's time range and the page's fixed type. */
function listQuery(kind: ApplyListKind, params: TableParams, fixedType: ApplyTypeId | undefined, time: TimeRange) {
  const f = params.filters;
  const applyType = fixedType ?? (isApplyType(f.applyType) ? f.applyType : undefined);
  const state = (APPLY_STATES as readonly string[]).includes(f.state ?? '') ? (f.state as ApplyState) : undefined;
  const page = { pageNum: params.pageNum, pageSize: params.pageSize };
  const str = f.str || undefined;
  const all = () => apiQuery('flowAudit/getApplyList', { ...page, applyType, state, str, ...time });
  switch (kind) {
    case 'todo':
    case 'done':
      return apiQuery('flowAudit/getAuditOrNoAuditList', {
        ...page,
        auditStatus: kind === 'todo' ? 0 : 1,
        applyType,
        str,
        ...time,
      });
    case 'mine':
      // One's own in every property (the personal scope, no pno): a join request's applicant is not a member yet.
      // Its items are the list's with their property's name: the table reads them as one.
      return platformQuery('flowAudit/getMyApplyListByUser', { ...page, applyType, state }) as unknown as ReturnType<
        typeof all
      >;
    case 'all':
      return all();
  }
}

type TimeRange = { startTime?: number; endTime?: number };

/**
 * One of the approval page's lists (`kind`), with filters by type (unless the page has one type), applicant and
 * submission time where the call takes them; each row opens its application in `dialogRoute` (the audit dialog,
 * or the type's own detail dialog). The to-do list passes or rejects several at once; my own pending applications
 * can be withdrawn; everyone's can be assigned (`assign`).
 */
export function ApplyTable({
  kind,
  fixedType,
  dialogRoute,
  canAssign,
  testId,
}: {
  kind: ApplyListKind;
  fixedType?: ApplyTypeId;
  dialogRoute: (row: ApplyItem) => string;
  canAssign: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const typeOptions = useApplyTypeOptions();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const queryClient = useQueryClient();
  const time = useTimeRange();
  const [selected, setSelected] = useState<ApplyItem[]>([]);
  const selectedIds = selected.map((row) => row.applyId);
  /** The selected applications at the versions shown: one changed since is refused on its own, not acted on. */
  const batchItems = () => selected.map((row) => ({ applyId: row.applyId, version: row.version }));
  const [rejecting, setRejecting] = useState(false);
  const withdraw = useApiMutation('flowAudit/withdrawApplyByUser', {
    scope: 'platform', // the personal scope: no pno
    invalidates: APPLY_LISTS,
    success: () => t('workflow.list.withdrawn'),
  });

  // One's own open in the personal scope (`tab=mine`), wherever the list is shown.
  const open = (row: ApplyItem, to = dialogRoute(row)) =>
    void navigate({
      to: to as never,
      search: { ...search, applyId: row.applyId, ...(kind === 'mine' ? { tab: 'mine' } : {}) } as never,
    });

  /** Tells how many were acted on and why each other one was refused (the server's translated message). */
  const afterBatch = async (result: BatchResult, key: string) => {
    if (result.doneNum > 0) toast.success(t(key, { count: result.doneNum }));
    for (const item of result.list) {
      if (item.status === 0) continue;
      const row = selected.find((r) => r.applyId === item.applyId);
      toast.warning(t('workflow.batch.refused', { name: row?.subjectName ?? item.applyId, msg: item.msg }));
    }
    setSelected([]);
    await invalidatePaths(queryClient, APPLY_LISTS);
  };

  const columns: ColumnSpec<ApplyItem>[] = [
    {
      key: 'str',
      title: t('workflow.list.applicant'),
      width: 180,
      pinned: true,
      hidden: kind === 'mine',
      filter: kind === 'mine' ? undefined : true,
      render: (row) => (
        <span translate="no" data-testid={`apply-row-${row.applicantPhone}`}>
          {row.applicantName}
          <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
            {row.applicantPhone}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'subjectName',
      title: t('workflow.list.subject'),
      width: 150,
      pinned: kind === 'mine',
      render: (row) => (
        <Typography.Link translate="no" data-testid={`apply-open-${row.applicantPhone}`} onClick={() => open(row)}>
          {row.subjectName || typeTitle(row.applyType)}
        </Typography.Link>
      ),
    },
    {
      key: 'propertyName',
      title: t('workflow.list.property'),
      width: 140,
      hidden: kind !== 'mine',
      render: (row) => <span translate="no">{(row as Partial<MyApplyItem>).propertyName ?? ''}</span>,
    },
    {
      key: 'applyType',
      title: t('workflow.list.type'),
      width: 130,
      hidden: fixedType !== undefined,
      filter: typeOptions,
      render: (row) => <Tag color="blue">{typeTitle(row.applyType)}</Tag>,
    },
    {
      key: 'step',
      title: t('workflow.list.progress'),
      width: 220,
      render: (row) =>
        row.state === 'pending' ? (
          <span>
            {t('workflow.list.stepOf', { index: row.stepIndex, total: row.stepNum })}{' '}
            <span translate="no">{row.stepName}</span>
            {row.currentAuditors.length > 0 && (
              <Typography.Text type="secondary">
                {' · '}
                <span translate="no">{row.currentAuditors.map((p) => p.name).join(t('workflow.sep'))}</span>
              </Typography.Text>
            )}
          </span>
        ) : (
          <span translate="no">{row.reason || '—'}</span>
        ),
    },
    { key: 'createTime', title: t('workflow.list.submitted'), width: 150, time: true },
    {
      key: 'myAction',
      title: t('workflow.list.myAction'),
      width: 170,
      hidden: kind !== 'done',
      render: (row) =>
        row.myAction ? `${t(`workflow.actions.${row.myAction}`)} · ${formatTime(row.myActionTime)}` : '—',
    },
    {
      key: 'state',
      title: t('workflow.list.state'),
      width: 100,
      hidden: kind === 'todo',
      filter:
        kind === 'mine' || kind === 'all'
          ? APPLY_STATES.map((s) => ({ value: s, label: t(`workflow.states.${s}`) }))
          : undefined,
      render: (row) => <StateTag state={row.state} testId={`apply-state-${row.applicantPhone}`} />,
    },
    {
      key: 'action',
      title: t('common.actions'),
      width: kind === 'todo' || kind === 'done' ? 90 : 140,
      wrap: true,
      render: (row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            type={kind === 'todo' ? 'primary' : 'default'}
            onClick={() => open(row)}
            data-testid={`apply-${kind === 'todo' ? 'audit' : 'view'}-${row.applicantPhone}`}
          >
            {kind === 'todo' ? t('workflow.list.audit') : t('workflow.list.view')}
          </Button>
          {kind === 'mine' && row.state === 'pending' && (
            <ConfirmAction
              title={t('workflow.list.withdrawConfirm', { name: row.subjectName })}
              onConfirm={() => withdraw({ applyId: row.applyId, note: '', version: row.version })}
              buttonProps={{ size: 'small', 'data-testid': `apply-withdraw-${row.applyId}` } as never}
            >
              {t('workflow.audit.withdraw')}
            </ConfirmAction>
          )}
          {kind === 'all' && canAssign && row.state === 'pending' && (
            <Button
              size="small"
              onClick={() => open(row, '/BusinessProcess/AuditAssignDialog')}
              data-testid={`apply-assign-${row.applicantPhone}`}
            >
              {t('workflow.audit.assign')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      {(kind === 'todo' || kind === 'done' || kind === 'all') && <TimeRangeFilter />}
      <DataTable
        testId={testId}
        rowKey="applyId"
        query={(params) => listQuery(kind, params, fixedType, time)}
        selection={
          kind === 'todo'
            ? {
                keys: selectedIds,
                onChange: (_keys, rows) => setSelected(rows),
                actions: (
                  <Space size={4} wrap>
                    <ConfirmAction
                      danger={false}
                      title={t('workflow.batch.passConfirm', { count: selected.length })}
                      onConfirm={async () =>
                        afterBatch(
                          await api('flowAudit/flowAuditBatch', { items: batchItems() }),
                          'workflow.batch.passed',
                        )
                      }
                      buttonProps={{ size: 'small', type: 'primary', 'data-testid': 'batch-pass' } as never}
                    >
                      {t('workflow.audit.pass')}
                    </ConfirmAction>
                    <Button size="small" danger onClick={() => setRejecting(true)} data-testid="batch-reject">
                      {t('workflow.audit.reject')}
                    </Button>
                  </Space>
                ),
              }
            : undefined
        }
        columns={columns}
      />
      <FormDialog<{ reason: string }>
        open={rejecting}
        title={t('workflow.batch.rejectTitle', { count: selected.length })}
        onClose={() => setRejecting(false)}
        testId="batch-reject-dialog"
        onSubmit={async (v) => {
          const reason = v.reason.trim();
          const result = await api('flowAudit/noPassFlowAuditBatch', { items: batchItems(), reason });
          await afterBatch(result, 'workflow.batch.rejected');
          return true;
        }}
      >
        <Form.Item
          name="reason"
          label={t('workflow.audit.commentLabel.reject')}
          rules={[{ required: true, whitespace: true, message: t('workflow.audit.commentRequired.reject') }]}
        >
          <Input.TextArea rows={3} maxLength={AUDIT_COMMENT_MAX} showCount data-testid="batch-reject-reason" />
        </Form.Item>
      </FormDialog>
    </>
  );
}
