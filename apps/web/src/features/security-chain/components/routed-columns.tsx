import { ROUTED_CMD_STATES, type RoutedCmdItem } from '@keel/contract/endpoints/security-records';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import type { ColumnSpec } from '../../../shared/admin-kit/DataTable';
import { formatTime } from '../../../shared/format/time';
import { RoutedAnswer, RoutedStateTag } from './routed-bits';

/** The columns the property's and the operators' lists of routed commands share. */

export const sentColumn = <T extends RoutedCmdItem>(t: TFunction): ColumnSpec<T> => ({
  key: 'createTime',
  title: t('security-chain.routed.sent'),
  width: 170,
  time: true,
  pinned: true,
});

/** The function: its code and name; `filter` makes it the list's function search. */
export const funcColumn = <T extends RoutedCmdItem>(title: string, filter?: true): ColumnSpec<T> => ({
  key: 'func',
  title,
  width: 200,
  ...(filter ? { filter } : {}),
  render: (r) => (
    <span translate="no">
      <Typography.Text code>{r.funcCode || r.funcId}</Typography.Text> {r.funcName}
    </span>
  ),
});

export const senderColumn = <T extends RoutedCmdItem>(t: TFunction): ColumnSpec<T> => ({
  key: 'user',
  title: t('security-chain.routed.sender'),
  width: 120,
  render: (r) => <span translate="no">{r.userName || r.uid}</span>,
});

/** Where the command stands, filterable; each tag's test id is `<testIdPrefix>-<cmdId>`. */
export const stateColumn = <T extends RoutedCmdItem>(t: TFunction, testIdPrefix: string): ColumnSpec<T> => ({
  key: 'state',
  title: t('security-chain.routed.state'),
  width: 110,
  filter: ROUTED_CMD_STATES.map((s) => ({ value: s, label: t(`security-chain.routed.states.${s}`) })),
  render: (r) => <RoutedStateTag state={r.state} testId={`${testIdPrefix}-${r.cmdId}`} />,
});

export const answerColumn = <T extends RoutedCmdItem>(t: TFunction, width: number): ColumnSpec<T> => ({
  key: 'answer',
  title: t('security-chain.routed.answer'),
  width,
  render: (r) => <RoutedAnswer cmd={r} />,
});

/** When it ended, or when it expires while it is open. */
export const finishedColumn = <T extends RoutedCmdItem>(t: TFunction): ColumnSpec<T> => ({
  key: 'finishTime',
  title: t('security-chain.routed.finished'),
  width: 170,
  render: (r) =>
    r.finishTime !== null
      ? formatTime(r.finishTime)
      : t('security-chain.routed.expiresAt', { time: formatTime(r.expireTime) }),
});
