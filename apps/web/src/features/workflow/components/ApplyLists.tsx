import { ORG_PERMISSIONS } from '@keel/contract/endpoints/org';
import type { ApplyItem, ApplyTypeId } from '@keel/contract/endpoints/workflow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Badge from 'antd/es/badge';
import Tabs from 'antd/es/tabs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { invalidatePaths } from '../../../shared/api/query-key';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { useCan } from '../../../shared/session/use-can';
import { useWorkflowRights } from '../api';
import { type ApplyTab, WORKFLOW_SEARCH } from '../search';
import { ApplyTable } from './ApplyTable';
import { InvitationsTable } from './InvitationsTable';

/** The search without a list's page and filters (another tab starts afresh). */
function freshList(search: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _p, pageSize: _s, str: _str, state: _st, startTime: _a, endTime: _b, status: _c, ...rest } = search;
  return rest;
}

/**
 * Keeps the lists current while the page is open: a new message (the unread count going up, pushed over the
 * WebSocket) is how the engine tells of a new to-do item or of progress on one's own application.
 */
function useLiveLists() {
  const queryClient = useQueryClient();
  const unread = useSession((s) => s.unreadCount);
  const seen = useRef(unread);
  useEffect(() => {
    if (unread > seen.current)
      void invalidatePaths(queryClient, [
        'flowAudit/getAuditOrNoAuditList',
        'flowAudit/getMyApplyList',
        'flowAudit/getApplyList',
      ]);
    seen.current = unread;
  }, [unread, queryClient]);
}

/**
 * The approval page's tabs (`?tab=`): my to-do (with its count), what I have done, my own applications, every
 * application (for those who assign) and, on the member approval page, the property's invitations (for those who
 * manage members). `fixedType` narrows every list to one apply type.
 */
export function ApplyLists({
  fixedType,
  dialogRoute,
  invitations = false,
}: {
  fixedType?: ApplyTypeId;
  dialogRoute: (row: ApplyItem) => string;
  invitations?: boolean;
}) {
  const { t } = useTranslation();
  const rights = useWorkflowRights();
  const manageMembers = useCan(ORG_PERMISSIONS.members);
  const search = useSearchRecord();
  const navigate = useNavigate();
  const { tab: asked } = useSearchOf(WORKFLOW_SEARCH);
  useLiveLists();
  const todo = useQuery(
    apiQuery('flowAudit/getAuditOrNoAuditList', { pageNum: 1, pageSize: 1, auditStatus: 0, applyType: fixedType }),
  );
  const tabs: ApplyTab[] = [
    'todo',
    'done',
    'mine',
    ...(rights.assign ? (['all'] as const) : []),
    ...(invitations && manageMembers ? (['invites'] as const) : []),
  ];
  const tab = asked && tabs.includes(asked) ? asked : 'todo';
  const table = (kind: ApplyTab) =>
    kind === 'invites' ? (
      <InvitationsTable />
    ) : (
      <ApplyTable
        kind={kind}
        fixedType={fixedType}
        dialogRoute={dialogRoute}
        canAssign={rights.assign}
        testId={`apply-table-${kind}`}
      />
    );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        void navigate({ to: '.', search: { ...freshList(search), tab: key === 'todo' ? undefined : key } as never })
      }
      data-testid="apply-tabs"
      items={tabs.map((kind) => ({
        key: kind,
        label: (
          <span data-testid={`apply-tab-${kind}`}>
            {t(`workflow.tabs.${kind}`)}
            {kind === 'todo' && (todo.data?.total ?? 0) > 0 && (
              <Badge
                count={todo.data?.total}
                overflowCount={99}
                size="small"
                style={{ marginInlineStart: 6 }}
                data-testid="todo-count"
              />
            )}
          </span>
        ),
        children: kind === tab ? table(kind) : null,
      }))}
    />
  );
}
