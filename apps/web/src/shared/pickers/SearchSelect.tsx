import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { type CSSProperties, type ReactNode, useRef, useState } from 'react';
import { useDebounced } from './use-debounced';

/**
 * A select that searches on the server: `query` answers the first matches of the text typed (debounced by 300 ms;
 * '' when none is typed), the previous answer shown while the next loads. The label of a value once listed is
 * remembered, so that the picked value stays readable after another search; a value never listed (from the URL)
 * is looked up with `lookup` when given, else shows as itself.
 */
export function SearchSelect<D extends { list: readonly unknown[] }, K extends QueryKey>({
  query,
  lookup,
  option,
  value,
  onChange,
  testId,
  style,
  allowClear,
  placeholder,
  emptyText,
  ariaLabel,
  id,
  errorStatus = false,
}: {
  query: (str: string) => UseQueryOptions<D, Error, D, K>;
  /** Finds a value's item when it has not been listed yet (its answer's items are searched for the value). */
  lookup?: (value: string) => UseQueryOptions<D, Error, D, K>;
  /** A listed item as an option. */
  option: (item: D['list'][number]) => { value: string; label: string };
  value?: string;
  onChange?: (value: string | undefined) => void;
  testId: string;
  style: CSSProperties;
  allowClear?: boolean;
  placeholder: string;
  /** What shows when nothing matches. */
  emptyText: ReactNode;
  ariaLabel?: string;
  /** Given by an antd Form.Item, so that its label names the input. */
  id?: string;
  /** Whether a failed search marks the select (`status="error"`). */
  errorStatus?: boolean;
}) {
  const [search, setSearch] = useState('');
  const str = useDebounced(search.trim(), 300);
  const result = useQuery({ ...query(str), placeholderData: keepPreviousData });
  const labels = useRef(new Map<string, string>());
  const options = (result.data?.list ?? []).map(option);
  for (const o of options) labels.current.set(o.value, o.label);
  const unknown = value !== undefined && value !== '' && !labels.current.has(value);
  // Asked once the matches are in, so that a value among them costs no call.
  const found = useQuery({
    ...(lookup ?? query)(value ?? ''),
    enabled: lookup !== undefined && unknown && result.isFetched,
  });
  for (const o of (found.data?.list ?? []).map(option)) if (o.value === value) labels.current.set(o.value, o.label);
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: labels.current.get(value) ?? value });
  const loading = result.isFetching || search.trim() !== str;
  return (
    <Select<string>
      id={id}
      data-testid={testId}
      style={style}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      options={options}
      value={value}
      onChange={(picked) => {
        setSearch('');
        onChange?.(picked ?? undefined);
      }}
      allowClear={allowClear}
      loading={loading}
      status={errorStatus && result.isError ? 'error' : undefined}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : emptyText}
      aria-label={ariaLabel}
    />
  );
}
