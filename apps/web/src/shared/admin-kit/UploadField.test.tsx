// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UploadField } from './UploadField';

afterEach(cleanup);

function deferredUpload() {
  const control: { progress?: (f: number) => void; resolve?: () => void; reject?: (e: Error) => void } = {};
  const upload = (_file: File, onProgress: (f: number) => void) =>
    new Promise<void>((resolve, reject) => Object.assign(control, { progress: onProgress, resolve, reject }));
  return { upload, control };
}

const pick = () =>
  fireEvent.change(screen.getByTestId('upload-input'), { target: { files: [new File(['abc'], 'fw.bin')] } });

describe('UploadField', () => {
  it('shows progress and completion', async () => {
    const { upload, control } = deferredUpload();
    render(<UploadField upload={upload} />);
    pick();
    await waitFor(() => expect(control.progress).toBeDefined());
    act(() => control.progress?.(0.5));
    expect(screen.getByTestId('upload-status').getAttribute('data-phase')).toBe('uploading');
    expect(screen.getByText('50%')).toBeTruthy();
    await act(async () => control.resolve?.());
    expect(screen.getByTestId('upload-status').getAttribute('data-phase')).toBe('done');
  });

  it('reports a failure', async () => {
    const { upload, control } = deferredUpload();
    render(<UploadField upload={upload} />);
    pick();
    await waitFor(() => expect(control.reject).toBeDefined());
    await act(async () => control.reject?.(new Error('x')));
    expect(screen.getByTestId('upload-status').getAttribute('data-phase')).toBe('failed');
  });
});
