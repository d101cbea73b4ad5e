// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Form from 'antd/es/form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormFields } from './form-fields';

afterEach(cleanup);

interface Values {
  name: string;
  code?: string;
  phone?: string;
  remark?: string;
  secret?: string;
}

const schema = z.object({ name: z.string().trim().min(1).max(12), remark: z.string().max(40).optional() });

function setup(onFinish: (v: Values) => void = () => undefined) {
  render(
    <Form<Values> onFinish={onFinish}>
      <FormFields<Values>
        schema={schema}
        tooLong={(max) => `at most ${max}`}
        fields={[
          { name: 'name', label: 'Name', required: 'Name needed', testId: 'name', autoFocus: true },
          { name: 'code', label: 'Code', half: true, testId: 'code', maxLength: 8 },
          {
            name: 'phone',
            label: 'Phone',
            half: true,
            testId: 'phone',
            validate: (v) => /^\d+$/.test(v) || 'digits only',
          },
          { name: 'remark', label: 'Remark', type: 'textarea', testId: 'remark' },
          { name: 'secret', label: 'Secret', hidden: true, testId: 'secret' },
        ]}
      />
      <button type="submit">go</button>
    </Form>,
  );
}

describe('FormFields', () => {
  it('takes text limits from the contract schema, or the field', () => {
    setup();
    expect(screen.getByTestId('name').getAttribute('maxlength')).toBe('12');
    expect(screen.getByTestId('code').getAttribute('maxlength')).toBe('8');
    expect(screen.getByTestId('remark').getAttribute('maxlength')).toBe('40');
    expect(screen.getByTestId('phone').getAttribute('maxlength')).toBeNull();
  });

  it('leaves hidden fields out and puts two half fields in one row', () => {
    setup();
    expect(screen.queryByTestId('secret')).toBeNull();
    const row = screen.getByTestId('code').closest('.ant-row:not(.ant-form-item-row)');
    expect(row?.contains(screen.getByTestId('phone'))).toBe(true);
    expect(row?.contains(screen.getByTestId('name'))).toBe(false);
  });

  it('checks required and the trimmed text, and submits the values', async () => {
    const submitted: Values[] = [];
    setup((v) => submitted.push(v));
    fireEvent.change(screen.getByTestId('name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByTestId('phone'), { target: { value: ' 12a ' } });
    fireEvent.submit(screen.getByText('go').closest('form') as HTMLFormElement);
    expect(await screen.findByText('Name needed')).toBeTruthy();
    expect(await screen.findByText('digits only')).toBeTruthy();
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Alpha' } });
    fireEvent.change(screen.getByTestId('phone'), { target: { value: ' 123 ' } });
    fireEvent.submit(screen.getByText('go').closest('form') as HTMLFormElement);
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ name: 'Alpha', phone: ' 123 ' });
  });
});
