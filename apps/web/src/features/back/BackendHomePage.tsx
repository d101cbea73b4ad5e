import { BUSINESSES } from '@keel/contract/constants';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { formatTime } from '../../shared/format/time';
import { MenuIcon } from '../../shared/menu/menu-icon';
import type { MenuEntry } from '../../shared/menu/menu-tree';
import { useMenu } from '../../shared/menu/use-menu';
import { useSession } from '../../shared/session/session-store';
import { platformQuery } from './api';

function Count({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Card size="small">
      <Statistic title={label} value={value ?? '—'} loading={value === undefined} data-testid={testId} />
    </Card>
  );
}

/** Platform-wide counts: properties, accounts, and how many properties each business is authorised for. */
function Overview() {
  const { t } = useTranslation();
  const properties = useQuery(platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 1 }));
  const users = useQuery(platformQuery('u/getUserList', { pageNum: 1, pageSize: 1 }));
  const perBusiness = useQueries({
    queries: BUSINESSES.map((business) =>
      platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 1, business }),
    ),
  });
  const failed = properties.isError || users.isError || perBusiness.some((q) => q.isError);
  const refetch = () => {
    void properties.refetch();
    void users.refetch();
    for (const q of perBusiness) void q.refetch();
  };
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="overview-error"
        message={t('back.loadFailed')}
        action={<Button onClick={refetch}>{t('kit.retry')}</Button>}
      />
    );
  const authorised = perBusiness.reduce((sum, q) => sum + (q.data?.total ?? 0), 0);
  const businessesLoaded = perBusiness.every((q) => q.data !== undefined);
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Count label={t('back.properties')} value={properties.data?.total} testId="count-properties" />
        </Col>
        <Col xs={24} sm={8}>
          <Count label={t('back.users')} value={users.data?.total} testId="count-users" />
        </Col>
        <Col xs={24} sm={8}>
          <Count
            label={t('back.authorisations')}
            value={businessesLoaded ? authorised : undefined}
            testId="count-authorisations"
          />
        </Col>
      </Row>
      {businessesLoaded && (
        <Space wrap size={[8, 8]} data-testid="business-counts">
          <Typography.Text type="secondary">{t('back.perBusiness')}</Typography.Text>
          {BUSINESSES.map((b, i) => (
            <Tag
              key={b}
              color={(perBusiness[i]?.data?.total ?? 0) > 0 ? 'blue' : undefined}
              data-testid={`business-count-${b}`}
            >
              {t(`common.businesses.${b}`)} · {perBusiness[i]?.data?.total ?? 0}
            </Tag>
          ))}
        </Space>
      )}
    </Space>
  );
}

function RecentAudit() {
  const { t } = useTranslation();
  const resultOptions = [
    { value: '0', label: t('back.audit.success') },
    { value: '1', label: t('back.audit.failure') },
  ];
  return (
    <DataTable
      testId="audit-table"
      rowKey="seq"
      query={(params) =>
        platformQuery('audit/getAuditRecordList', {
          pageNum: params.pageNum,
          pageSize: params.pageSize,
          actor: params.filters.actor,
          endpoint: params.filters.endpoint,
          filterPno: params.filters.filterPno,
          result: params.filters.result === '0' ? 0 : params.filters.result === '1' ? 1 : undefined,
        })
      }
      columns={[
        { key: 'time', title: t('back.audit.time'), width: 170, render: (r) => formatTime(r.time, { seconds: true }) },
        {
          key: 'actor',
          title: t('back.audit.actor'),
          filter: true,
          render: (r) =>
            r.actorUid ? (
              <span data-testid={`audit-actor-${r.seq}`}>
                {r.actorName ?? r.actorUid}
                {r.actorPhoneNum && <Typography.Text type="secondary"> {r.actorPhoneNum}</Typography.Text>}
              </span>
            ) : (
              <Typography.Text type="secondary">{t('back.audit.anonymous')}</Typography.Text>
            ),
        },
        {
          key: 'filterPno',
          title: t('back.audit.property'),
          width: 160,
          filter: true,
          render: (r) => (r.pno ? `${r.propertyName ?? ''} ${r.pno}`.trim() : '—'),
        },
        {
          key: 'endpoint',
          title: t('back.audit.endpoint'),
          filter: true,
          render: (r) => (
            <Typography.Text code style={{ whiteSpace: 'nowrap' }} data-testid={`audit-endpoint-${r.seq}`}>
              {r.endpoint}
            </Typography.Text>
          ),
        },
        {
          key: 'target',
          title: t('back.audit.target'),
          render: (r) => (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.target }} style={{ maxWidth: 180 }}>
              {r.target ?? '—'}
            </Typography.Text>
          ),
        },
        {
          key: 'result',
          title: t('back.audit.result'),
          width: 120,
          filter: resultOptions,
          render: (r) =>
            r.result === 0 ? (
              <Tag color="green">{t('back.audit.success')}</Tag>
            ) : (
              <Tag color="red" title={String(r.result)}>
                {t('back.audit.failure')}
              </Tag>
            ),
        },
        { key: 'address', title: t('back.audit.address'), width: 130 },
      ]}
    />
  );
}

function collect(entry: MenuEntry): MenuEntry[] {
  return [...(entry.route ? [entry] : []), ...entry.children.flatMap(collect)];
}

/** Links to the back-office pages that exist. */
function BackLinks() {
  const { t } = useTranslation();
  const menu = useMenu('platform');
  const pages = menu.flatMap((group) =>
    collect(group)
      .filter((p) => p.route !== '/Backend/BackendHome')
      .map((page) => ({ page, group })),
  );
  if (pages.length === 0) return <Empty description={t('back.noPages')} data-testid="no-pages" />;
  return (
    <Row gutter={[12, 12]} data-testid="page-cards">
      {pages.map(({ page, group }) => (
        <Col key={page.id} xs={24} sm={12} lg={8} xl={6}>
          <Link to={page.route as never} data-testid={`card-${page.id}`} style={{ display: 'block' }}>
            <Card hoverable size="small">
              <Card.Meta avatar={<MenuIcon name={group.icon} />} title={page.label} description={group.label} />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/** `/Backend/BackendHome`: the operator's overview — platform counts, recent audit records, the back-office pages. */
export function BackendHomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="backend-home">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('back.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      <Card title={t('back.overview')}>
        <Overview />
      </Card>
      <Card title={t('back.audit.title')} data-testid="recent-audit">
        <RecentAudit />
      </Card>
      <Card title={t('back.pages')}>
        <BackLinks />
      </Card>
    </Space>
  );
}
