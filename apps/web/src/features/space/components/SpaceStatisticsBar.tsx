import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../../../shared/api/query';
import type { Scope } from '../../../shared/api/query-key';
import { UsageBar } from './UsageBar';

/**
 * Use against quota of the spaces in reach (`space/getSpaceStatistics`): how many, quota and use in all, those
 * nearly full, and use per business.
 */
export function SpaceStatisticsBar({ scope, filterPno }: { scope: Scope; filterPno?: string }) {
  const { t } = useTranslation();
  const stats = useQuery(scopedQuery('space/getSpaceStatistics', filterPno ? { filterPno } : {}, scope));
  if (stats.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const s = stats.data;
  if (!s) return null;
  return (
    <div data-testid="space-statistics" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('space.stats.spaces')} value={s.spaceNum} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('space.stats.quota')} value={formatFileSize(s.quotaBytes)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('space.stats.used')} value={formatFileSize(s.usedBytes)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('space.stats.nearFull')} value={s.nearFullNum} />
        </Col>
      </Row>
      {s.byBusiness.length > 0 && (
        <Row gutter={[16, 8]} style={{ marginTop: 12 }}>
          {s.byBusiness.map((b) => (
            <Col key={b.business} xs={24} sm={12} lg={6}>
              <Tag color="blue">
                {t(`common.businesses.${b.business}`)} · {t('space.stats.count', { count: b.spaceNum })}
              </Tag>
              <UsageBar used={b.usedBytes} quota={b.quotaBytes} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
