import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, type FilterSpec } from './FilterBar';
import { readTableParams, type TableParams, writeTableParams } from './table-params';

export interface ColumnSpec<T> {
  key: string;
  title: string;
  render?: (row: T) => ReactNode;
  width?: number;
  /** Makes the column a filter too: a text box, or a select with these options. */
  filter?: true | { value: string; label: string }[];
}

export interface DataTableProps<T, D, K extends QueryKey = QueryKey> {
  columns: readonly ColumnSpec<T>[];
  /** Query for the current params; `toPage` turns its data into one page. */
  query: (params: TableParams) => UseQueryOptions<D, Error, D, K>;
  toPage: (data: D, params: TableParams) => { list: T[]; total: number };
  rowKey: keyof T & string;
  defaultPageSize?: number;
  testId?: string;
}

/** A list over the admin kit: columns double as filters; page, size and filters live in the URL. */
export function DataTable<T extends object, D, K extends QueryKey = QueryKey>({
  columns,
  query,
  toPage,
  rowKey,
  defaultPageSize,
  testId,
}: DataTableProps<T, D, K>) {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const filterKeys = columns.filter((c) => c.filter).map((c) => c.key);
  const params = readTableParams(search, filterKeys, defaultPageSize);
  const result = useQuery(query(params));

  const setParams = (next: TableParams) =>
    void navigate({ to: '.', search: writeTableParams(search, next, filterKeys) as never, replace: true });

  const filters: FilterSpec[] = columns
    .filter((c) => c.filter)
    .map((c) => ({ key: c.key, label: c.title, options: c.filter === true ? undefined : c.filter }));

  const antColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    width: c.width,
    render: (_: unknown, row: T) => (c.render ? c.render(row) : String((row as Record<string, unknown>)[c.key] ?? '')),
  }));

  if (result.isError) {
    return (
      <Result
        status="error"
        data-testid={`${testId ?? 'data-table'}-error`}
        title={t('kit.loadFailed')}
        subTitle={result.error.message}
        extra={
          <Button onClick={() => void result.refetch()} data-testid="retry">
            {t('kit.retry')}
          </Button>
        }
      />
    );
  }

  const page = result.data === undefined ? { list: [], total: 0 } : toPage(result.data, params);
  return (
    <div data-testid={testId ?? 'data-table'}>
      <FilterBar
        filters={filters}
        value={params.filters}
        onChange={(f) => setParams({ ...params, filters: f, pageNum: 1 })}
      />
      <Table<T>
        rowKey={rowKey}
        columns={antColumns}
        dataSource={page.list}
        loading={result.isLoading}
        locale={{ emptyText: <Empty description={t('kit.empty')} /> }}
        pagination={{
          current: params.pageNum,
          pageSize: params.pageSize,
          total: page.total,
          showSizeChanger: true,
          showTotal: (total) => t('kit.total', { total }),
          onChange: (pageNum, pageSize) =>
            setParams({ ...params, pageNum: pageSize === params.pageSize ? pageNum : 1, pageSize }),
        }}
      />
    </div>
  );
}
