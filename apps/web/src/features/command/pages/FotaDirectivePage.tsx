import SendOutlined from '@ant-design/icons/SendOutlined';
import { CMD_STATES, CMD_TYPES, type CmdItem, commandEndpoints } from '@keel/contract/endpoints/command';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { COMMAND_COLORS, COMMAND_LISTS, useCanSend } from '../api';
import { CommandResultsDialog } from '../dialogs/CommandResultsDialog';
import { SendCommandDialog } from '../dialogs/SendCommandDialog';

const LIST = commandEndpoints['cmd/getPnoCmdList'].input.pick({ str: true, type: true, state: true });

/**
 * While a command waits for terminals, the list refreshes every 2 s (their answers arrive at their polls): each
 * answer of the active-commands query refreshes the page's other command lists, never itself (that would refetch
 * it at once, again and again).
 */
function useLiveCommands() {
  const queryClient = useQueryClient();
  const pno = useSession((s) => s.selectedPropertyPno);
  const options = apiQuery('cmd/getPnoCmdList', { pageNum: 1, pageSize: 20, state: 'active' });
  const live = useQuery({
    ...options,
    enabled: Boolean(pno),
    refetchInterval: (q) => ((q.state.data?.total ?? 0) > 0 ? 2000 : false),
  });
  const stamp = live.dataUpdatedAt;
  const liveKey = JSON.stringify(options.queryKey);
  useEffect(() => {
    if (!stamp) return;
    void queryClient.invalidateQueries({
      queryKey: ['cmd/getPnoCmdList'],
      predicate: (query) => JSON.stringify(query.queryKey) !== liveKey,
    });
  }, [stamp, liveKey, queryClient]);
}

function Progress({ row }: { row: CmdItem }) {
  const { t } = useTranslation();
  const c = row.counts;
  const done = c.succeeded + c.failed + c.expired + c.cancelled;
  return (
    <span data-testid={`cmd-progress-${row.cmdId}`}>
      {t('command.progressOf', { done, total: row.total, failed: c.failed })}
    </span>
  );
}

/**
 * `/fota/FotaDirectivePage`: the property's commands (reboot, log upload, factory reset, config push, custom) with
 * their terminals' results; with the right, send one (a factory reset asks again) and cancel one still waiting.
 */
export function FotaDirectivePage() {
  const { t } = useTranslation();
  const canSend = useCanSend();
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<CmdItem | null>(null);
  useLiveCommands();
  const cancel = useApiMutation('cmd/cancelCmd', {
    invalidates: COMMAND_LISTS,
    success: () => t('command.cancelled'),
  });
  const typeName = (r: CmdItem) =>
    r.type === 'custom' ? `${t('command.types.custom')}: ${r.name}` : t(`command.types.${r.type}`);

  const resource = defineResource<CmdItem>()({
    rowKey: 'cmdId',
    tableTestId: 'cmd-table',
    card: { title: t('command.title'), testId: 'fota-directive-page' },
    noProperty: t('command.noProperty'),
    toolbar: (
      <Space wrap>
        <Typography.Text type="secondary">{t('command.help')}</Typography.Text>
        {canSend && (
          <Button type="primary" icon={<SendOutlined />} onClick={() => setSending(true)} data-testid="cmd-send">
            {t('command.send')}
          </Button>
        )}
      </Space>
    ),
    list: { path: 'cmd/getPnoCmdList', schema: LIST },
    columns: [
      {
        key: 'str',
        title: t('command.columns.command'),
        filter: true,
        render: (r) => <span translate="no">{r.cmdId}</span>,
      },
      {
        key: 'type',
        title: t('command.columns.type'),
        width: 170,
        filter: CMD_TYPES.map((v) => ({ value: v, label: t(`command.types.${v}`) })),
        render: (r) => <span data-testid={`cmd-type-${r.cmdId}`}>{typeName(r)}</span>,
      },
      { key: 'total', title: t('command.columns.devices'), width: 90, render: (r) => r.total },
      { key: 'progress', title: t('command.columns.progress'), width: 220, render: (r) => <Progress row={r} /> },
      {
        key: 'state',
        title: t('command.columns.state'),
        width: 140,
        filter: CMD_STATES.map((v) => ({ value: v, label: t(`command.states.${v}`) })),
        render: (r) => (
          <Tag color={COMMAND_COLORS[r.state]} data-testid={`cmd-state-${r.cmdId}`} data-state={r.state}>
            {t(`command.states.${r.state}`)}
          </Tag>
        ),
      },
      { key: 'creatorName', title: t('command.columns.creator'), width: 120, render: (r) => r.creatorName },
      { key: 'createTime', title: t('command.columns.created'), width: 170, render: (r) => formatTime(r.createTime) },
    ],
    actions: {
      title: t('common.actions'),
      width: 190,
      after: (row) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => setViewing(row)} data-testid={`cmd-results-${row.cmdId}`}>
            {t('command.results')}
          </Button>
          {canSend && row.state === 'active' && (
            <ConfirmAction
              title={t('command.cancelConfirm')}
              onConfirm={() => cancel({ cmdId: row.cmdId })}
              buttonProps={{ size: 'small', 'data-testid': `cmd-cancel-${row.cmdId}` } as never}
            >
              {t('command.cancel')}
            </ConfirmAction>
          )}
        </Space>
      ),
    },
  });
  return (
    <>
      <ResourcePage resource={resource} />
      {sending && <SendCommandDialog onClose={() => setSending(false)} />}
      {viewing && <CommandResultsDialog command={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
