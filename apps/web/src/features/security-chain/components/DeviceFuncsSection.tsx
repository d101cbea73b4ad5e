import type { DeviceFuncItem } from '@keel/contract/endpoints/security-device-auth';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { TargetTypeTag } from './DeviceAuthTable';
import { type DeviceDetailSectionProps, deviceFuncsQuery } from './device-detail';
import { GrantStateTag } from './GrantStateTag';
import { windowText } from './grant-window';
import { RiskTag } from './RiskTag';

/** One function the device has, by one authorisation: the function, how (the device itself or a group), when. */
function FuncRow({ item }: { item: DeviceFuncItem }) {
  const { t } = useTranslation();
  return (
    <List.Item data-testid={`sc-dd-func-${item.funcCode}-${item.via}`} style={{ display: 'block' }}>
      <Space size={[8, 4]} wrap>
        <Typography.Text code translate="no">
          {item.funcCode}
        </Typography.Text>
        <Typography.Text strong translate="no">
          {item.funcName}
        </Typography.Text>
        <RiskTag risk={item.risk} />
        <GrantStateTag state={item.state} testId={`sc-dd-state-${item.funcCode}-${item.via}`} />
      </Space>
      <div style={{ marginTop: 4 }}>
        <Space size={[12, 2]} wrap>
          <span>
            <TargetTypeTag type={item.via} />
            <Typography.Text type="secondary" translate="no">
              {item.via === 'device'
                ? t('security-chain.deviceDetail.direct')
                : t('security-chain.deviceDetail.throughGroup', { name: item.targetName || item.targetId })}
            </Typography.Text>
          </span>
          <Typography.Text type="secondary">
            {t('security-chain.deviceDetail.window')}: {windowText(item, t('security-chain.deviceAuth.always'))}
          </Typography.Text>
          <Typography.Text type="secondary" translate="no">
            {t('security-chain.deviceDetail.space')}: {item.spaceName}
          </Typography.Text>
        </Space>
      </div>
    </List.Item>
  );
}

/** The detail page's functions section: what the device has, directly or through its groups, by function code. */
export function DeviceFuncsSection({ deviceId }: DeviceDetailSectionProps) {
  const { t } = useTranslation();
  const funcs = useQuery(deviceFuncsQuery(deviceId));
  const list = funcs.data?.list ?? [];
  return (
    <Card title={t('security-chain.deviceDetail.funcs')} data-testid="sc-dd-funcs" size="small">
      {list.length === 0 ? (
        <Empty description={t('security-chain.deviceDetail.noFuncs')} />
      ) : (
        <List size="small" dataSource={list} rowKey="authId" renderItem={(item) => <FuncRow item={item} />} />
      )}
    </Card>
  );
}
