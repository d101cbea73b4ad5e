import ControlOutlined from '@ant-design/icons/ControlOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Statistic from 'antd/es/statistic';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../shared/api/query';
import { useMenu } from '../../shared/menu/use-menu';
import { useSession } from '../../shared/session/session-store';
import { useSelectProperty } from '../../shared/session/use-select-property';
import { PageCards } from './PageCards';

function PropertyInfo() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const info = useQuery({ ...apiQuery('a/getPropertyExInfo', {}), enabled: pno !== null });
  if (!pno) return <Empty description={t('home.noProperty')} data-testid="no-property" />;
  if (info.isLoading) return <Skeleton active data-testid="property-loading" />;
  if (info.isError || !info.data)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="property-error"
        message={t('home.loadFailed')}
        action={<Button onClick={() => void info.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  const data = info.data;
  return (
    <Descriptions column={1} size="small" data-testid="property-info">
      <Descriptions.Item label={t('home.propertyName')}>
        <span data-testid="property-name" translate="no">
          {data.name}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('home.pno')}>{data.pno}</Descriptions.Item>
      <Descriptions.Item label={t('home.role')}>
        <Tag color="blue" data-testid="property-role">
          {t(`common.roles.${data.role}`)}
        </Tag>
        {data.isCustomer === 1 && <Tag color="purple">{t('home.customer')}</Tag>}
      </Descriptions.Item>
      <Descriptions.Item label={t('home.businesses')}>
        {data.businessList.length === 0 ? (
          <Typography.Text type="secondary">{t('home.noBusinesses')}</Typography.Text>
        ) : (
          <Space wrap size={[4, 4]}>
            {data.businessList.map((b) => (
              <Tag key={b}>{t(`common.businesses.${b}`, { defaultValue: b })}</Tag>
            ))}
          </Space>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** `/home`: the landing page for the selected property. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.userInfo);
  const pno = useSession((s) => s.selectedPropertyPno);
  const unread = useSession((s) => s.unreadCount);
  const menu = useMenu('property');
  const selectProperty = useSelectProperty();
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="home-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('home.welcome', { name: user?.name ?? '' })}
      </Typography.Title>
      {user?.isOperator === 1 && (
        <Alert
          type="info"
          showIcon
          icon={<ControlOutlined />}
          message={t('home.operatorHint')}
          action={
            <Link to="/Backend/BackendHome" data-testid="back-office-link">
              <Button type="primary" size="small">
                {t('shell.backOffice')}
              </Button>
            </Link>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Card title={t('home.currentProperty')} style={{ height: '100%' }}>
            <PropertyInfo />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('home.news')} style={{ height: '100%' }}>
            <Statistic title={t('home.unread')} value={unread} data-testid="home-unread" />
          </Card>
        </Col>
      </Row>
      <Card title={t('home.reachable')}>
        <PageCards entries={menu} exclude="/home" emptyText={t('home.noPages')} />
      </Card>
      <Card title={t('home.myProperties')} data-testid="home-properties">
        <List
          dataSource={user?.propertyList ?? []}
          locale={{ emptyText: <Empty description={t('home.noProperty')} /> }}
          renderItem={(p) => (
            <List.Item
              actions={[
                p.pno === pno ? (
                  <Tag color="green" key="current">
                    {t('account.properties.current')}
                  </Tag>
                ) : (
                  <Button
                    key="select"
                    size="small"
                    data-testid={`home-select-${p.pno}`}
                    onClick={() => void selectProperty(p)}
                  >
                    {t('account.properties.select')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={<span translate="no">{p.name}</span>}
                description={`${p.pno} · ${t(`common.roles.${p.role}`)}`}
              />
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
