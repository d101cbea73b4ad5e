import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';

/** The app store's page every member of a property with the app store reaches: its presence says the store is on. */
const APP_STORE_PAGE = 'appService.appInfo';
/** Installed apps change when the device reports them: refreshed with the detail. */
const REFRESH_MS = 10_000;

/**
 * The apps a device reported it has installed (the app store's device API), each with the store's app of that
 * package and whether a newer version waits on the shelf for the device's model (forced, when the developer said so).
 * Shown where the property has the app store.
 */
export function InstalledApps({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const hasStore = useSession((s) => s.menuIdList.includes(APP_STORE_PAGE));
  const query = useQuery({
    ...apiQuery('ai/getDeviceAppList', { deviceId }),
    enabled: hasStore,
    refetchInterval: REFRESH_MS,
  });
  if (!hasStore) return null;
  const list = query.data?.list ?? [];
  return (
    <Card size="small" title={t('device.apps.title')} style={{ marginBottom: 16 }} data-testid="device-apps">
      {query.isError ? (
        <Alert type="error" showIcon title={t('device.apps.loadFailed')} />
      ) : !query.isLoading && list.length === 0 ? (
        <Empty description={t('device.apps.empty')} data-testid="device-apps-empty" />
      ) : (
        <Table
          size="small"
          rowKey="packageName"
          loading={query.isLoading}
          pagination={list.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          dataSource={list}
          scroll={{ x: 'max-content' }}
          data-testid="device-apps-table"
          columns={[
            {
              key: 'app',
              title: t('device.apps.app'),
              render: (_v, r) => (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                  {r.iconUrl ? <img src={r.iconUrl} alt="" width={24} height={24} style={{ borderRadius: 4 }} /> : null}
                  <span>
                    <Typography.Text>{r.appName || r.packageName}</Typography.Text>
                    {r.appName && (
                      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                        {r.packageName}
                      </Typography.Text>
                    )}
                  </span>
                </span>
              ),
            },
            {
              key: 'version',
              title: t('device.apps.version'),
              render: (_v, r) => `${r.versionName || '—'} (${r.versionCode})`,
            },
            {
              key: 'latest',
              title: t('device.apps.latest'),
              render: (_v, r) =>
                r.latestVersionCode === null ? (
                  <Typography.Text type="secondary">{t('device.apps.notInStore')}</Typography.Text>
                ) : r.updateAvailable ? (
                  <Tag color={r.forceUpdate ? 'red' : 'gold'} data-testid="device-app-update">
                    {t(r.forceUpdate ? 'device.apps.forced' : 'device.apps.update', {
                      version: `${r.latestVersionName} (${r.latestVersionCode})`,
                    })}
                  </Tag>
                ) : (
                  <Tag color="green">{t('device.apps.current')}</Tag>
                ),
            },
            {
              key: 'reported',
              title: t('device.apps.reported'),
              render: (_v, r) => formatTime(r.reportTime, { seconds: true }),
            },
          ]}
        />
      )}
    </Card>
  );
}
