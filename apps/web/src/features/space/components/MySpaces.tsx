import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import type { SpaceItem } from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { openTerminalSpace } from '../terminal-tab';
import { APPLY_STATUS_COLORS } from './ApplicationsTable';
import { SpaceKind } from './SpaceCells';
import { UsageBar } from './UsageBar';

/** One of the member's spaces as a card: kind, use against quota, and the way to its details and terminals. */
function SpaceCard({ space }: { space: SpaceItem }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Typography.Text strong data-testid={`my-space-${space.name}`} translate="no">
        {space.name}
      </Typography.Text>
      <div style={{ margin: '8px 0' }}>
        <SpaceKind space={space} />
      </div>
      <UsageBar used={space.usedBytes} reserved={space.reservedBytes} quota={space.quotaBytes} />
      <Space size={4} wrap style={{ marginTop: 12 }}>
        <Link to="/Tis/space/SpaceDetailPage" search={{ sid: space.sid } as never}>
          <Button size="small" type="primary" data-testid={`my-space-open-${space.name}`}>
            {t('space.actions.details')}
          </Button>
        </Link>
        <Button
          size="small"
          data-testid={`my-space-terminals-${space.name}`}
          onClick={() => openTerminalSpace(space.sid, 'mine')}
        >
          {t('space.actions.terminals')}
        </Button>
      </Space>
    </Card>
  );
}

/** The member's own spaces (`space/getMySpaceList`), as cards. */
export function MySpaces() {
  const { t } = useTranslation();
  const spaces = useQuery(apiQuery('space/getMySpaceList', { pageNum: 1, pageSize: SPACE_LIST_PAGE_SIZE }));
  if (spaces.isLoading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (spaces.isError)
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        extra={<Button onClick={() => void spaces.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  const list = spaces.data?.list ?? [];
  if (list.length === 0) return <Empty description={t('space.mine.none')} data-testid="my-spaces-empty" />;
  return (
    <Row gutter={[16, 16]} data-testid="my-spaces">
      {list.map((s) => (
        <Col key={s.sid} xs={24} md={12} xl={8}>
          <SpaceCard space={s} />
        </Col>
      ))}
    </Row>
  );
}

/** The member's applications for spaces (`space/getMySpaceApplyList`), newest first. */
export function MyApplications() {
  const { t } = useTranslation();
  const list = useQuery(apiQuery('space/getMySpaceApplyList', { pageNum: 1, pageSize: 20 }));
  const rows = list.data?.list ?? [];
  if (!list.isLoading && rows.length === 0) return null;
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('space.mine.applications')}</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        data-testid="my-applications"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        columns={[
          { key: 'name', title: t('space.fields.name'), render: (_, r) => r.name },
          { key: 'kind', title: t('space.fields.business'), render: (_, r) => <SpaceKind space={r} /> },
          { key: 'quota', title: t('space.apply.quota'), render: (_, r) => formatFileSize(r.quotaBytes) },
          { key: 'time', title: t('space.apply.time'), render: (_, r) => formatTime(r.createTime) },
          {
            key: 'status',
            title: t('space.apply.status'),
            render: (_, r) => (
              <span data-testid={`my-apply-${r.name}`}>
                <Tag color={APPLY_STATUS_COLORS[r.status]}>{t(`space.apply.statuses.${r.status}`)}</Tag>
                {r.note && <Typography.Text type="secondary">{r.note}</Typography.Text>}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
