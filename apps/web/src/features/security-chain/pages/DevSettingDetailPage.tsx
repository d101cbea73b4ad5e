import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOf } from '../../../shared/api/search-of';
import { useSession } from '../../../shared/session/session-store';
import { DEVICE_AUTH_PAGE } from '../api';
import { DeviceHeadCard } from '../components/DeviceHeadCard';
import { DEVICE_DETAIL_SEARCH, deviceFuncsQuery } from '../components/device-detail';
import { DEVICE_DETAIL_SECTIONS } from '../components/device-detail-sections';

/**
 * `/SecurityChain/DevSettingDetailPage?deviceId=`: one device of the security chain: its head (name, model, online,
 * versions, placement), then its sections (`DEVICE_DETAIL_SECTIONS`: its functions first; more join that list).
 */
export function DevSettingDetailPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const { deviceId, sid } = useSearchOf(DEVICE_DETAIL_SEARCH);
  const detail = useQuery({ ...deviceFuncsQuery(deviceId ?? ''), enabled: !!pno && !!deviceId });
  const back = (
    <Link to={DEVICE_AUTH_PAGE as never} search={(sid ? { sid } : {}) as never} data-testid="sc-dd-back">
      <ArrowLeftOutlined /> {t('security-chain.deviceDetail.back')}
    </Link>
  );
  let body: ReactNode;
  if (!pno) body = <Empty description={t('security-chain.space.noProperty')} />;
  else if (!deviceId)
    body = <Empty data-testid="sc-dd-no-device" description={t('security-chain.deviceDetail.noDevice')} />;
  else if (detail.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  else if (detail.isError || !detail.data)
    body = (
      <Result
        status="warning"
        data-testid="sc-dd-failed"
        title={t('security-chain.deviceDetail.loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else {
    const device = detail.data.device;
    body = (
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <DeviceHeadCard device={device} />
        {DEVICE_DETAIL_SECTIONS.map(({ key, component: Section }) => (
          <div key={key} data-testid={`sc-dd-section-${key}`}>
            <Section deviceId={device.deviceId} device={device} />
          </div>
        ))}
      </Space>
    );
  }
  return (
    <Card title={t('security-chain.deviceDetail.title')} extra={back} data-testid="sc-dd-page">
      {body}
    </Card>
  );
}
