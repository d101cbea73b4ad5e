import type { PropertySummary } from '@keel/contract/endpoints/auth';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { pageLocally } from '../../shared/admin-kit/table-params';
import { apiQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';
import { useSelectProperty } from '../../shared/session/use-select-property';
import { JoinPropertyDialog } from './JoinPropertyDialog';
import { MyJoinRequests } from './MyJoinRequests';

/** `/Account/PropertyPageComponent`: the user's properties (`pro/getMyPropertyList`), filterable, selectable as current. */
export function PropertyPageComponent() {
  const { t } = useTranslation();
  const current = useSession((s) => s.selectedPropertyPno);
  const selectProperty = useSelectProperty();
  const [joining, setJoining] = useState(false);
  return (
    <Card
      title={t('account.properties.title')}
      data-testid="property-page"
      extra={
        <Button data-testid="join-property" onClick={() => setJoining(true)}>
          {t('account.join.open')}
        </Button>
      }
    >
      <DataTable
        testId="property-table"
        rowKey="pno"
        query={() => apiQuery('pro/getMyPropertyList', {})}
        toPage={(rows: PropertySummary[], params) =>
          pageLocally(rows, params, (row, key, value) =>
            key === 'name' ? row.name.toLowerCase().includes(value.toLowerCase()) || row.pno === value.trim() : true,
          )
        }
        columns={[
          { key: 'pno', title: t('account.properties.pno'), width: 160 },
          { key: 'name', title: t('account.properties.name'), filter: true },
          {
            key: 'isCustomer',
            title: t('account.properties.customer'),
            render: (row) =>
              row.isCustomer === 1 ? <Tag color="purple">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
          },
          {
            key: 'role',
            title: t('account.properties.role'),
            render: (row) => <Tag color="blue">{t(`common.roles.${row.role}`)}</Tag>,
          },
          {
            key: 'action',
            title: t('common.actions'),
            render: (row) =>
              row.pno === current ? (
                <Tag color="green" data-testid={`current-${row.pno}`}>
                  {t('account.properties.current')}
                </Tag>
              ) : (
                <Button size="small" data-testid={`select-${row.pno}`} onClick={() => void selectProperty(row)}>
                  {t('account.properties.select')}
                </Button>
              ),
          },
        ]}
      />
      <MyJoinRequests />
      <JoinPropertyDialog open={joining} onClose={() => setJoining(false)} />
    </Card>
  );
}
