// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from './FormDialog';

afterEach(cleanup);

function setup(result: boolean) {
  const onSubmit = vi.fn(async (_v: { name: string }) => result);
  const onClose = vi.fn();
  render(
    <FormDialog<{ name: string }> open title="Edit" onSubmit={onSubmit} onClose={onClose}>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name needed' }]}>
        <Input data-testid="name-input" />
      </Form.Item>
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('validates before submitting', async () => {
    const { onSubmit } = setup(true);
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    expect(await screen.findByText('Name needed')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes when submit resolves true', async () => {
    const { onSubmit, onClose } = setup(true);
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Alpha' });
  });

  it('stays open when submit resolves false', async () => {
    const { onSubmit, onClose } = setup(false);
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'Alpha' } });
    fireEvent.click(screen.getByTestId('form-dialog-ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('gives two forms on one page distinct input ids', async () => {
    const field = (
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
    );
    render(
      <>
        <FormDialog open title="A" onSubmit={async () => true} onClose={() => undefined}>
          {field}
        </FormDialog>
        <FormDialog open title="B" onSubmit={async () => true} onClose={() => undefined}>
          {field}
        </FormDialog>
      </>,
    );
    const inputs = await screen.findAllByLabelText('Name');
    expect(inputs).toHaveLength(2);
    expect(inputs[0].id).not.toBe(inputs[1].id);
    expect(document.querySelectorAll('#name')).toHaveLength(0);
  });

  it('keeps what the user typed when the parent renders again with equal initial values', async () => {
    const Parent = ({ tick }: { tick: number }) => (
      <FormDialog<{ name: string; kind: string }>
        open
        title={`Edit ${tick}`}
        initialValues={{ kind: 'raw' }}
        onSubmit={async () => true}
        onClose={() => undefined}
      >
        <Form.Item name="name" label="Name">
          <Input data-testid="name-input" />
        </Form.Item>
        <Form.Item name="kind" label="Kind">
          <Input data-testid="kind-input" />
        </Form.Item>
      </FormDialog>
    );
    const { rerender } = render(<Parent tick={1} />);
    const name = (await screen.findByTestId('name-input')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Typed' } });
    rerender(<Parent tick={2} />);
    expect(await screen.findByText('Edit 2')).toBeTruthy();
    expect((screen.getByTestId('name-input') as HTMLInputElement).value).toBe('Typed');
    expect((screen.getByTestId('kind-input') as HTMLInputElement).value).toBe('raw');
  });

  it('takes initial values that arrive after it opened', async () => {
    const Parent = ({ name }: { name?: string }) => (
      <FormDialog<{ name: string }>
        open
        title="Edit"
        initialValues={name === undefined ? undefined : { name }}
        onSubmit={async () => true}
        onClose={() => undefined}
      >
        <Form.Item name="name" label="Name">
          <Input data-testid="name-input" />
        </Form.Item>
      </FormDialog>
    );
    const { rerender } = render(<Parent />);
    await screen.findByTestId('name-input');
    rerender(<Parent name="Loaded" />);
    await waitFor(() => expect((screen.getByTestId('name-input') as HTMLInputElement).value).toBe('Loaded'));
  });
});
