import Badge from 'antd/es/badge';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format/time';
import type { DeviceItem } from '../api';

/** Online (green) or offline (grey), with when the device was last seen. */
export function OnlineBadge({ device, showTime = false }: { device: DeviceItem; showTime?: boolean }) {
  const { t } = useTranslation();
  const online = device.online === 1;
  return (
    <span data-testid={`online-${device.deviceId}`} data-online={online ? '1' : '0'}>
      <Badge status={online ? 'success' : 'default'} text={online ? t('device.online') : t('device.offline')} />
      {showTime && device.lastSeenTime !== null && (
        <span style={{ marginLeft: 8, color: 'var(--k-text-secondary, #666)' }}>
          {t('device.lastSeenAt', { time: formatTime(device.lastSeenTime, { seconds: true }) })}
        </span>
      )}
    </span>
  );
}

const ADMISSION_COLOURS = { pending: 'gold', accepted: 'green', rejected: 'red' } as const;

/** The device's admission: pending, accepted or rejected. */
export function AdmissionTag({ device }: { device: Pick<DeviceItem, 'admission' | 'deviceId'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={ADMISSION_COLOURS[device.admission]} bordered={false} data-testid={`admission-${device.deviceId}`}>
      {t(`device.admission.${device.admission}`)}
    </Tag>
  );
}
