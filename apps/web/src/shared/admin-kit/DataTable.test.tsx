// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableProps } from './DataTable';
import { pageLocally } from './table-params';

afterEach(cleanup);
// antd tables take a while to render on a busy machine: allow up to 5 s for what the page shows.
configure({ asyncUtilTimeout: 5000 });

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: `id${i}`, name: i % 2 ? `Odd ${i}` : `Even ${i}` }));

/** Renders `table` as the page at `url` (router and query client of its own); answers the router. */
function renderAt(url: string, table: () => ReactElement) {
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/', component: table });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function mount(url: string, load: () => Promise<Row[]>, selection?: DataTableProps<Row, Row[]>['selection']) {
  return renderAt(url, () => (
    <DataTable
      rowKey="id"
      columns={[
        { key: 'id', title: 'Id' },
        { key: 'name', title: 'Name', filter: true },
      ]}
      query={() => ({ queryKey: ['rows'], queryFn: load })}
      toPage={(data: Row[], params) => pageLocally(data, params, (r, _k, v) => r.name.includes(v))}
      selection={selection}
    />
  ));
}

/** A table over a paged call whose data already is `{ list, total }` (no `toPage`). */
function mountPaged(url: string) {
  return renderAt(url, () => (
    <DataTable
      rowKey="id"
      query={(params) => ({
        queryKey: ['paged', params.pageNum, params.pageSize],
        queryFn: async () => ({
          list: rows.slice((params.pageNum - 1) * params.pageSize, params.pageNum * params.pageSize),
          total: rows.length,
          pageNum: params.pageNum,
        }),
      })}
      columns={[
        { key: 'name', title: 'Name', render: (row) => row.name.toUpperCase() },
        { key: 'secret', title: 'Secret', hidden: true },
      ]}
    />
  ));
}

describe('DataTable', () => {
  it('takes the data as the page when there is no toPage', async () => {
    mountPaged('/?pageSize=5&pageNum=2');
    expect(await screen.findByText('ODD 5')).toBeTruthy();
    expect(screen.getByText('EVEN 6')).toBeTruthy();
    expect(screen.queryByText('EVEN 4')).toBeNull();
    expect(screen.getByText('kit.total')).toBeTruthy();
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('reads page and filters from the URL', async () => {
    mount('/?name=Odd&pageSize=2&pageNum=2', async () => rows);
    expect(await screen.findByText('Odd 5')).toBeTruthy();
    expect(screen.getByText('Odd 7')).toBeTruthy();
    expect(screen.queryByText('Odd 1')).toBeNull();
    expect(screen.queryByText('Even 4')).toBeNull();
  });

  it('writes the filter into the URL and resets to page 1', async () => {
    const router = mount('/?pageNum=2', async () => rows);
    await screen.findByText('Even 10');
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'Even' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ name: 'Even' }));
    expect((router.state.location.search as Record<string, unknown>).pageNum).toBeUndefined();
    expect(await screen.findByText('Even 0')).toBeTruthy();
  });

  it('shows the empty state and the error state', async () => {
    mount('/', async () => []);
    expect(await screen.findByText('kit.empty')).toBeTruthy();
    cleanup();
    mount('/', () => Promise.reject(new Error('server down')));
    expect(await screen.findByText('server down')).toBeTruthy();
    expect(screen.getByTestId('retry')).toBeTruthy();
  });

  it('shows a skeleton while loading, not the empty state, and cuts long cells with a tooltip', {
    timeout: 20_000,
  }, async () => {
    let answer: (rows: Row[]) => void = () => undefined;
    mount('/', () => new Promise<Row[]>((resolve) => (answer = resolve)));
    expect(await screen.findByTestId('table-skeleton')).toBeTruthy();
    expect(screen.queryByText('kit.empty')).toBeNull();
    answer([{ id: 'x', name: '13800000000 2026-01-31 14:05 a long value' }]);
    const cell = await screen.findByText('13800000000 2026-01-31 14:05 a long value');
    expect(cell.className).toBe('k-cell');
    expect(cell.getAttribute('title')).toBe('13800000000 2026-01-31 14:05 a long value');
    expect(screen.queryByTestId('table-skeleton')).toBeNull();
  });

  it('selects rows for batch actions: only selectable ones, with a bar that counts and clears', async () => {
    const picked: string[][] = [];
    function Harness() {
      const [keys, setKeys] = useState<string[]>([]);
      return (
        <DataTable
          rowKey="id"
          columns={[{ key: 'name', title: 'Name' }]}
          query={() => ({ queryKey: ['rows'], queryFn: async () => rows })}
          toPage={(data: Row[], params) => pageLocally(data, params, () => true)}
          selection={{
            keys,
            onChange: (k) => {
              picked.push(k);
              setKeys(k);
            },
            selectable: (row) => row.name.startsWith('Even'),
            actions: <button type="button">Act</button>,
          }}
        />
      );
    }
    const root = createRootRoute();
    const router = createRouter({
      routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/', component: Harness })]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await screen.findByText('Even 0');
    expect(screen.queryByTestId('batch-bar')).toBeNull();
    expect((screen.getByTestId('select-id1') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('select-id0'));
    fireEvent.click(screen.getByTestId('select-id2'));
    expect(picked.at(-1)).toEqual(['id0', 'id2']);
    expect(screen.getByTestId('batch-bar').textContent).toContain('Act');
    fireEvent.click(screen.getByTestId('clear-selection'));
    expect(picked.at(-1)).toEqual([]);
    await waitFor(() => expect(screen.queryByTestId('batch-bar')).toBeNull());
  });
});
