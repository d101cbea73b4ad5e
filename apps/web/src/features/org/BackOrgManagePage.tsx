import { userEndpoints } from '@keel/contract/endpoints/user';
import { useNavigate } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import { useTranslation } from 'react-i18next';
import { useSearchOf } from '../../shared/api/search-of';
import { PropertySelect } from '../../shared/pickers/PropertySelect';
import { OrgManageComponent } from './OrgManageComponent';

/** The page's search: the property (`filterPno`, as the member list takes it). */
const BACK_ORG_SEARCH = userEndpoints['u/getUserList'].input.pick({ filterPno: true });

/**
 * `/Account/BackOrgManagePage` (operators): pick a property (`filterPno` in the URL), then manage its organisation
 * and members with the property page's own component (calls without the `pno` header, the property in the input).
 */
export function BackOrgManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filterPno } = useSearchOf(BACK_ORG_SEARCH);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="back-org-page">
      <Card title={t('org.back.title')} size="small">
        <PropertySelect
          value={filterPno}
          testId="back-org-property"
          ariaLabel={t('org.back.property')}
          placeholder={t('org.back.pick')}
          style={{ width: 360, maxWidth: '100%' }}
          onChange={(value) =>
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
