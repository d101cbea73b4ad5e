import type { DeviceAuthState } from '@keel/contract/endpoints/security-device-auth';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<DeviceAuthState, string> = {
  active: 'green',
  pending: 'blue',
  expired: 'default',
  disabled: 'red',
};

/** Where an authorisation stands now (in its window, before it, after it, disabled) as a coloured tag. */
export function GrantStateTag({ state, testId }: { state: DeviceAuthState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} data-testid={testId}>
      {t(`security-chain.deviceAuth.states.${state}`)}
    </Tag>
  );
}
