import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../api';

/**
 * Back office: a searchable select of every property (`pro/getAllPropertyList`, name or number, first 20 matches);
 * value = pno. The picked property's name is remembered so it stays readable after another search.
 */
export function PropertySelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  testId = 'property-select',
  style,
}: {
  value?: string;
  onChange?: (pno: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  testId?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [str, setStr] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setStr(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const query = useQuery({
    ...scopedQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 20, ...(str ? { str } : {}) }, 'platform'),
    placeholderData: keepPreviousData,
  });
  const names = useRef(new Map<string, string>());
  for (const p of query.data?.list ?? []) names.current.set(p.pno, p.name);
  const options = useMemo(() => {
    const list = (query.data?.list ?? []).map((p) => ({ value: p.pno, label: `${p.name} (${p.pno})` }));
    if (value && !list.some((o) => o.value === value)) {
      const name = names.current.get(value);
      list.unshift({ value, label: name ? `${name} (${value})` : value });
    }
    return list;
  }, [query.data, value]);
  const loading = query.isFetching || search.trim() !== str;
  return (
    <Select<string>
      data-testid={testId}
      style={{ minWidth: 240, ...style }}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      options={options}
      value={value}
      onChange={(pno) => {
        setSearch('');
        onChange?.(pno ?? undefined);
      }}
      allowClear={allowClear}
      loading={loading}
      placeholder={placeholder ?? t('directory.property.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : t('directory.property.empty')}
      aria-label={t('directory.property.label')}
    />
  );
}
