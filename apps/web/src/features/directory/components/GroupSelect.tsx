import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupKind } from '../api';

/** A searchable select of the selected property's titles, user sets or customers (first 20 matches); value = id. */
export function GroupSelect({
  kind,
  value,
  onChange,
  testId = 'group-select',
}: {
  kind: GroupKind;
  value?: string;
  onChange?: (id: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [str, setStr] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setStr(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useQuery({
    ...kind.list({ pageNum: 1, pageSize: 20, str: str || undefined }, 'property'),
    placeholderData: keepPreviousData,
  });
  const names = useRef(new Map<string, string>());
  for (const g of query.data?.list ?? []) names.current.set(g.id, g.name);
  const options = useMemo(() => {
    const list = (query.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));
    if (value && !list.some((o) => o.value === value))
      list.unshift({ value, label: names.current.get(value) ?? value });
    return list;
  }, [query.data, value]);
  const loading = query.isFetching || search.trim() !== str;
  return (
    <Select<string>
      data-testid={testId}
      style={{ width: '100%' }}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      options={options}
      value={value}
      onChange={(id) => {
        setSearch('');
        onChange?.(id ?? undefined);
      }}
      loading={loading}
      status={query.isError ? 'error' : undefined}
      placeholder={t('directory.group.pick', { noun: t(`directory.kinds.${kind.key}.noun`) })}
      notFoundContent={loading ? <Spin size="small" /> : t('kit.empty')}
    />
  );
}
