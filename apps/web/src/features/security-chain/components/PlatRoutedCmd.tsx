import type { RoutedCmdPlatItem } from '@keel/contract/endpoints/security-records';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { ROUTED_READS } from '../records-api';
import { RecordSourceTag } from './FuncRecordsTable';
import { isOpenCommand, RoutedAnswer, RoutedStateTag } from './routed-bits';

/** A command's property: its name, then its number. */
export function PropertyCell({ cmd }: { cmd: RoutedCmdPlatItem }) {
  return (
    <span translate="no">
      {cmd.propertyName || cmd.pno}
      {cmd.propertyName ? (
        <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
          {cmd.pno}
        </Typography.Text>
      ) : null}
    </span>
  );
}

/** Cancels any property's routed command while it waits for its device (operators), after a confirmation. */
export function PlatCancelButton({
  cmd,
  onCancelled,
  label,
}: {
  cmd: RoutedCmdPlatItem;
  onCancelled?: (cmd: RoutedCmdPlatItem) => void;
  /** The button's text (default: "Cancel", as in the table's rows). */
  label?: string;
}) {
  const { t } = useTranslation();
  const cancel = useApiMutation('seclink/channel/cancelAnyFuncCommand', {
    scope: 'platform',
    invalidates: ROUTED_READS,
    success: () => t('security-chain.routed.cancelled'),
    onSuccess: (data) => onCancelled?.(data),
  });
  return (
    <ConfirmAction
      title={t('security-chain.routedPlat.cancelConfirm', {
        func: cmd.funcCode || cmd.funcId,
        property: cmd.propertyName || cmd.pno,
      })}
      onConfirm={() => cancel({ cmdId: cmd.cmdId })}
      danger
      buttonProps={{ size: 'small', 'data-testid': `sc-plat-cancel-${cmd.cmdId}` } as never}
    >
      {label ?? t('security-chain.routed.cancel')}
    </ConfirmAction>
  );
}

/** One routed command as it stood when opened (or after its cancel here): every field, and its cancel while it waits. */
export function PlatCommandDrawer({
  cmd,
  onClose,
  onCancelled,
}: {
  cmd: RoutedCmdPlatItem | null;
  onClose: () => void;
  onCancelled: (cmd: RoutedCmdPlatItem) => void;
}) {
  const { t } = useTranslation();
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Drawer
      open={cmd !== null}
      onClose={onClose}
      title={t('security-chain.routedPlat.detailTitle')}
      size="min(560px, 100vw)"
      destroyOnHidden
      data-testid="sc-plat-drawer"
      extra={
        cmd && isOpenCommand(cmd.state) ? (
          <PlatCancelButton cmd={cmd} onCancelled={onCancelled} label={t('security-chain.routedPlat.cancelCommand')} />
        ) : null
      }
    >
      {cmd && (
        <Descriptions size="small" column={1} bordered data-testid="sc-plat-detail">
          <Descriptions.Item label={t('security-chain.routedPlat.property')}>
            <PropertyCell cmd={cmd} />
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.records.func')}>
            <span translate="no">
              <Typography.Text code>{cmd.funcCode || cmd.funcId}</Typography.Text> {cmd.funcName}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.records.device')}>
            <span translate="no">
              {cmd.deviceName || cmd.deviceId}
              {cmd.deviceName ? (
                <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                  {cmd.deviceId}
                </Typography.Text>
              ) : null}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.sender')}>
            <span translate="no">{cmd.userName || cmd.uid}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.state')}>
            <RoutedStateTag state={cmd.state} testId="sc-plat-detail-state" />
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.records.source')}>
            <RecordSourceTag source={cmd.source} />
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.argument')}>
            {cmd.argument ? <Typography.Text code>{cmd.argument}</Typography.Text> : none}
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.answer')}>
            <RoutedAnswer cmd={cmd} />
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.sent')}>{formatTime(cmd.createTime)}</Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routedPlat.delivered')}>
            {cmd.deliverTime !== null ? formatTime(cmd.deliverTime) : none}
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routed.finished')}>
            {cmd.finishTime !== null
              ? formatTime(cmd.finishTime)
              : t('security-chain.routed.expiresAt', { time: formatTime(cmd.expireTime) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('security-chain.routedPlat.cmdId')}>
            <Typography.Text copyable translate="no">
              {cmd.cmdId}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
