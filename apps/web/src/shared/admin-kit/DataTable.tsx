import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ColumnsType } from 'antd/es/table';
import Table from 'antd/es/table';
import { type CSSProperties, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchRecord } from '../api/search-of';
import { formatTime } from '../format/time';
import './data-table.css';
import { FilterBar, type FilterSpec } from './FilterBar';
import { useAccessibleTableScroll } from './table-a11y';
import { readTableParams, type TableParams, writeTableParams } from './table-params';

export interface ColumnSpec<T> {
  key: string;
  title: string;
  render?: (row: T) => ReactNode;
  /** Pixels (default 160). The table scrolls sideways inside its card when the columns do not fit. */
  width?: number;
  /** Cells keep to one line, cut with an ellipsis and the whole text as a tooltip; `wrap` lets them wrap (buttons). */
  wrap?: boolean;
  /** Keeps the column in view while the table scrolls sideways (the row's name). */
  pinned?: boolean;
  /** Makes the column a filter too: a text box, or a select with these options. */
  filter?: true | { value: string; label: string }[];
  /** Left out (a column of the back office only, say). */
  hidden?: boolean;
  /** The field named by `key` is a time (milliseconds), shown as one (`formatTime`). */
  time?: boolean;
}

const DEFAULT_WIDTH = 160;

/** The text of a cell, for its tooltip (a string or number, or the text inside a simple element). */
function textOf(node: ReactNode): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    const parts = node.map(textOf).filter((part) => part !== undefined);
    return parts.length ? parts.join('') : undefined;
  }
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return undefined;
}

/** A one-line cell: no wrapping, an ellipsis where it is cut, the whole text on hover. */
function Cell({ children }: { children: ReactNode }) {
  return (
    <div className="k-cell" title={textOf(children)}>
      {children}
    </div>
  );
}

/** One page of rows and how many there are in all, as paged list calls answer. */
export interface PageData<T> {
  list: T[];
  total: number;
}

export interface DataTableProps<T, D, K extends QueryKey = QueryKey> {
  columns: readonly ColumnSpec<T>[];
  /** Query for the current params; `toPage` turns its data into one page. */
  query: (params: TableParams) => UseQueryOptions<D, Error, D, K>;
  toPage: (data: D, params: TableParams) => PageData<T>;
  rowKey: keyof T & string;
  defaultPageSize?: number;
  testId?: string;
  /** Row checkboxes for batch actions: the page keeps the selected keys; `actions` show while some are selected. */
  selection?: RowSelection<T>;
}

export interface RowSelection<T> {
  keys: readonly string[];
  /** The selected keys and the rows they name (a batch that needs more than the key, e.g. each row's version). */
  onChange: (keys: string[], rows: T[]) => void;
  /** Rows that may be picked (default: all). */
  selectable?: (row: T) => boolean;
  /** Buttons acting on the selected rows. */
  actions: ReactNode;
}

const BATCH_BAR: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  marginBottom: 12,
  padding: '6px 12px',
  borderRadius: 'var(--k-radius, 6px)',
  background: 'var(--k-primary-bg, #e6f4ff)',
  border: '1px solid var(--k-primary-border, #91caff)',
};

/** The row type of a paged list call's data. */
type RowOf<D> = D extends { list: readonly (infer R)[]; total: number } ? R : never;

/**
 * The props of a table over a paged list call (data `{ list, total }`): no `toPage`, the data is the page. The rows'
 * type comes from `query`, so write `query` before `columns` (TypeScript infers the props in their written order).
 */
export type PagedDataTableProps<D, K extends QueryKey = QueryKey> = Omit<DataTableProps<RowOf<D>, D, K>, 'toPage'> & {
  toPage?: undefined;
};

const NO_ROWS: PageData<never> = { list: [], total: 0 };

/** A list over the admin kit: columns double as filters; page, size and filters live in the URL. */
export function DataTable<D, K extends QueryKey = QueryKey>(props: PagedDataTableProps<D, K>): ReactElement;
export function DataTable<T extends object, D, K extends QueryKey = QueryKey>(
  props: DataTableProps<T, D, K>,
): ReactElement;
export function DataTable<T extends object, D, K extends QueryKey = QueryKey>({
  columns: declared,
  query,
  toPage,
  rowKey,
  defaultPageSize,
  testId,
  selection,
}: Omit<DataTableProps<T, D, K>, 'toPage'> & { toPage?: DataTableProps<T, D, K>['toPage'] }): ReactElement {
  const { t } = useTranslation();
  const columns = declared.filter((c) => !c.hidden);
  const search = useSearchRecord();
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
    width: c.width ?? DEFAULT_WIDTH,
    fixed: c.pinned ? 'left' : undefined,
    ellipsis: c.wrap ? undefined : { showTitle: false },
    render: (_: unknown, row: T) => {
      const value = row[c.key as keyof T];
      const content = c.render ? c.render(row) : c.time ? formatTime(value as number) : String(value ?? '');
      return c.wrap ? content : <Cell>{content}</Cell>;
    },
  }));
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  const scrollWidth = columns.reduce((sum, c) => sum + (c.width ?? DEFAULT_WIDTH), selection ? 48 : 0);

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

  const page =
    result.data === undefined
      ? NO_ROWS
      : toPage
        ? toPage(result.data, params)
        : (result.data as unknown as PageData<T>);
  return (
    <div data-testid={testId ?? 'data-table'} ref={frame}>
      <FilterBar
        filters={filters}
        value={params.filters}
        onChange={(f) => setParams({ ...params, filters: f, pageNum: 1 })}
      />
      {selection && selection.keys.length > 0 && (
        <div style={BATCH_BAR} data-testid="batch-bar">
          <span>{t('kit.selected', { count: selection.keys.length })}</span>
          {selection.actions}
          <Button type="link" size="small" onClick={() => selection.onChange([], [])} data-testid="clear-selection">
            {t('kit.clearSelection')}
          </Button>
        </div>
      )}
      <Table<T>
        rowKey={rowKey}
        rowSelection={
          selection && {
            selectedRowKeys: [...selection.keys],
            onChange: (keys, rows) =>
              selection.onChange(
                keys.map(String),
                rows.filter((r): r is T => r !== undefined),
              ),
            getCheckboxProps: (row) => ({
              disabled: selection.selectable ? !selection.selectable(row) : false,
              'data-testid': `select-${String(row[rowKey])}`,
            }),
          }
        }
        columns={antColumns}
        dataSource={page.list}
        tableLayout="fixed"
        scroll={{ x: scrollWidth }}
        loading={result.isFetching && !result.isLoading}
        locale={{
          emptyText: result.isLoading ? (
            <div data-testid="table-skeleton">
              <Skeleton active title={false} paragraph={{ rows: 4 }} />
            </div>
          ) : (
            <Empty description={t('kit.empty')} />
          ),
        }}
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
