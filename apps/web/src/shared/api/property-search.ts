import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformQuery } from './query';

/**
 * Back office: the props of an antd select over every property (`pro/getAllPropertyList`, an operator call) that
 * searches the server, clearable: the first 20 matches of the text typed (debounced by 300 ms), and the chosen
 * property (`value`, a pno) listed first whatever is typed. The caller adds its test id, label, size and onChange.
 */
export function usePropertySelect(value: string | undefined) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const properties = useQuery(
    platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 20, str: debounced || undefined, isCustomer: -1 }),
  );
  const chosen = useQuery({
    ...platformQuery('pro/getAllPropertyList', { pageNum: 1, pageSize: 1, str: value, isCustomer: -1 }),
    enabled: value !== undefined,
  });
  const options = [
    ...(chosen.data?.list ?? []).filter((p) => p.pno === value),
    ...(properties.data?.list ?? []).filter((p) => p.pno !== value),
  ].map((p) => ({ value: p.pno, label: `${p.name} (${p.pno})` }));
  return {
    showSearch: true,
    allowClear: true,
    value,
    filterOption: false,
    onSearch: setText,
    loading: properties.isFetching,
    options,
    notFoundContent: properties.isFetching ? undefined : t('kit.empty'),
  };
}
