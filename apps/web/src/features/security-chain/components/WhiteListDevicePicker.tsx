import type { WhiteListDeviceChoice } from '@keel/contract/endpoints/security-pools';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibleTableScroll } from '../../../shared/admin-kit/table-a11y';
import { apiQuery } from '../../../shared/api/query';
import { useDebounced } from '../../../shared/pickers/use-debounced';

const PAGE_SIZE = 8;

/**
 * The devices of a white-list entry, picked from the property's (`whiteList/getWhiteListDeviceList`): searched by
 * serial, name or label, paged; the picks of every page are kept (at most `max`).
 */
export function WhiteListDevicePicker({
  value = [],
  onChange,
  max,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  max: number;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [pageNum, setPageNum] = useState(1);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const devices = useQuery({
    ...apiQuery('whiteList/getWhiteListDeviceList', { pageNum, pageSize: PAGE_SIZE, ...(str ? { str } : {}) }),
    placeholderData: keepPreviousData,
  });
  const picked = new Set(value);

  return (
    <div data-testid="sc-wl-device-picker">
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPageNum(1);
        }}
        placeholder={t('security-chain.white.deviceSearch')}
        aria-label={t('security-chain.white.deviceSearch')}
        data-testid="sc-wl-device-search"
        style={{ marginBottom: 8 }}
      />
      <Typography.Text type="secondary" data-testid="sc-wl-device-count">
        {t('security-chain.white.devicesPicked', { count: value.length, max })}
      </Typography.Text>
      {devices.isError ? (
        <Result
          status="error"
          title={t('kit.loadFailed')}
          subTitle={devices.error.message}
          extra={<Button onClick={() => void devices.refetch()}>{t('kit.retry')}</Button>}
        />
      ) : (
        <div ref={frame}>
          <Table<WhiteListDeviceChoice>
            size="small"
            rowKey="deviceId"
            dataSource={devices.data?.list ?? []}
            loading={devices.isLoading || (devices.isFetching && devices.isPlaceholderData)}
            tableLayout="fixed"
            scroll={{ x: 360 }}
            locale={{ emptyText: str ? t('security-chain.white.noDeviceMatch') : t('security-chain.white.noDevices') }}
            rowSelection={{
              selectedRowKeys: value,
              preserveSelectedRowKeys: true,
              onChange: (keys) => onChange?.(keys.map(String)),
              getCheckboxProps: (d) => ({
                disabled: !picked.has(d.deviceId) && value.length >= max,
                'aria-label': t('security-chain.white.pickDevice', { name: d.name || d.deviceId }),
                'data-testid': `sc-wl-device-pick-${d.deviceId}`,
              }),
            }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: devices.data?.total ?? 0,
              showSizeChanger: false,
              size: 'small',
              onChange: setPageNum,
            }}
            columns={[
              {
                key: 'device',
                title: t('security-chain.white.device'),
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
                title: t('security-chain.white.model'),
                width: 120,
                ellipsis: true,
                render: (_: unknown, d) => <span translate="no">{d.modelName || '—'}</span>,
              },
            ]}
          />
        </div>
      )}
    </div>
  );
}
