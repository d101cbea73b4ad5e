import { type DeviceDetail, deviceEndpoints } from '@keel/contract/endpoints/device';
import type { UpgradeRecord } from '@keel/contract/endpoints/firmware';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { apiQuery } from '../../../shared/api/query';
import { useSearchOf } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { OnlineState, UpgradeStateTag, VersionText } from '../components/UpgradeBits';

const SEARCH = deviceEndpoints['di/getAnyDeviceInfo'].input.partial();
const PAGE = 5;

/** A failed read with a retry. */
function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('kit.loadFailed')}
      subTitle={message}
      extra={<Button onClick={retry}>{t('kit.retry')}</Button>}
    />
  );
}

/** The published versions the device can upgrade to (fitting its model, newer than what it reports). */
function Upgrades({ deviceId }: { deviceId: string }) {
  const { t, i18n } = useTranslation();
  const q = useQuery(apiQuery('up/getUpgradeSwList', { pageNum: 1, pageSize: 20, deviceId }));
  if (q.isError) return <LoadFailed message={q.error.message} retry={() => void q.refetch()} />;
  if (q.isLoading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  return (
    <List
      size="small"
      data-testid="fw-info-upgrades"
      dataSource={q.data?.list ?? []}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.terminal.upToDate')} />,
      }}
      renderItem={(sw) => (
        <List.Item data-testid={`fw-upgrade-${sw.version}`}>
          <List.Item.Meta
            title={
              <span>
                <span translate="no">
                  {sw.name} {sw.version}
                </span>{' '}
                <Tag bordered={false}>{t(`firmware.types.${sw.swType}`)}</Tag>
              </span>
            }
            description={
              <>
                <div>
                  {sw.deltaSize !== null
                    ? t('firmware.terminal.deltaDownload', {
                        delta: formatFileSize(sw.deltaSize),
                        full: formatFileSize(sw.size),
                      })
                    : t('firmware.terminal.fullDownload', { full: formatFileSize(sw.size) })}
                </div>
                {(i18n.language === 'en' ? sw.notesEn : sw.notesZh) && (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                    {i18n.language === 'en' ? sw.notesEn : sw.notesZh}
                  </Typography.Paragraph>
                )}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** The device's upgrade records, newest first, a page at a time. */
function Records({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const q = useQuery(apiQuery('up/getUpgradeRecordList', { pageNum, pageSize: PAGE, deviceId }));
  if (q.isError) return <LoadFailed message={q.error.message} retry={() => void q.refetch()} />;
  return (
    <Table<UpgradeRecord>
      size="small"
      rowKey="id"
      data-testid="fw-info-records"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      scroll={{ x: 520 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.terminal.noRecords')} />,
      }}
      pagination={{ current: pageNum, pageSize: PAGE, total: q.data?.total ?? 0, onChange: setPageNum, size: 'small' }}
      columns={[
        {
          key: 'sw',
          title: t('firmware.upgrade.version'),
          render: (_: unknown, r) => (
            <span translate="no">
              {r.fromVersion || '—'} → {r.toVersion}
              {r.delta ? ` (${t('firmware.upgrade.delta')})` : ''}
            </span>
          ),
        },
        {
          key: 'state',
          title: t('firmware.upgrade.state'),
          width: 110,
          render: (_: unknown, r) => <UpgradeStateTag state={r.state} />,
        },
        {
          key: 'error',
          title: t('firmware.upgrade.errorCode'),
          width: 100,
          render: (_: unknown, r) => r.errorCode || '—',
        },
        {
          key: 'time',
          title: t('firmware.upgrade.time'),
          width: 150,
          render: (_: unknown, r) => formatTime(r.updateTime),
        },
      ]}
    />
  );
}

function Details({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="fw-info-details">
      <Descriptions.Item label={t('firmware.terminal.name')}>{device.name || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.model')}>{device.modelName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.firmwareVersion')}>
        <span data-testid="fw-info-version">
          <VersionText version={device.firmwareVersion} />
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.appVersion')}>
        <VersionText version={device.appVersion} />
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.state')}>
        <OnlineState online={device.online} />
      </Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.lastSeen')}>{formatTime(device.lastSeenTime)}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.platform')}>{device.platformName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('firmware.terminal.firstSeen')}>{formatTime(device.firstSeenTime)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * `/fota/FotaTerminalInfoDialog?deviceId=`: one device as firmware sees it — what it reports (versions, online,
 * last seen), the published versions it can upgrade to (with the download a delta saves), and its upgrade records.
 */
export function FotaTerminalInfoDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { deviceId } = useSearchOf(SEARCH);
  const query = useQuery({
    ...apiQuery('di/getAnyDeviceInfo', { deviceId: deviceId ?? '' }),
    enabled: deviceId !== undefined,
    retry: false,
  });
  const device = useRouteObject(query, deviceId !== undefined, t('firmware.terminal.notFound'), onClose);
  return (
    <Modal
      open
      width={760}
      title={t('firmware.terminal.infoTitle', { deviceId: deviceId ?? '' })}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="fw-info-close">
          {t('firmware.close')}
        </Button>
      }
      destroyOnHidden
    >
      <div data-testid="fw-info-dialog">
        {!deviceId ? (
          <Empty description={t('firmware.terminal.notFound')} />
        ) : !device ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <>
            <Details device={device} />
            <Tabs
              items={[
                { key: 'upgrades', label: t('firmware.terminal.upgrades'), children: <Upgrades deviceId={deviceId} /> },
                { key: 'records', label: t('firmware.terminal.records'), children: <Records deviceId={deviceId} /> },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
