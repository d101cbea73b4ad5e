import type { SoftChangeRecordItem } from '@keel/contract/endpoints/pc-software';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { VersionRouteCard } from './VersionRouteCard';

const KIND_COLORS: Record<string, string> = { feature: 'blue', improvement: 'cyan', fix: 'orange', security: 'red' };

/** One entry: its kind, then its text in both languages (the reader's first). */
function RecordRow({ record, index }: { record: SoftChangeRecordItem; index: number }) {
  const { t, i18n } = useTranslation();
  const zhFirst = i18n.language !== 'en';
  const texts = (zhFirst ? [record.contentZh, record.contentEn] : [record.contentEn, record.contentZh]).filter(Boolean);
  return (
    <li className="k-soft-record" data-testid={`record-${index}`} data-kind={record.kind}>
      <Tag color={KIND_COLORS[record.kind]}>{t(`pc-software.record.kinds.${record.kind}`)}</Tag>
      <div style={{ minWidth: 0 }}>
        {texts.map((text, i) => (
          <Typography.Paragraph
            key={text}
            type={i === 0 ? undefined : 'secondary'}
            style={{ marginBottom: 2, wordBreak: 'break-word' }}
            translate="no"
          >
            {text}
          </Typography.Paragraph>
        ))}
      </div>
    </li>
  );
}

/**
 * PcAppVerHistoryComponent: a version's change record (what is new, improved, fixed, and security fixes), its
 * entries in the publisher's order, each in both languages. Edited with the version.
 */
export function PcAppVerHistoryComponent({ versionId }: { versionId: string }) {
  const { t } = useTranslation();
  const list = useQuery(apiQuery('softVersionChangeRecord/getSoftVersionChangeRecordByVersionId', { versionId }));
  let body: ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (list.isError)
    body = (
      <Result
        status="warning"
        title={t('pc-software.record.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else if (!list.data?.list.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pc-software.record.empty')} />;
  else
    body = (
      <ol className="k-soft-records">
        {list.data.list.map((r, i) => (
          <RecordRow key={r.recordId} record={r} index={i} />
        ))}
      </ol>
    );
  return (
    <Card size="small" title={t('pc-software.record.title')} data-testid="record-list">
      {body}
    </Card>
  );
}

/** `/Wekit/PcAppVerHistoryComponent?versionId=`: the change record of the version the URL names. */
export function PcAppVerHistoryRoute() {
  const { t } = useTranslation();
  return (
    <VersionRouteCard title={t('pc-software.record.title')} testId="record-route">
      {(_soft, version) => <PcAppVerHistoryComponent versionId={version.versionId} />}
    </VersionRouteCard>
  );
}
