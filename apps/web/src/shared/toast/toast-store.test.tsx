// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { badgeCount, toast, useToasts } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ items: [] });
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('merges identical messages into one with a counter', () => {
    toast.warning('Same');
    toast.warning('Same');
    toast.warning('Same');
    toast.warning('Other');
    toast.error('Same');
    const items = useToasts.getState().items;
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ type: 'warning', text: 'Same', count: 3 });
  });

  it('caps the badge at 99 and shows none for a single message', () => {
    expect(badgeCount(1)).toBeNull();
    expect(badgeCount(2)).toBe(2);
    expect(badgeCount(99)).toBe(99);
    expect(badgeCount(150)).toBe(99);
  });

  it('disappears 3000 ms after the last repeat', () => {
    toast.info('Hi');
    vi.advanceTimersByTime(2000);
    toast.info('Hi');
    vi.advanceTimersByTime(2500);
    expect(useToasts.getState().items).toHaveLength(1);
    vi.advanceTimersByTime(600);
    expect(useToasts.getState().items).toHaveLength(0);
  });

  it('renders one toast with the capped badge', async () => {
    render(<Toaster />);
    // The cards are a lazy chunk, fetched after the first render.
    await act(async () => {
      await import('./ToastCards');
    });
    act(() => {
      for (let i = 0; i < 120; i++) toast.warning('Repeated');
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast-count').textContent).toBe('99');
    expect(screen.getByTestId('toast-text').textContent).toBe('Repeated');
  });
});
