import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import Tabs from 'antd/es/tabs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchOf } from '../../../shared/api/search-of';
import { DEVICE_DETAIL_SEARCH, type DeviceDetailSectionProps, deviceFuncsQuery } from './device-detail';
import { FuncRecordsTable } from './FuncRecordsTable';
import { RoutedCmdTable } from './RoutedCmdTable';

/**
 * The detail page's records section: in one of the security spaces the device has functions of (the page's `?sid=`
 * when it is one, else the first), the device's records (issues, refusals, uses) and its routed commands, one tab
 * each (only the open one is mounted: both tables keep their page in the URL).
 */
export function DeviceRecordsSection({ deviceId }: DeviceDetailSectionProps) {
  const { t } = useTranslation();
  const funcs = useQuery(deviceFuncsQuery(deviceId));
  const { sid: asked } = useSearchOf(DEVICE_DETAIL_SEARCH);
  const spaces = useMemo(() => {
    const seen = new Map<string, string>();
    for (const f of funcs.data?.list ?? []) if (!seen.has(f.sid)) seen.set(f.sid, f.spaceName);
    return [...seen].map(([sid, name]) => ({ sid, name }));
  }, [funcs.data]);
  const [chosen, setChosen] = useState<string>();
  const sid = [chosen, asked].find((s) => s && spaces.some((x) => x.sid === s)) ?? spaces[0]?.sid;
  const [tab, setTab] = useState('records');
  return (
    <Card
      title={t('security-chain.records.deviceTitle')}
      size="small"
      data-testid="sc-dd-records"
      extra={
        spaces.length > 1 ? (
          <Select
            data-testid="sc-dd-records-space"
            aria-label={t('security-chain.space.label')}
            style={{ minWidth: 160, maxWidth: '100%' }}
            value={sid}
            onChange={setChosen}
            options={spaces.map((s) => ({ value: s.sid, label: s.name }))}
          />
        ) : null
      }
    >
      {sid ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          destroyOnHidden
          items={[
            {
              key: 'records',
              label: t('security-chain.records.tab'),
              children: <FuncRecordsTable key={sid} sid={sid} fixed={{ deviceId }} testId="sc-dd-rec" />,
            },
            {
              key: 'routed',
              label: t('security-chain.routed.tab'),
              children: <RoutedCmdTable key={sid} sid={sid} deviceId={deviceId} testId="sc-dd-routed" />,
            },
          ]}
        />
      ) : (
        <Empty description={t('security-chain.deviceDetail.noFuncs')} />
      )}
    </Card>
  );
}
