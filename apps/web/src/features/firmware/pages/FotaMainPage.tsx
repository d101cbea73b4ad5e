import type { UpgradeRecord, UpgradeState } from '@keel/contract/endpoints/firmware';
import { FIRMWARE_TASK_PERMISSIONS } from '@keel/contract/endpoints/firmware-task';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { SOFTWARE_PAGE, TERMINAL_INFO_DIALOG, TERMINAL_PAGE, useCan } from '../api';
import { type Bar, BarChart } from '../components/BarChart';
import { UpgradeStateTag } from '../components/UpgradeBits';
import { ActiveTasks } from '../tasks/ActiveTasks';

const RECENT = 8;

/** A query's body: a skeleton while it loads, a retry when it failed, the content otherwise. */
function Loaded<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('kit.loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  if (q.data === undefined) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  return <>{children(q.data)}</>;
}

/** Devices by the firmware version they report: the chart, with the online share of each version. */
function VersionsCard() {
  const { t } = useTranslation();
  const q = useQuery(apiQuery('up/getDeviceVersionStats', {}));
  return (
    <Card title={t('firmware.overview.byVersion')} data-testid="fw-overview-versions">
      <Loaded q={q}>
        {(stats) => {
          if (stats.total === 0) return <Empty description={t('firmware.overview.noDevices')} />;
          const bars: Bar[] = stats.versions.map((v) => ({
            key: v.version || '-',
            label: v.version || t('firmware.terminal.noVersion'),
            value: v.count,
            part: v.online,
            caption: t('firmware.overview.barCaption', { count: v.count, online: v.online }),
            testId: `fw-bar-${v.version || 'none'}`,
          }));
          if (stats.other > 0)
            bars.push({
              key: 'other',
              label: t('firmware.overview.otherVersions'),
              value: stats.other,
              caption: t('firmware.overview.devices', { count: stats.other }),
            });
          return (
            <>
              <BarChart bars={bars} label={t('firmware.overview.byVersion')} testId="fw-version-chart" />
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                {t('firmware.overview.legend')}
              </Typography.Paragraph>
            </>
          );
        }}
      </Loaded>
    </Card>
  );
}

/** Upgrade records, newest first (of one state), each linking to its device. */
function RecordsCard({ title, state, testId }: { title: string; state?: UpgradeState; testId: string }) {
  const { t } = useTranslation();
  const q = useQuery(apiQuery('up/getUpgradeRecordList', { pageNum: 1, pageSize: RECENT, state }));
  return (
    <Card title={title} data-testid={testId} styles={{ body: { paddingTop: 8 } }}>
      <Loaded q={q}>
        {(page) => (
          <List<UpgradeRecord>
            size="small"
            dataSource={page.list}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    state === 'failed' ? t('firmware.overview.noFailures') : t('firmware.overview.noRecords')
                  }
                />
              ),
            }}
            renderItem={(r) => (
              <List.Item
                extra={<UpgradeStateTag state={r.state} />}
                style={{ flexWrap: 'wrap', gap: 4 }}
                data-testid={`${testId}-${r.id}`}
              >
                <List.Item.Meta
                  style={{ minWidth: 0 }}
                  title={
                    <Link to={TERMINAL_INFO_DIALOG} search={{ deviceId: r.deviceId } as never} translate="no">
                      {r.deviceId}
                    </Link>
                  }
                  description={
                    <span>
                      <span translate="no">
                        {r.swName} {r.fromVersion || '—'} → {r.toVersion}
                      </span>
                      {r.errorCode ? ` · ${t('firmware.overview.error', { code: r.errorCode })}` : ''}
                      {` · ${formatTime(r.updateTime)}`}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Loaded>
    </Card>
  );
}

/** The headline figures: devices (online), versions on devices, packages (published), failed upgrades. */
function Figures() {
  const { t } = useTranslation();
  const stats = useQuery(apiQuery('up/getDeviceVersionStats', {}));
  const types = useQuery(apiQuery('sw/getSwTypeList', {}));
  const failed = useQuery(apiQuery('up/getUpgradeRecordList', { pageNum: 1, pageSize: 1, state: 'failed' }));
  const packages = types.data?.reduce((n, x) => n + x.count, 0);
  const published = types.data?.reduce((n, x) => n + x.published, 0);
  const figure = (title: string, value: number | undefined, suffix: ReactNode, loading: boolean, testId: string) => (
    <Col xs={12} lg={6}>
      <Card size="small" data-testid={testId}>
        <Statistic title={title} value={value ?? '—'} loading={loading} suffix={suffix} />
      </Card>
    </Col>
  );
  return (
    <Row gutter={[12, 12]}>
      {figure(
        t('firmware.overview.devicesTitle'),
        stats.data?.total,
        stats.data ? (
          <Typography.Text type="secondary" style={{ fontSize: 14 }}>
            {t('firmware.overview.onlineOf', { count: stats.data.online })}
          </Typography.Text>
        ) : null,
        stats.isLoading,
        'fw-figure-devices',
      )}
      {figure(
        t('firmware.overview.versionsTitle'),
        stats.data ? stats.data.versions.filter((v) => v.version).length : undefined,
        null,
        stats.isLoading,
        'fw-figure-versions',
      )}
      {figure(
        t('firmware.overview.packagesTitle'),
        packages,
        published !== undefined ? (
          <Typography.Text type="secondary" style={{ fontSize: 14 }}>
            {t('firmware.overview.publishedOf', { count: published })}
          </Typography.Text>
        ) : null,
        types.isLoading,
        'fw-figure-packages',
      )}
      {figure(t('firmware.overview.failedTitle'), failed.data?.total, null, failed.isLoading, 'fw-figure-failed')}
    </Row>
  );
}

/** Packages by software type: how many versions, how many published. */
function TypesCard() {
  const { t } = useTranslation();
  const q = useQuery(apiQuery('sw/getSwTypeList', {}));
  return (
    <Card
      title={t('firmware.overview.byType')}
      data-testid="fw-overview-types"
      extra={<Link to={SOFTWARE_PAGE}>{t('firmware.overview.toPackages')}</Link>}
    >
      <Loaded q={q}>
        {(types) =>
          types.every((x) => x.count === 0) ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.overview.noPackages')} />
          ) : (
            <BarChart
              label={t('firmware.overview.byType')}
              bars={types
                .filter((x) => x.count > 0)
                .map((x) => ({
                  key: x.swType,
                  label: t(`firmware.types.${x.swType}`),
                  value: x.count,
                  part: x.published,
                  caption: t('firmware.overview.typeCaption', { count: x.count, published: x.published }),
                  testId: `fw-type-${x.swType}`,
                }))}
            />
          )
        }
      </Loaded>
    </Card>
  );
}

/**
 * `/fota/FotaMainPage`: the firmware overview — devices, versions on devices, packages and failed upgrades as
 * figures; devices by the firmware version they report as a bar chart (online darker); packages by type; the
 * latest upgrade records and failures, each opening its device; with the tasks page, the active tasks with their
 * progress and success rate, and their failures by error code.
 */
export function FotaMainPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const canTasks = useCan(FIRMWARE_TASK_PERMISSIONS.task);
  if (!pno)
    return (
      <Card title={t('firmware.overview.title')} data-testid="fota-main-page">
        <Empty description={t('firmware.noProperty')} />
      </Card>
    );
  return (
    <div data-testid="fota-main-page" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('firmware.overview.title')}
      </Typography.Title>
      <Figures />
      {canTasks && (
        <div className="k-overview-pair">
          <ActiveTasks />
        </div>
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <VersionsCard />
        </Col>
        <Col xs={24} xl={10}>
          <TypesCard />
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <RecordsCard title={t('firmware.overview.recent')} testId="fw-recent" />
        </Col>
        <Col xs={24} xl={12}>
          <RecordsCard title={t('firmware.overview.failures')} state="failed" testId="fw-failures" />
        </Col>
      </Row>
      <Typography.Text type="secondary">
        <Link to={TERMINAL_PAGE}>{t('firmware.overview.toTerminals')}</Link>
      </Typography.Text>
    </div>
  );
}
