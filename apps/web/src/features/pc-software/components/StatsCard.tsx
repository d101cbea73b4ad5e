import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { dayLabel } from '../model';
import { StatsChart } from './StatsChart';

const SPANS = [7, 30, 90] as const;

/**
 * A software's update checks and downloads: the totals, a chart per UTC day over the span chosen (7, 30 or 90
 * days), and per version and per platform.
 */
export function StatsCard({ soft }: { soft: SoftItem }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<(typeof SPANS)[number]>(30);
  const stats = useQuery(apiQuery('soft/getSoftDownloadStats', { softId: soft.softId, days }));
  let body: ReactNode;
  if (stats.isLoading) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  else if (stats.isError || !stats.data)
    body = (
      <Result
        status="warning"
        title={t('pc-software.stats.loadFailed')}
        extra={<Button onClick={() => void stats.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else {
    const data = stats.data;
    const nothing = data.total.checks === 0 && data.total.downloads === 0;
    body = (
      <>
        <Row gutter={[16, 16]} style={{ marginBottom: 12 }}>
          <Col xs={12} md={6}>
            <Statistic title={t('pc-software.stats.checks')} value={data.total.checks} data-testid="stats-checks" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('pc-software.stats.downloads')}
              value={data.total.downloads}
              data-testid="stats-downloads"
            />
          </Col>
        </Row>
        {nothing ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.stats.empty')} />
        ) : (
          <>
            <StatsChart
              testId="stats-chart"
              days={data.days.map((d) => ({ day: dayLabel(d.day), checks: d.checks, downloads: d.downloads }))}
            />
            <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
              <Col xs={24} lg={12}>
                <Table
                  size="small"
                  rowKey="versionId"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.versions}
                  data-testid="stats-versions"
                  columns={[
                    {
                      key: 'version',
                      title: t('pc-software.version.number'),
                      render: (_x, v) => <span translate="no">{v.version}</span>,
                    },
                    { key: 'checks', dataIndex: 'checks', title: t('pc-software.stats.checks') },
                    { key: 'downloads', dataIndex: 'downloads', title: t('pc-software.stats.downloads') },
                  ]}
                />
              </Col>
              <Col xs={24} lg={12}>
                <Table
                  size="small"
                  rowKey={(p) => `${p.os}-${p.arch}`}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.platforms}
                  data-testid="stats-platforms"
                  columns={[
                    {
                      key: 'platform',
                      title: t('pc-software.installer.platform'),
                      render: (_x, p) =>
                        `${t(`pc-software.os.${p.os}`, { defaultValue: p.os })} ${t(`pc-software.arch.${p.arch}`, { defaultValue: p.arch })}`,
                    },
                    { key: 'checks', dataIndex: 'checks', title: t('pc-software.stats.checks') },
                    { key: 'downloads', dataIndex: 'downloads', title: t('pc-software.stats.downloads') },
                  ]}
                />
              </Col>
            </Row>
          </>
        )}
      </>
    );
  }
  return (
    <Card
      size="small"
      title={t('pc-software.stats.title')}
      data-testid="stats-card"
      extra={
        <Segmented
          size="small"
          aria-label={t('pc-software.stats.span')}
          value={days}
          onChange={(v) => setDays(v as (typeof SPANS)[number])}
          options={SPANS.map((d) => ({ value: d, label: t('pc-software.stats.days', { count: d }) }))}
          data-testid="stats-span"
        />
      }
    >
      {body}
    </Card>
  );
}
