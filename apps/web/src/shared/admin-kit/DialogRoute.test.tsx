// @vitest-environment happy-dom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogRoute } from './DialogRoute';

afterEach(cleanup);

function mount(url: string, keep?: string[]) {
  const Page = () => <p>the page</p>;
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/page', component: Page });
  const dialog = createRoute({
    getParentRoute: () => root,
    path: '/dialog',
    component: () => (
      <DialogRoute
        parent={Page}
        parentPath="/page"
        keep={keep}
        dialog={(close) => (
          <button type="button" onClick={close}>
            close
          </button>
        )}
      />
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([page, dialog]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('DialogRoute', () => {
  it('renders the parent page under the dialog; closing returns to it without the dialog’s params', async () => {
    const router = mount('/dialog?tid=T1&oid=O1');
    expect(await screen.findByText('the page')).toBeTruthy();
    fireEvent.click(screen.getByText('close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page'));
    expect(router.state.location.search).toEqual({});
  });

  it('takes the kept params back to the page', async () => {
    const router = mount('/dialog?tid=T1&oid=O1', ['oid']);
    fireEvent.click(await screen.findByText('close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page'));
    expect(router.state.location.search).toEqual({ oid: 'O1' });
  });
});
