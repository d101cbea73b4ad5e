import Card from 'antd/es/card';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { DeviceDetailView } from '../components/DeviceDetailView';
import { DeviceTable } from '../components/DeviceTable';

/**
 * `/Tis/Terminal/TerminalListPage`: the selected property's devices; without a property (SPEC §6: the "my"
 * variants), the devices bound to the user.
 */
export function TerminalListPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  return (
    <Card title={pno ? t('device.list.page') : t('device.list.myPage')} data-testid="terminal-list-page">
      <DeviceTable mode={pno ? 'property' : 'my'} />
    </Card>
  );
}

/** `/Tis/Terminal/BackTerminalListPage` (operators): every property's devices, with a property filter. */
export function BackTerminalListPage() {
  const { t } = useTranslation();
  return (
    <Card title={t('device.list.backPage')} data-testid="back-terminal-list-page">
      <DeviceTable mode="platform" />
    </Card>
  );
}

/** `/Tis/Terminal/TerminalDetail?deviceId=`: a device of the selected property (or, without one, the user's own). */
export function TerminalDetail() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  return (
    <Card title={t('device.detail.page')} data-testid="terminal-detail-page">
      <DeviceDetailView mode={pno ? 'property' : 'my'} />
    </Card>
  );
}

/** `/Tis/Terminal/BackTerminalDetail?deviceId=` (operators): any device. */
export function BackTerminalDetail() {
  const { t } = useTranslation();
  return (
    <Card title={t('device.detail.page')} data-testid="back-terminal-detail-page">
      <DeviceDetailView mode="platform" />
    </Card>
  );
}

/** `/Tis/Terminal/DeviceDetailComponent?deviceId=`: the device detail alone. */
export function DeviceDetailComponent() {
  const pno = useSession((s) => s.selectedPropertyPno);
  return <DeviceDetailView mode={pno ? 'property' : 'my'} />;
}
