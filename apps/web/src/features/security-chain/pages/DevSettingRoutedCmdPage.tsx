import Card from 'antd/es/card';
import { useTranslation } from 'react-i18next';
import { RoutedCmdTable } from '../components/RoutedCmdTable';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from '../components/SecuritySpaceGate';

/**
 * `/SecurityChain/DevSettingRoutedCmdPage`: a security space's routed commands (`?sid=`, the first by default), newest
 * first, with their state (a filter), the device's answer and the times; those still waiting may be cancelled.
 */
export function DevSettingRoutedCmdPage() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  return (
    <Card
      title={t('security-chain.routed.title')}
      data-testid="sc-routed-page"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => <RoutedCmdTable key={space.sid} sid={space.sid} testId="sc-routed" />}
      </SecuritySpaceGate>
    </Card>
  );
}
