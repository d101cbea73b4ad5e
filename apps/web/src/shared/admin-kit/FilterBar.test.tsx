// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar } from './FilterBar';

afterEach(cleanup);

const filters = [{ key: 'name', label: 'Name' }];

describe('FilterBar', () => {
  it('keeps what the user typed when re-rendered with equal filters, refills on a real change', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<FilterBar filters={filters} value={{ name: 'a' }} onChange={onChange} />);
    const input = screen.getByTestId('filter-name') as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('a'));
    fireEvent.change(input, { target: { value: 'abc' } });
    rerender(<FilterBar filters={filters} value={{ name: 'a' }} onChange={onChange} />);
    expect((screen.getByTestId('filter-name') as HTMLInputElement).value).toBe('abc');
    rerender(<FilterBar filters={filters} value={{ name: 'z' }} onChange={onChange} />);
    await waitFor(() => expect((screen.getByTestId('filter-name') as HTMLInputElement).value).toBe('z'));
  });

  it('submits trimmed non-empty values', async () => {
    const onChange = vi.fn();
    render(<FilterBar filters={filters} value={{}} onChange={onChange} />);
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: '  x ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ name: 'x' }));
  });
});
