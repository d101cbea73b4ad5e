import type { EndpointPath } from '@keel/contract/endpoints/index';
import { type ReactNode, useMemo } from 'react';
import type { Scope } from '../api/query-key';
import { useApiMutation } from '../api/use-api-mutation';
import { FormDialog } from './FormDialog';
import { FormFields } from './form-fields';
import type { FormDeclaration } from './resource';

/**
 * The edit dialog of a declared resource: its fields (limits from the contract), submitted through
 * `useApiMutation` (success toast, the declared lists refetched, the dialog closed). `row` is the row edited;
 * none creates one. `children` follow the declared fields (a part of the page's own).
 */
export function ResourceDialog<Row extends object, V extends object, S extends EndpointPath>({
  form,
  scope = 'property',
  row,
  open,
  onClose,
  children,
}: {
  form: FormDeclaration<Row, V, S>;
  scope?: Scope;
  row?: Row;
  open: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  // Declarations are rebuilt on every render: the values are compared by content, so the form is filled once.
  const initialKey = JSON.stringify(form.initialValues?.(row) ?? {});
  const initialValues = useMemo(() => JSON.parse(initialKey) as Partial<V>, [initialKey]);
  const save = useApiMutation(typeof form.save === 'function' ? form.save(row) : form.save, {
    scope,
    invalidates: form.invalidates,
    success: (data, input) => form.success?.(data, input, row),
    onSuccess: (data, input) => form.onSaved?.(data, input, row),
  });
  const submit = async (values: V) => {
    const input = await form.input(values, row);
    return input === null || input === false ? input === null : save(input);
  };
  return (
    <FormDialog<V>
      open={open}
      onClose={onClose}
      title={form.title(row)}
      initialValues={initialValues}
      onSubmit={submit}
      testId={form.testId}
    >
      {form.intro?.(row)}
      <FormFields fields={form.fields(row)} schema={form.schema} tooLong={form.tooLong} />
      {children}
    </FormDialog>
  );
}
