import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Select from 'antd/es/select';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQuery } from './api';
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
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const properties = useQuery(
    platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 20, str: debounced || undefined, isCustomer: -1 }),
  );
  // The chosen property stays listed while another text is typed.
  const chosen = useQuery({
    ...platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 1, str: filterPno, isCustomer: -1 }),
    enabled: filterPno !== undefined,
  });
  const options = [
    ...(chosen.data?.list ?? []).filter((p) => p.pno === filterPno),
    ...(properties.data?.list ?? []).filter((p) => p.pno !== filterPno),
  ].map((p) => ({ value: p.pno, label: `${p.name} (${p.pno})` }));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="back-org-page">
      <Card title={t('org.back.title')} size="small">
        <Select
          showSearch
          allowClear
          data-testid="back-org-property"
          aria-label={t('org.back.property')}
          placeholder={t('org.back.pick')}
          style={{ width: 360, maxWidth: '100%' }}
          value={filterPno}
          filterOption={false}
          onSearch={setText}
          loading={properties.isFetching}
          options={options}
          notFoundContent={properties.isFetching ? undefined : t('kit.empty')}
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
