// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './ConfirmAction';

afterEach(cleanup);

describe('ConfirmAction', () => {
  it('asks before running the action', async () => {
    const action = vi.fn(async () => {});
    render(
      <ConfirmAction title="Delete it?" onConfirm={action}>
        Delete
      </ConfirmAction>,
    );
    fireEvent.click(screen.getByText('Delete'));
    expect(action).not.toHaveBeenCalled();
    expect(await screen.findByText('Delete it?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(action).toHaveBeenCalledOnce());
  });
});
