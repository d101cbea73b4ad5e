import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { BUSINESSES } from '@keel/contract/constants';
import type { PropertyItem } from '@keel/contract/endpoints/property';
import { Link } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { pageInput } from '../../shared/admin-kit/table-params';
import { platformQuery } from '../../shared/api/query';
import { formatTime } from '../../shared/format/time';
import { EditPropertyDialog } from './EditPropertyDialog';
import { PropertyAuthorizedDlg } from './PropertyAuthorizedDlg';

type Dialog = { kind: 'create' } | { kind: 'edit'; row: PropertyItem } | { kind: 'business'; row: PropertyItem } | null;

/** `/Account/BackPropertyPage` (operators): every property, filterable; create, edit, authorise businesses. */
export function BackPropertyPage() {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <Card
      title={t('account.back.title')}
      data-testid="back-property-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="create-property"
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('account.back.create')}
        </Button>
      }
    >
      <DataTable
        testId="back-property-table"
        rowKey="pno"
        query={(params) =>
          platformQuery('pro/getAllPropertyList', {
            ...pageInput(params),
            isCustomer: params.filters.isCustomer === undefined ? -1 : Number(params.filters.isCustomer),
            business: params.filters.business as never,
          })
        }
        columns={[
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
            render: (row) =>
              row.isCustomer === 1 ? <Tag color="purple">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
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
          {
            key: 'createTime',
            title: t('account.back.created'),
            width: 150,
            render: (row) => formatTime(row.createTime),
          },
          {
            key: 'action',
            title: t('common.actions'),
            render: (row) => (
              <Space size={4} wrap>
                <Button size="small" data-testid={`edit-${row.pno}`} onClick={() => setDialog({ kind: 'edit', row })}>
                  {t('account.back.edit')}
                </Button>
                <Button
                  size="small"
                  data-testid={`authorise-${row.pno}`}
                  onClick={() => setDialog({ kind: 'business', row })}
                >
                  {t('account.back.authorise')}
                </Button>
                <Link to="/Account/BackOrgManagePage" search={{ filterPno: row.pno } as never}>
                  <Button size="small" icon={<ApartmentOutlined />} data-testid={`orgs-${row.pno}`}>
                    {t('account.back.orgs')}
                  </Button>
                </Link>
              </Space>
            ),
          },
        ]}
      />
      <EditPropertyDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        scope="platform"
        property={dialog?.kind === 'edit' ? dialog.row : undefined}
        onClose={close}
      />
      <PropertyAuthorizedDlg
        open={dialog?.kind === 'business'}
        scope="platform"
        pno={dialog?.kind === 'business' ? dialog.row.pno : ''}
        onClose={close}
      />
    </Card>
  );
}
