// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, installEndpointMethods } from '../api/test-methods';
import { ResourceDialog } from './ResourceDialog';
import type { FormDeclaration, SaveInput } from './resource';

afterEach(cleanup);
beforeEach(installEndpointMethods);
afterEach(() => vi.unstubAllGlobals());

interface Row {
  tid: string;
  name: string;
}

function setup(input: () => SaveInput<'t/addOrUpdateTitle'>) {
  const f = fakeFetch([]);
  vi.stubGlobal('fetch', f.fn);
  const onClose = vi.fn();
  const form: FormDeclaration<Row, { name: string }, 't/addOrUpdateTitle'> = {
    save: (row) => (row ? 't/addOrUpdateTitle' : 't/addOrUpdateTitle'),
    testId: 'dialog',
    title: (row) => `Edit ${row?.name}`,
    fields: () => [{ name: 'name', label: 'Name', testId: 'name' }],
    initialValues: (row) => ({ name: row?.name }),
    input,
    invalidates: [],
    tooLong: () => 'too long',
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ResourceDialog form={form} row={{ tid: 'T1', name: 'Lead' }} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { calls: f.calls, onClose };
}

describe('ResourceDialog', { timeout: 20_000 }, () => {
  it("fills in the row's values", async () => {
    setup(() => null);
    expect(await screen.findByText('Edit Lead')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('name') as HTMLInputElement).value).toBe('Lead'));
  });

  it('closes without a call when nothing changed (input null)', async () => {
    const { calls, onClose } = setup(() => null);
    fireEvent.click(await screen.findByTestId('form-dialog-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls).toHaveLength(0);
  });

  it('stays open without a call when it cannot save yet (input false)', async () => {
    const input = vi.fn(() => false as const);
    const { calls, onClose } = setup(input);
    fireEvent.click(await screen.findByTestId('form-dialog-ok'));
    await waitFor(() => expect(input).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
