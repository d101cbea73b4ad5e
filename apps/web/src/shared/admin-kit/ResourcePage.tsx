import type { EndpointPath } from '@keel/contract/endpoints/index';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { scopedQuery } from '../api/query';
import { useSearchOf } from '../api/search-of';
import { useSession } from '../session/session-store';
import { type ColumnSpec, DataTable, type PageData } from './DataTable';
import { ResourceDialog } from './ResourceDialog';
import { RowActions } from './RowActions';
import type { CallInput, ListDeclaration, ListSearch, Resource } from './resource';
import type { TableParams } from './table-params';

const TOOLBAR = { width: '100%', justifyContent: 'space-between', marginBottom: 12 } as const;
/** The URL read for a list of the page's own query (the table reads its params itself). */
const NO_INPUT = z.object({});

type PageQuery<Row> = UseQueryOptions<PageData<Row>, Error, PageData<Row>, QueryKey>;

/**
 * The query of a list declaration for the table's params: a contract call's input is what the URL says of it
 * (read through the call's input schema with `useSearchOf`), with the table's page and size.
 */
function useListQuery<Row, L extends EndpointPath>(
  list: ListDeclaration<Row, L>,
  scope: 'property' | 'platform',
): (params: TableParams) => PageQuery<Row> {
  const search = useSearchOf('schema' in list ? list.schema : NO_INPUT);
  if ('query' in list) return list.query as (params: TableParams) => PageQuery<Row>;
  return (params) => {
    const listed = { ...search, pageNum: params.pageNum, pageSize: params.pageSize } as ListSearch<L>;
    const input = list.input ? list.input(listed) : (listed as CallInput<L>);
    const base = scopedQuery(list.path, input, scope);
    const toPage = list.toPage;
    return {
      queryKey: base.queryKey,
      queryFn: async (context) => {
        const data = await (base.queryFn as (c: typeof context) => Promise<never>)(context);
        return toPage ? toPage(data) : (data as PageData<Row>);
      },
    };
  };
}

/**
 * The list page of a declared resource: toolbar and create button, the DataTable (columns double as the
 * FilterBar; page, size and filters in the URL), row actions (edit, delete after a confirmation, the page's own)
 * and the edit dialog — its route when the resource has one, otherwise opened here.
 */
export function ResourcePage<
  Row extends object,
  V extends object,
  L extends EndpointPath,
  S extends EndpointPath,
  D extends EndpointPath,
>({ resource }: { resource: Resource<Row, V, L, S, D> }) {
  const scope = resource.scope ?? 'property';
  const pno = useSession((s) => s.selectedPropertyPno);
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const query = useListQuery(resource.list, scope);
  const route = resource.dialogRoute;
  const open = (row?: Row) => {
    if (route && !row) void navigate({ to: route.to as never });
    else if (route?.search && row) void navigate({ to: route.to as never, search: route.search(row) as never });
    else setEditing({ row });
  };

  const missing = scope === 'property' && !pno && resource.noProperty !== undefined;
  const { create, actions } = resource;
  const createButton = create && !missing && (
    <Button type="primary" icon={create.icon} onClick={() => open()} data-testid={create.testId}>
      {create.label}
    </Button>
  );
  const columns: ColumnSpec<Row>[] = actions
    ? [
        ...resource.columns,
        {
          key: 'action',
          title: actions.title,
          width: actions.width,
          wrap: true,
          render: (row) => (
            <RowActions actions={actions} remove={resource.remove} scope={scope} row={row} onEdit={open} />
          ),
        },
      ]
    : [...resource.columns];

  let body: ReactNode;
  if (missing) body = <Empty description={resource.noProperty} />;
  else
    body = (
      <>
        {(resource.toolbar || (createButton && !resource.card)) && (
          <Space style={TOOLBAR} wrap>
            {resource.toolbar ?? <span />}
            {!resource.card && createButton}
          </Space>
        )}
        <DataTable
          testId={resource.tableTestId}
          rowKey={resource.rowKey}
          query={query}
          toPage={(page: PageData<Row>) => page}
          columns={columns}
          selection={resource.selection}
        />
      </>
    );
  const dialog = resource.form && !route?.search && (
    <ResourceDialog
      form={resource.form}
      scope={scope}
      open={editing !== null}
      row={editing?.row}
      onClose={() => setEditing(null)}
    />
  );

  if (resource.card)
    return (
      <Card title={resource.card.title} data-testid={resource.card.testId} extra={createButton}>
        {body}
        {dialog}
      </Card>
    );
  return (
    <div data-testid={resource.testId}>
      {body}
      {dialog}
    </div>
  );
}
