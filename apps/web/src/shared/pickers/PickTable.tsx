import type { UseQueryResult } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Table, { type ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useAccessibleTableScroll } from '../admin-kit/table-a11y';

/**
 * A page of rows to tick, inside a form field (the device pickers of dialogs): a small table with a checkbox per row,
 * its selection kept across pages, paged by the caller's query (one page of `pageSize` at a time), with the load's
 * error and a retry in place of the table.
 */
export function PickTable<T extends object>({
  query,
  rowKey,
  columns,
  scrollX,
  emptyText,
  value,
  onChange,
  checkbox,
  pageNum,
  pageSize,
  onPage,
  hideSelectAll,
}: {
  query: UseQueryResult<{ list: T[]; total: number }>;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  scrollX: number;
  emptyText: string;
  value: string[];
  onChange?: (keys: string[]) => void;
  /** Each row's checkbox: whether it is disabled, its label and test id. */
  checkbox: (row: T) => { disabled?: boolean; 'aria-label': string; 'data-testid': string };
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  hideSelectAll?: boolean;
}) {
  const { t } = useTranslation();
  const frame = useAccessibleTableScroll(t('kit.tableRegion'));
  if (query.isError)
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  return (
    <div ref={frame}>
      <Table<T>
        size="small"
        rowKey={rowKey}
        dataSource={query.data?.list ?? []}
        loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
        tableLayout="fixed"
        scroll={{ x: scrollX }}
        locale={{ emptyText }}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          ...(hideSelectAll ? { hideSelectAll } : {}),
          onChange: (keys) => onChange?.(keys.map(String)),
          getCheckboxProps: checkbox as never,
        }}
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: false,
          size: 'small',
          onChange: onPage,
        }}
        columns={columns}
      />
    </div>
  );
}
