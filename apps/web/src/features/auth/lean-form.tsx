import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useCallback, useMemo, useRef, useState } from 'react';
import './auth.css';

/**
 * The sign-in page's forms without antd Form. Decision: `/` is the first page most visitors load, and antd Form
 * (with @rc-component/form, async-validator, Tooltip and Grid behind it) was about 25 KB gzip of the budget of
 * 200 KB for the entry plus the sign-in page (tools/bundle-budget.ts). These forms hold a few text fields each, so
 * a small state hook and a field wrapper that draws like a vertical antd Form.Item do the same job; the console's
 * pages keep antd Form (admin kit).
 */

/** A check returns the message to show, or nothing when the value passes. */
export type Check = (value: string) => string | undefined;

export type Values<K extends string> = Record<K, string>;

export interface LeanForm<K extends string> {
  values: Values<K>;
  errors: Partial<Record<K, string>>;
  /** Props for the `TextInput` bound to `name`: id (the label's target), value, onChange, status, aria. */
  bind(name: K): BoundInputProps;
  /** Checks `names` (all fields when omitted), shows their messages; the values when all pass, else null. */
  validate(names?: readonly K[]): Values<K> | null;
  /** Shows a message under a field (e.g. from the server). */
  setError(name: K, message: string): void;
  /** A `<form onSubmit>` handler: validates everything, then calls `submit` with the values. */
  onSubmit(submit: (values: Values<K>) => unknown): (event: FormEvent) => void;
}

export interface BoundInputProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  status?: 'error';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Field state for a form: checks run on every change of a field, and on all fields at submit. */
export function useLeanForm<K extends string>(checks: Record<K, readonly Check[]>): LeanForm<K> {
  const names = Object.keys(checks) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(names.map((n) => [n, ''])) as Values<K>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  // Checks and values are read through refs so `validate` sees the latest ones from async handlers.
  const checksRef = useRef(checks);
  checksRef.current = checks;
  const valuesRef = useRef(values);

  const messageOf = useCallback(
    (name: K, value: string) => checksRef.current[name].map((check) => check(value)).find((m) => m !== undefined),
    [],
  );

  const validate = useCallback(
    (only?: readonly K[]) => {
      const current = valuesRef.current;
      const found: Partial<Record<K, string | undefined>> = {};
      for (const name of only ?? (Object.keys(checksRef.current) as K[])) found[name] = messageOf(name, current[name]);
      setErrors((prev) => {
        const next = { ...prev, ...found };
        for (const name of Object.keys(found) as K[]) if (next[name] === undefined) delete next[name];
        return next;
      });
      return Object.values(found).some((m) => m !== undefined) ? null : current;
    },
    [messageOf],
  );

  const setError = useCallback((name: K, message: string) => setErrors((prev) => ({ ...prev, [name]: message })), []);

  const setValue = useCallback(
    (name: K, value: string) => {
      valuesRef.current = { ...valuesRef.current, [name]: value };
      setValues(valuesRef.current);
      const message = messageOf(name, value);
      setErrors((prev) => {
        const next = { ...prev };
        if (message === undefined) delete next[name];
        else next[name] = message;
        return next;
      });
    },
    [messageOf],
  );

  return useMemo<LeanForm<K>>(
    () => ({
      values,
      errors,
      bind: (name) => ({
        id: name,
        value: values[name],
        onChange: (event) => setValue(name, event.target.value),
        ...(errors[name] === undefined
          ? {}
          : { status: 'error' as const, 'aria-invalid': true as const, 'aria-describedby': `${name}_help` }),
      }),
      validate,
      setError,
      onSubmit: (submit) => (event) => {
        event.preventDefault();
        const checked = validate();
        if (checked) void submit(checked);
      },
    }),
    [values, errors, setValue, validate, setError],
  );
}

/** A labelled field laid out like a vertical antd Form.Item (`auth.css`): label, control, message (role alert), hint. */
export function LeanField(props: {
  /** The field's name: the label targets the input with this id. */
  name: string;
  label: ReactNode;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { name, label, error, extra, children } = props;
  // As in antd, a message alone takes the place of the gap below the field (nothing jumps); a hint keeps the gap.
  const messageInGap = Boolean(error) && !extra;
  return (
    <div className={messageInGap ? 'k-field k-field--message-in-gap' : 'k-field'}>
      <label htmlFor={name} className="k-field-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${name}_help`} role="alert" data-testid={`error-${name}`} className="k-field-help k-field-error">
          {error}
        </div>
      )}
      {extra && <div className="k-field-help k-field-extra">{extra}</div>}
    </div>
  );
}
