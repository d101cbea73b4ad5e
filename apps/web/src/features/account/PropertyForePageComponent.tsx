import EditOutlined from '@ant-design/icons/EditOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';

/**
 * `/Account/PropertyForePageComponent`: the selected property as its administrators see it — name, number,
 * customer flag and businesses (switch authorised ones off and on) — and below it the organisation (`children`).
 */
export function PropertyForePageComponent({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const menuIds = useSession((s) => s.menuIdList);
  const list = useQuery({ ...apiQuery('pro/getMyPropertyList', {}), enabled: pno !== null });
  const businesses = useQuery({ ...apiQuery('pro/getBusinessStatusList', {}), enabled: pno !== null });
  const navigate = useNavigate();
  const property = list.data?.find((p) => p.pno === pno);
  const canEdit = menuIds.includes('account.property.edit');
  /** The dialogs are routes over the property page; the page's search (the selected unit) goes along. */
  const open = (to: '/Account/EditPropertyDialog' | '/Account/PropertyAuthorizedDlg') =>
    void navigate({ to, search: true as never });

  let body: ReactNode;
  if (!pno) body = <Typography.Text type="secondary">{t('account.fore.noProperty')}</Typography.Text>;
  else if (list.isLoading) body = <Skeleton active />;
  else if (list.isError || !property)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('kit.loadFailed')}
        action={<Button onClick={() => void list.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  else {
    const authorised = (businesses.data ?? []).filter((b) => b.authorised === 1);
    body = (
      <Descriptions column={{ xs: 1, md: 2 }} size="small" data-testid="property-summary">
        <Descriptions.Item label={t('account.properties.name')}>
          <span data-testid="summary-name">{property.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.properties.pno')}>
          <Typography.Text copyable data-testid="summary-pno">
            {property.pno}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.properties.customer')}>
          {property.isCustomer === 1 ? <Tag color="purple">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('account.properties.role')}>
          <Tag color="blue">{t(`common.roles.${property.role}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.properties.businesses')} span={2}>
          {businesses.isLoading ? (
            <Skeleton.Input active size="small" />
          ) : authorised.length === 0 ? (
            <Typography.Text type="secondary">{t('account.business.none')}</Typography.Text>
          ) : (
            <Space wrap size={[4, 4]} data-testid="summary-businesses">
              {authorised.map((b) => (
                <Tag key={b.business} color={b.disabled ? 'default' : 'green'}>
                  {t(`common.businesses.${b.business}`)}
                  {b.disabled ? ` · ${t('account.business.off')}` : ''}
                </Tag>
              ))}
            </Space>
          )}
        </Descriptions.Item>
      </Descriptions>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="property-fore">
      <Card
        title={t('account.fore.title')}
        extra={
          property && (
            <Space>
              {canEdit && (
                <Button
                  icon={<EditOutlined />}
                  data-testid="edit-property"
                  onClick={() => open('/Account/EditPropertyDialog')}
                >
                  {t('account.fore.edit')}
                </Button>
              )}
              <Button
                icon={<SafetyCertificateOutlined />}
                data-testid="property-businesses"
                onClick={() => open('/Account/PropertyAuthorizedDlg')}
              >
                {t('account.fore.businesses')}
              </Button>
            </Space>
          )
        }
      >
        {body}
      </Card>
      {children}
    </div>
  );
}
