import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { PickTable } from '../../../shared/pickers/PickTable';
import { useDebounced } from '../../../shared/pickers/use-debounced';

const PAGE_SIZE = 8;

/**
 * Where the picker lists the property's devices from: the device authorisations' list (`da/getAuthDevicePickList`,
 * with each device's space) or the white lists' (`whiteList/getWhiteListDeviceList`), each open to the permission
 * of the dialog it serves.
 */
export type DevicePickSource = 'deviceAuth' | 'whiteList';

interface PickDevice {
  deviceId: string;
  name: string;
  modelName: string;
  spaceName?: string;
}

const pageOf = (source: DevicePickSource, page: { pageNum: number; pageSize: number; str?: string }) =>
  source === 'deviceAuth'
    ? apiQuery('da/getAuthDevicePickList', page)
    : apiQuery('whiteList/getWhiteListDeviceList', page);

/**
 * Devices picked from the property's: searched by serial, name or label, paged; the picks of every page are kept, at
 * most `max` (as many as one call takes). An antd Form control; `testId` prefixes its parts' test ids.
 */
export function SecurityDevicePicker({
  value = [],
  onChange,
  source,
  max,
  testId,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  source: DevicePickSource;
  max: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [pageNum, setPageNum] = useState(1);
  const devices = useQuery({
    ...(pageOf(source, { pageNum, pageSize: PAGE_SIZE, ...(str ? { str } : {}) }) as ReturnType<
      typeof apiQuery<'da/getAuthDevicePickList'>
    >),
    placeholderData: keepPreviousData,
  });
  const picked = new Set(value);
  const withSpace = source === 'deviceAuth';
  return (
    <div data-testid={`${testId}-device-picker`}>
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPageNum(1);
        }}
        placeholder={t('security-chain.deviceAuth.deviceSearch')}
        aria-label={t('security-chain.deviceAuth.deviceSearch')}
        data-testid={`${testId}-device-search`}
        style={{ marginBottom: 8 }}
      />
      <Typography.Text type="secondary" data-testid={`${testId}-device-count`}>
        {t('security-chain.deviceAuth.devicesPicked', { count: value.length, max })}
      </Typography.Text>
      <PickTable<PickDevice>
        query={devices}
        rowKey="deviceId"
        scrollX={withSpace ? 420 : 320}
        emptyText={str ? t('security-chain.deviceAuth.noDeviceMatch') : t('security-chain.deviceAuth.noDevices')}
        value={value}
        onChange={onChange}
        hideSelectAll
        checkbox={(d) => ({
          disabled: !picked.has(d.deviceId) && value.length >= max,
          'aria-label': t('security-chain.deviceAuth.pickDevice', { name: d.name || d.deviceId }),
          'data-testid': `${testId}-device-pick-${d.deviceId}`,
        })}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        columns={[
          {
            key: 'device',
            title: t('security-chain.deviceAuth.targets.device'),
            width: 200,
            render: (_: unknown, d) => (
              <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                <span translate="no" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {d.name || d.deviceId}
                </span>
                <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }} ellipsis>
                  {d.deviceId}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'model',
            title: t('security-chain.deviceAuth.model'),
            width: 110,
            ellipsis: true,
            render: (_: unknown, d) => <span translate="no">{d.modelName || '—'}</span>,
          },
          ...(withSpace
            ? [
                {
                  key: 'space',
                  title: t('security-chain.deviceAuth.space'),
                  width: 110,
                  ellipsis: true,
                  render: (_: unknown, d: PickDevice) => <span translate="no">{d.spaceName || '—'}</span>,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
