import Card from 'antd/es/card';
import { useTranslation } from 'react-i18next';
import { DeviceAuthTable } from '../components/DeviceAuthTable';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from '../components/SecuritySpaceGate';

/**
 * `/SecurityChain/DevSettingPage`: the device authorisations of a security space (`?sid=`, the first one by
 * default): which devices and device groups have which of its functions, and when (`DeviceAuthTable`).
 */
export function DevSettingPage() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  return (
    <Card
      title={t('security-chain.deviceAuth.title')}
      data-testid="sc-da-page"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => <DeviceAuthTable key={space.sid} sid={space.sid} />}
      </SecuritySpaceGate>
    </Card>
  );
}
