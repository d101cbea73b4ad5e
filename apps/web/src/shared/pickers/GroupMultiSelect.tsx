import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../api/query';
import { useDebounced } from './use-debounced';

const PAGE_SIZE = 20;

/**
 * A multiple select over the property's titles or user sets (the workflow's auditors, the security chain's subjects), searched on the server by name (first 20 matches,
 * debounced); value = ids. Labels of ids picked before come from `knownLabels` until a search lists them.
 */
export function GroupMultiSelect({
  kind,
  id,
  value,
  onChange,
  knownLabels,
  placeholder,
  testId,
}: {
  kind: 'title' | 'userSet';
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  knownLabels?: Readonly<Record<string, string>>;
  placeholder: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const str = useDebounced(search.trim(), 300);
  const input = { pageNum: 1, pageSize: PAGE_SIZE, ...(str ? { str } : {}) };
  // Asked without a toast: a member who may edit flows but not read titles sees the select marked instead.
  const titles = useQuery({
    ...scopedQuery('t/getTitleList', input, 'property', { notify: false }),
    enabled: kind === 'title',
    placeholderData: keepPreviousData,
  });
  const sets = useQuery({
    ...scopedQuery('us/getUserSetList', input, 'property', { notify: false }),
    enabled: kind === 'userSet',
    placeholderData: keepPreviousData,
  });
  const query = kind === 'title' ? titles : sets;
  const labels = useRef(new Map<string, string>());
  const listed =
    kind === 'title'
      ? (titles.data?.list ?? []).map((g) => ({ value: g.tid, label: g.name }))
      : (sets.data?.list ?? []).map((g) => ({ value: g.usid, label: g.name }));
  for (const o of listed) labels.current.set(o.value, o.label);
  const options = [...listed];
  for (const picked of value ?? [])
    if (!options.some((o) => o.value === picked))
      options.push({ value: picked, label: labels.current.get(picked) ?? knownLabels?.[picked] ?? picked });
  const loading = query.isFetching || search.trim() !== str;
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      data-testid={testId}
      style={{ width: '100%' }}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      options={options}
      value={value ?? []}
      onChange={(ids) => {
        setSearch('');
        onChange?.(ids ?? []);
      }}
      allowClear
      loading={loading}
      status={query.isError ? 'error' : undefined}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : query.isError ? t('groupPicker.listFailed') : t('kit.empty')}
    />
  );
}
