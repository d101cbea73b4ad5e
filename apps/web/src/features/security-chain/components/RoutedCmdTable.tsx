import { type RoutedCmdItem, securityRecordEndpoints } from '@keel/contract/endpoints/security-records';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { useSession } from '../../../shared/session/session-store';
import { ROUTED_READS, useCanCancelRouted } from '../records-api';
import { RecordSourceTag } from './FuncRecordsTable';
import { isOpenCommand } from './routed-bits';
import { answerColumn, finishedColumn, funcColumn, senderColumn, sentColumn, stateColumn } from './routed-columns';

const LIST = securityRecordEndpoints['seclink/channel/getCmdRecordList'].input.pick({ state: true, funcId: true });

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
      sentColumn(t),
      funcColumn(t('security-chain.records.func')),
      {
        key: 'device',
        title: t('security-chain.records.device'),
        width: 160,
        hidden: deviceId !== undefined,
        render: (r) => <span translate="no">{r.deviceName || r.deviceId}</span>,
      },
      senderColumn(t),
      stateColumn(t, 'sc-routed-state'),
      answerColumn(t, 220),
      {
        key: 'source',
        title: t('security-chain.records.source'),
        width: 110,
        render: (r) => <RecordSourceTag source={r.source} />,
      },
      { key: 'argument', title: t('security-chain.routed.argument'), width: 140 },
      finishedColumn(t),
    ],
    actions: {
      title: t('security-chain.routed.actions'),
      width: 100,
      after: (r) => (isOpenCommand(r.state) && (canCancelAny || r.uid === uid) ? <CancelRoutedButton cmd={r} /> : null),
    },
  });
  return <ResourcePage resource={resource} />;
}
