// @vitest-environment happy-dom
import { titleEndpoints } from '@keel/contract/endpoints/title';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, installEndpointMethods } from '../api/test-methods';
import { useSession } from '../session/session-store';
import { useToasts } from '../toast/toast-store';
import { ResourcePage } from './ResourcePage';
import { defineResource, type Resource } from './resource';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

interface Title {
  tid: string;
  name: string;
  remark: string;
}
interface Values {
  name: string;
  remark?: string;
}

const page = (list: Title[]) => ({ body: { status: 0, msg: '', data: { list, total: list.length, pageNum: 1 } } });
const lead = { tid: 'T1', name: 'Lead', remark: 'first' };
const toasts = () => useToasts.getState().items.map((t) => `${t.type}:${t.text}`);

function titles(extra: Partial<Resource<Title, Values>> = {}) {
  return defineResource<Title>()({
    rowKey: 'tid',
    tableTestId: 'title-table',
    list: { path: 't/getTitleList', schema: titleEndpoints['t/getTitleList'].input },
    columns: [{ key: 'str', title: 'Name', filter: true, render: (row) => row.name }],
    create: { label: 'New', testId: 'title-create' },
    form: {
      save: 't/addOrUpdateTitle',
      schema: titleEndpoints['t/addOrUpdateTitle'].input,
      testId: 'edit-title',
      title: (row) => (row ? `Edit ${row.name}` : 'New title'),
      fields: () => [
        { name: 'name', label: 'Name', required: 'Name needed', testId: 'name' },
        { name: 'remark', label: 'Remark', type: 'textarea', testId: 'remark' },
      ],
      initialValues: (row) => ({ name: row?.name, remark: row?.remark }),
      input: (values, row) => ({ tid: row?.tid, name: values.name.trim(), remark: values.remark ?? '' }),
      success: (_data, input) => `saved ${input.name}`,
      invalidates: ['t/getTitleList'],
      tooLong: (max) => `at most ${max}`,
    },
    remove: {
      path: 't/delTitle',
      input: (row) => ({ tid: row.tid, force: 0 }),
      confirm: (row) => ({ title: `Delete ${row.name}?` }),
      success: (_data, row) => `deleted ${row.name}`,
      invalidates: ['t/getTitleList'],
    },
    actions: {
      title: 'Actions',
      edit: { label: 'Edit', testId: (row) => `edit-${row.name}` },
      remove: { label: 'Delete', testId: (row) => `delete-${row.name}` },
      after: (row) => <span data-testid={`extra-${row.name}`}>more</span>,
      blocked: (row) => (row.name === 'Owner' ? <span>fixed</span> : undefined),
    },
    noProperty: 'Pick a property',
    testId: 'titles',
    ...extra,
  } as Resource<Title, Values, 't/getTitleList', 't/addOrUpdateTitle', 't/delTitle'>);
}

function mount(url: string, resource: ReturnType<typeof titles>) {
  const root = createRootRoute();
  const list = createRoute({
    getParentRoute: () => root,
    path: '/',
    component: () => <ResourcePage resource={resource} />,
  });
  const dialog = createRoute({
    getParentRoute: () => root,
    path: '/EditTitleDialog',
    component: () => <p>dialog route</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([list, dialog]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  installEndpointMethods();
  useToasts.setState({ items: [] });
  useSession.setState({ selectedPropertyPno: 'P1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('ResourcePage', { timeout: 30_000 }, () => {
  it("lists what the URL says through the call's input schema, with the row actions", async () => {
    const f = fakeFetch([page([lead, { tid: 'T2', name: 'Owner', remark: '' }])]);
    vi.stubGlobal('fetch', f.fn);
    mount('/?str=Le&pageSize=5&bogus=1', titles());
    expect(await screen.findByTestId('edit-Lead')).toBeTruthy();
    const url = new URL(f.calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/t/getTitleList');
    expect(Object.fromEntries(url.searchParams)).toEqual({ str: 'Le', pageNum: '1', pageSize: '5' });
    expect(screen.getByTestId('delete-Lead')).toBeTruthy();
    expect(screen.getByTestId('extra-Lead')).toBeTruthy();
    expect(screen.getByText('fixed')).toBeTruthy();
    expect(screen.queryByTestId('edit-Owner')).toBeNull();
  });

  it('creates in its own dialog: validated, saved through the declared call, toasted, closed', async () => {
    const f = fakeFetch([page([]), { body: { status: 0, msg: '', data: { tid: 'T9' } } }, page([])]);
    vi.stubGlobal('fetch', f.fn);
    mount('/', titles());
    fireEvent.click(await screen.findByTestId('title-create'));
    expect(await screen.findByText('New title')).toBeTruthy();
    expect(screen.getByTestId('name').getAttribute('maxlength')).toBe(
      String(titleEndpoints['t/addOrUpdateTitle'].input.shape.name.maxLength),
    );
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    expect(await screen.findByText('Name needed')).toBeTruthy();
    fireEvent.change(screen.getByTestId('name'), { target: { value: ' Chief ' } });
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    await waitFor(() => expect(toasts()).toEqual(['success:saved Chief']));
    expect(JSON.parse(String(f.calls[1].init.body))).toEqual({ name: 'Chief', remark: '' });
    // The declared list is refetched after the save.
    await waitFor(() => expect(f.calls.map((c) => c.url.split('?')[0])).toContain('/api/t/getTitleList'));
    await waitFor(() => expect(f.calls).toHaveLength(3));
  });

  it('edits a row with its values filled in', async () => {
    vi.stubGlobal('fetch', fakeFetch([page([lead])]).fn);
    mount('/', titles());
    fireEvent.click(await screen.findByTestId('edit-Lead'));
    expect(await screen.findByText('Edit Lead')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('Lead'));
  });

  it('deletes a row after its confirmation', async () => {
    const f = fakeFetch([page([lead]), { body: { status: 0, msg: '', data: { removed: 0 } } }, page([])]);
    vi.stubGlobal('fetch', f.fn);
    mount('/', titles());
    fireEvent.click(await screen.findByTestId('delete-Lead'));
    expect(await screen.findByText('Delete Lead?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(toasts()).toEqual(['success:deleted Lead']));
    expect(f.calls[1].url).toBe('/api/t/delTitle');
    expect(JSON.parse(String(f.calls[1].init.body))).toEqual({ tid: 'T1', force: 0 });
  });

  it('opens the dialog route where the resource has one', async () => {
    vi.stubGlobal('fetch', fakeFetch([page([lead])]).fn);
    const router = mount('/', titles({ dialogRoute: { to: '/EditTitleDialog', search: (row) => ({ tid: row.tid }) } }));
    fireEvent.click(await screen.findByTestId('edit-Lead'));
    expect(await screen.findByText('dialog route')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/EditTitleDialog');
    expect(router.state.location.search).toEqual({ tid: 'T1' });
  });

  it('asks for a property first, without a create button', async () => {
    useSession.setState({ selectedPropertyPno: null });
    vi.stubGlobal('fetch', fakeFetch([]).fn);
    mount('/', titles());
    expect(await screen.findByText('Pick a property')).toBeTruthy();
    expect(screen.queryByTestId('title-create')).toBeNull();
    expect(screen.queryByTestId('title-table')).toBeNull();
  });
});
