import {
  ROUTED_CMD_OPEN_STATES,
  ROUTED_CMD_STATES,
  type RoutedCmdItem,
  type RoutedCmdState,
  securityRecordEndpoints,
} from '@keel/contract/endpoints/security-records';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { ROUTED_READS, useCanCancelRouted } from '../records-api';
import { RecordSourceTag } from './FuncRecordsTable';

const LIST = securityRecordEndpoints['seclink/channel/getCmdRecordList'].input.pick({ state: true, funcId: true });

const STATE_COLOURS: Record<RoutedCmdState, string> = {
  pending: 'default',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'default',
};

/** Where a routed command stands, as a coloured tag. */
export function RoutedStateTag({ state, testId }: { state: RoutedCmdState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid={testId}>
      {t(`security-chain.routed.states.${state}`)}
    </Tag>
  );
}

export const isOpenCommand = (state: RoutedCmdState) => ROUTED_CMD_OPEN_STATES.includes(state);

/** The device's answer: its response code and name, then what it said. */
export function RoutedAnswer({ cmd }: { cmd: RoutedCmdItem }) {
  if (!cmd.responseCode && !cmd.message) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span translate="no">
      {cmd.responseCode ? <Typography.Text code>{cmd.responseCode}</Typography.Text> : null} {cmd.responseName}
      {cmd.message ? <Typography.Text type="secondary"> {cmd.message}</Typography.Text> : null}
    </span>
  );
}

/** Cancels a routed command while it waits for its device, after a confirmation. */
export function CancelRoutedButton({ cmd }: { cmd: RoutedCmdItem }) {
  const { t } = useTranslation();
  const cancel = useApiMutation('seclink/channel/cancelFuncCommand', {
    invalidates: ROUTED_READS,
    success: () => t('security-chain.routed.cancelled'),
  });
  return (
    <ConfirmAction
      title={t('security-chain.routed.cancelConfirm', { func: cmd.funcCode })}
      onConfirm={() => cancel({ cmdId: cmd.cmdId })}
      danger
      buttonProps={{ size: 'small', 'data-testid': `sc-routed-cancel-${cmd.cmdId}` } as never}
    >
      {t('security-chain.routed.cancel')}
    </ConfirmAction>
  );
}

/**
 * A security space's routed commands (`seclink/channel/getCmdRecordList`), newest first: the function, the device,
 * who sent it, where it stands, the device's answer and the times; the state is a filter. One device's only with
 * `deviceId`. Those still waiting may be cancelled by their sender, or by a member of the routed commands page.
 */
export function RoutedCmdTable({
  sid,
  deviceId,
  testId,
  help,
}: {
  sid: string;
  deviceId?: string;
  testId: string;
  help?: ReactNode;
}) {
  const { t } = useTranslation();
  const canCancelAny = useCanCancelRouted();
  const uid = useSession((s) => s.userInfo?.uid);
  const resource = defineResource<RoutedCmdItem>()({
    rowKey: 'cmdId',
    tableTestId: `${testId}-table`,
    testId,
    toolbar: help ?? <Typography.Text type="secondary">{t('security-chain.routed.help')}</Typography.Text>,
    list: {
      path: 'seclink/channel/getCmdRecordList',
      schema: LIST,
      input: (s) => ({ ...s, sid, ...(deviceId ? { deviceId } : {}) }),
    },
    columns: [
      { key: 'createTime', title: t('security-chain.routed.sent'), width: 170, time: true, pinned: true },
      {
        key: 'func',
        title: t('security-chain.records.func'),
        width: 200,
        render: (r) => (
          <span translate="no">
            <Typography.Text code>{r.funcCode || r.funcId}</Typography.Text> {r.funcName}
          </span>
        ),
      },
      {
        key: 'device',
        title: t('security-chain.records.device'),
        width: 160,
        hidden: deviceId !== undefined,
        render: (r) => <span translate="no">{r.deviceName || r.deviceId}</span>,
      },
      {
        key: 'user',
        title: t('security-chain.routed.sender'),
        width: 120,
        render: (r) => <span translate="no">{r.userName || r.uid}</span>,
      },
      {
        key: 'state',
        title: t('security-chain.routed.state'),
        width: 110,
        filter: ROUTED_CMD_STATES.map((s) => ({ value: s, label: t(`security-chain.routed.states.${s}`) })),
        render: (r) => <RoutedStateTag state={r.state} testId={`sc-routed-state-${r.cmdId}`} />,
      },
      {
        key: 'answer',
        title: t('security-chain.routed.answer'),
        width: 220,
        render: (r) => <RoutedAnswer cmd={r} />,
      },
      {
        key: 'source',
        title: t('security-chain.records.source'),
        width: 110,
        render: (r) => <RecordSourceTag source={r.source} />,
      },
      { key: 'argument', title: t('security-chain.routed.argument'), width: 140 },
      {
        key: 'finishTime',
        title: t('security-chain.routed.finished'),
        width: 170,
        render: (r) =>
          r.finishTime !== null
            ? formatTime(r.finishTime)
            : t('security-chain.routed.expiresAt', { time: formatTime(r.expireTime) }),
      },
    ],
    actions: {
      title: t('security-chain.routed.actions'),
      width: 100,
      after: (r) => (isOpenCommand(r.state) && (canCancelAny || r.uid === uid) ? <CancelRoutedButton cmd={r} /> : null),
    },
  });
  return <ResourcePage resource={resource} />;
}
