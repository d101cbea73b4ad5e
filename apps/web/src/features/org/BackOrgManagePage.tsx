import { useNavigate, useSearch } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { usePropertySelect } from '../../shared/api/property-search';
import { OrgManageComponent } from './OrgManageComponent';

/**
 * `/Account/BackOrgManagePage` (operators): pick a property (`filterPno` in the URL), then manage its organisation
 * and members with the property page's own component (calls without the `pno` header, the property in the input).
 */
export function BackOrgManagePage() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filterPno = typeof search.filterPno === 'string' && search.filterPno ? search.filterPno : undefined;
  const propertySelect = usePropertySelect(filterPno);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="back-org-page">
      <Card title={t('org.back.title')} size="small">
        <Select
          {...propertySelect}
          data-testid="back-org-property"
          aria-label={t('org.back.property')}
          placeholder={t('org.back.pick')}
          style={{ width: 360, maxWidth: '100%' }}
          onChange={(value?: string) =>
            void navigate({ to: '.', search: { filterPno: value || undefined } as never, replace: true })
          }
        />
      </Card>
      {filterPno ? (
        <OrgManageComponent key={filterPno} pno={filterPno} />
      ) : (
        <Card>
          <Empty description={t('org.back.pick')} data-testid="back-org-empty" />
        </Card>
      )}
    </div>
  );
}
