import { type AuthPickerDevice, DEVICE_AUTH_TARGETS_PER_CALL } from '@keel/contract/endpoints/security-device-auth';
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
 * The devices an authorisation names, picked from the property's (`da/getAuthDevicePickList`): searched by serial,
 * name or label, paged; the picks of every page are kept, at most as many as one call takes. An antd Form control.
 */
export function AuthDevicePicker({ value = [], onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const str = useDebounced(text.trim(), 300);
  const [pageNum, setPageNum] = useState(1);
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const devices = useQuery({
    ...apiQuery('da/getAuthDevicePickList', { pageNum, pageSize: PAGE_SIZE, ...(str ? { str } : {}) }),
    placeholderData: keepPreviousData,
  });
  const full = value.length >= DEVICE_AUTH_TARGETS_PER_CALL;
  return (
    <div data-testid="sc-da-device-picker">
      <Input.Search
        allowClear
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setPageNum(1);
        }}
        placeholder={t('security-chain.deviceAuth.deviceSearch')}
        aria-label={t('security-chain.deviceAuth.deviceSearch')}
        data-testid="sc-da-device-search"
        style={{ marginBottom: 8 }}
      />
      <Typography.Text type="secondary" data-testid="sc-da-device-count">
        {t('security-chain.deviceAuth.devicesPicked', { count: value.length, max: DEVICE_AUTH_TARGETS_PER_CALL })}
      </Typography.Text>
      {devices.isError ? (
        <Result
          status="error"
          title={t('kit.loadFailed')}
          extra={<Button onClick={() => void devices.refetch()}>{t('kit.retry')}</Button>}
        />
      ) : (
        <div ref={frame}>
          <Table<AuthPickerDevice>
            size="small"
            rowKey="deviceId"
            dataSource={devices.data?.list ?? []}
            loading={devices.isLoading || (devices.isFetching && devices.isPlaceholderData)}
            tableLayout="fixed"
            scroll={{ x: 420 }}
            locale={{
              emptyText: str ? t('security-chain.deviceAuth.noDeviceMatch') : t('security-chain.deviceAuth.noDevices'),
            }}
            rowSelection={{
              selectedRowKeys: value,
              preserveSelectedRowKeys: true,
              hideSelectAll: true,
              onChange: (keys) => onChange?.(keys.map(String)),
              getCheckboxProps: (d) => ({
                disabled: full && !value.includes(d.deviceId),
                'aria-label': t('security-chain.deviceAuth.pickDevice', { name: d.name || d.deviceId }),
                'data-testid': `sc-da-device-pick-${d.deviceId}`,
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
                title: t('security-chain.deviceAuth.targets.device'),
                width: 200,
                render: (_: unknown, d) => (
                  <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                    <span translate="no">{d.name || d.deviceId}</span>
                    <Typography.Text type="secondary" translate="no" style={{ fontSize: 12 }}>
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
              {
                key: 'space',
                title: t('security-chain.deviceAuth.space'),
                width: 110,
                ellipsis: true,
                render: (_: unknown, d) => <span translate="no">{d.spaceName || '—'}</span>,
              },
            ]}
          />
        </div>
      )}
    </div>
  );
}
