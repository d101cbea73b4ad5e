// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalDialog } from './ApprovalDialog';

afterEach(cleanup);

describe('ApprovalDialog', () => {
  it('approves without a comment', async () => {
    const onSubmit = vi.fn(async () => true);
    const onClose = vi.fn();
    render(<ApprovalDialog open title="Review" onSubmit={onSubmit} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ approved: true, comment: '' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('requires a comment to reject', async () => {
    const onSubmit = vi.fn(async () => true);
    render(<ApprovalDialog open title="Review" onSubmit={onSubmit} onClose={() => {}} />);
    fireEvent.click(screen.getByText('kit.reject'));
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    expect(await screen.findByText('kit.commentRequired')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('approval-comment'), { target: { value: ' not yet ' } });
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ approved: false, comment: 'not yet' }));
  });
});
