import {
  ROUTED_CMD_OPEN_STATES,
  type RoutedCmdItem,
  type RoutedCmdState,
} from '@keel/contract/endpoints/security-records';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** How a routed command shows: its state as a coloured tag, whether it is still open, the device's answer. */

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
