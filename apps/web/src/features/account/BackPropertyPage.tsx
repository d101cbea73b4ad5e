import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { BUSINESSES } from '@keel/contract/constants';
import { type PropertyItem, propertyEndpoints } from '@keel/contract/endpoints/property';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../shared/admin-kit/resource';
import { usePropertyForm } from './EditPropertyDialog';
import { PropertyAuthorizedDialog } from './PropertyAuthorizedDialog';

/** `/Account/BackPropertyPage` (operators): every property, filterable; create, edit, authorise businesses. */
export function BackPropertyPage() {
  const { t } = useTranslation();
  const [authorising, setAuthorising] = useState('');
  const yesNo = (yes: boolean) => (yes ? <Tag color="purple">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>);
  const resource = defineResource<PropertyItem>()({
    scope: 'platform',
    rowKey: 'pno',
    tableTestId: 'back-property-table',
    card: { title: t('account.back.title'), testId: 'back-property-page' },
    create: { label: t('account.back.create'), icon: <PlusOutlined />, testId: 'create-property' },
    list: { path: 'pro/getAllPropertyList', schema: propertyEndpoints['pro/getAllPropertyList'].input },
    form: usePropertyForm('platform'),
    columns: [
      { key: 'pno', title: t('account.properties.pno'), width: 110 },
      {
        key: 'str',
        title: t('account.back.search'),
        filter: true,
        render: (row) => <span data-testid={`property-row-${row.name}`}>{row.name}</span>,
      },
      {
        key: 'isCustomer',
        title: t('account.properties.customer'),
        width: 90,
        filter: [
          { value: '1', label: t('common.yes') },
          { value: '0', label: t('common.no') },
        ],
        render: (row) => yesNo(row.isCustomer === 1),
      },
      {
        key: 'owner',
        title: t('account.back.owner'),
        render: (row) => (
          <span>
            {row.ownerName}
            <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
              {row.ownerPhoneNum}
            </Typography.Text>
          </span>
        ),
      },
      { key: 'memberCount', title: t('account.back.members'), width: 80 },
      {
        key: 'business',
        title: t('account.properties.businesses'),
        filter: BUSINESSES.map((b) => ({ value: b, label: t(`common.businesses.${b}`) })),
        render: (row) =>
          row.businessList.length === 0 ? (
            <Typography.Text type="secondary">{t('account.business.none')}</Typography.Text>
          ) : (
            <Space wrap size={[4, 4]}>
              {row.businessList.map((b) => (
                <Tooltip key={b.business} title={b.disabled ? t('account.business.offHelp') : undefined}>
                  <Tag color={b.disabled ? 'orange' : 'green'}>{t(`common.businesses.${b.business}`)}</Tag>
                </Tooltip>
              ))}
            </Space>
          ),
      },
      { key: 'createTime', title: t('account.back.created'), width: 150, time: true },
    ],
    actions: {
      title: t('common.actions'),
      edit: { label: t('account.back.edit'), testId: (row) => `edit-${row.pno}` },
      after: (row) => (
        <>
          <Button size="small" data-testid={`authorise-${row.pno}`} onClick={() => setAuthorising(row.pno)}>
            {t('account.back.authorise')}
          </Button>
          <Link to="/Account/BackOrgManagePage" search={{ filterPno: row.pno } as never}>
            <Button size="small" icon={<ApartmentOutlined />} data-testid={`orgs-${row.pno}`}>
              {t('account.back.orgs')}
            </Button>
          </Link>
        </>
      ),
    },
  });
  return (
    <>
      <ResourcePage resource={resource} />
      <PropertyAuthorizedDialog
        open={authorising !== ''}
        scope="platform"
        pno={authorising}
        onClose={() => setAuthorising('')}
      />
    </>
  );
}
