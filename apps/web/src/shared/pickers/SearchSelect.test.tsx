// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchSelect } from './SearchSelect';

afterEach(cleanup);

interface Item {
  id: string;
  name: string;
}
const items: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function mount(value: string, withLookup: boolean, asked: string[]) {
  const page = (str: string): { list: Item[] } => ({
    list: items.filter((i) => i.name.toLowerCase().includes(str)).slice(0, 1),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SearchSelect<{ list: Item[] }, string[]>
        query={(str) => ({ queryKey: ['items', str], queryFn: async () => page(str) })}
        lookup={
          withLookup
            ? (id) => ({
                queryKey: ['item', id],
                queryFn: async () => {
                  asked.push(id);
                  return { list: items.filter((i) => i.id === id) } as { list: Item[] };
                },
              })
            : undefined
        }
        option={(i: Item) => ({ value: i.id, label: i.name })}
        value={value}
        testId="pick"
        style={{ width: 200 }}
        placeholder="Pick"
        emptyText="None"
      />
    </QueryClientProvider>,
  );
}

describe('SearchSelect', () => {
  it('looks up a value that is not in the first matches, once, and shows it by name', async () => {
    const asked: string[] = [];
    mount('b', true, asked);
    await waitFor(() => expect(screen.getByTitle('Beta')).toBeTruthy());
    expect(asked).toEqual(['b']);
  });

  it('shows a listed value by name without a lookup, and an unknown one as itself without one', async () => {
    const asked: string[] = [];
    mount('a', true, asked);
    await waitFor(() => expect(screen.getByTitle('Alpha')).toBeTruthy());
    expect(asked).toEqual([]);
    cleanup();
    mount('b', false, asked);
    await waitFor(() => expect(screen.getByTitle('b')).toBeTruthy());
  });
});
