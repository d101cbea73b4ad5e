import type { AuthDeviceHead } from '@keel/contract/endpoints/security-device-auth';
import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';

/** The device the detail page is about: name and id, model, whether online, versions, where it is placed. */
export function DeviceHeadCard({ device }: { device: AuthDeviceHead }) {
  const { t } = useTranslation();
  const placed = device.spaceName
    ? device.groupName
      ? `${device.spaceName} / ${device.groupName}`
      : device.spaceName
    : '—';
  return (
    <Card size="small" data-testid="sc-dd-head" title={<span translate="no">{device.name || device.deviceId}</span>}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'id',
            label: t('security-chain.deviceDetail.deviceId'),
            children: <span translate="no">{device.deviceId}</span>,
          },
          {
            key: 'model',
            label: t('security-chain.deviceAuth.model'),
            children: <span translate="no">{device.modelName || '—'}</span>,
          },
          {
            key: 'online',
            label: t('security-chain.deviceDetail.online'),
            children: (
              <Badge
                data-testid="sc-dd-online"
                status={device.online === 1 ? 'success' : 'default'}
                text={t(
                  device.online === 1 ? 'security-chain.deviceDetail.isOnline' : 'security-chain.deviceDetail.offline',
                )}
              />
            ),
          },
          {
            key: 'firmware',
            label: t('security-chain.deviceDetail.firmware'),
            children: <span translate="no">{device.firmwareVersion || '—'}</span>,
          },
          {
            key: 'app',
            label: t('security-chain.deviceDetail.appVersion'),
            children: <span translate="no">{device.appVersion || '—'}</span>,
          },
          {
            key: 'lastSeen',
            label: t('security-chain.deviceDetail.lastSeen'),
            children: formatTime(device.lastSeenTime),
          },
          {
            key: 'placed',
            label: t('security-chain.deviceDetail.placed'),
            children: <span translate="no">{placed}</span>,
          },
        ]}
      />
    </Card>
  );
}
