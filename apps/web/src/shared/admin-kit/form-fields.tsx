import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import type { Rule } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Switch from 'antd/es/switch';
import type { ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import { stringLimits } from '../forms/zod-limits';

/** One field of a declared form. Text fields take `maxLength` from the contract's schema of the save call. */
export interface FieldSpec<V> {
  name: keyof V & string;
  label: ReactNode;
  /** `text` (default), `textarea`, `password`, `switch`, `checkboxes`; `custom` takes `control`. */
  type?: 'text' | 'textarea' | 'password' | 'switch' | 'checkboxes' | 'custom';
  /** The input of a `custom` field (a picker, a tree): Form.Item gives it `value` and `onChange`. */
  control?: ReactElement;
  /** The message when empty; a text of spaces alone counts as empty. */
  required?: string;
  /**
   * Checks the text (trimmed, but for a password) when there is one: answers the message of what is wrong, or
   * `true` (or nothing) when it is right — `(v) => isMobile(v) || message`.
   */
  validate?: (text: string) => string | boolean | undefined;
  /** Further rules of the page's own. */
  rules?: Rule[];
  extra?: ReactNode;
  testId?: string;
  autoFocus?: boolean;
  inputMode?: 'tel' | 'email' | 'numeric';
  /** Overrides the contract's limit (or sets one where the contract has none). */
  maxLength?: number;
  disabled?: boolean;
  /** Left out of the form (a field of create only, say). */
  hidden?: boolean;
  /** Half the width on wider screens, two such fields side by side. */
  half?: boolean;
  /** `checkboxes`: the choices. */
  options?: { value: string; label: string }[];
  /** `textarea`: its height in rows (default 3); the textarea counts characters. */
  rows?: number;
  autoComplete?: string;
}

/** The `max` of a text field: the page's, else the contract's. */
function maxOf<V>(field: FieldSpec<V>, schema: z.ZodObject | undefined): number | undefined {
  if (field.maxLength !== undefined) return field.maxLength;
  const shape = schema?.shape as Record<string, z.ZodType> | undefined;
  const member = shape?.[field.name];
  return member ? stringLimits(member).max : undefined;
}

function rulesOf<V>(field: FieldSpec<V>, max: number | undefined, tooLong: (max: number) => string): Rule[] {
  const rules: Rule[] = [];
  const text = field.type === undefined || field.type === 'text' || field.type === 'textarea';
  if (field.required) rules.push({ required: true, whitespace: text || undefined, message: field.required });
  if (text && max !== undefined) rules.push({ max, message: tooLong(max) });
  const { validate } = field;
  if (validate)
    rules.push({
      validator: async (_: unknown, value?: string) => {
        const trimmed = typeof value === 'string' && field.type !== 'password' ? value.trim() : value;
        const problem = trimmed ? validate(trimmed) : undefined;
        if (typeof problem === 'string') throw new Error(problem);
      },
    });
  return [...rules, ...(field.rules ?? [])];
}

function controlOf<V>(field: FieldSpec<V>, max: number | undefined): ReactNode {
  const common = { 'data-testid': field.testId, disabled: field.disabled };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} maxLength={max} rows={field.rows ?? 3} showCount />;
    case 'password':
      return <Input.Password {...common} maxLength={max} autoComplete={field.autoComplete ?? 'new-password'} />;
    case 'switch':
      return <Switch {...common} />;
    case 'checkboxes':
      return <Checkbox.Group {...common} options={field.options} />;
    case 'custom':
      return field.control;
    default:
      return (
        <Input
          {...common}
          maxLength={max}
          autoFocus={field.autoFocus}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
        />
      );
  }
}

function FieldItem<V>({
  field,
  schema,
  tooLong,
}: {
  field: FieldSpec<V>;
  schema?: z.ZodObject;
  tooLong: (max: number) => string;
}) {
  const max = maxOf(field, schema);
  return (
    <Form.Item
      name={field.name as string}
      label={field.label}
      extra={field.extra}
      rules={rulesOf(field, max, tooLong)}
      valuePropName={field.type === 'switch' ? 'checked' : undefined}
    >
      {controlOf(field, max)}
    </Form.Item>
  );
}

/**
 * The fields of a declared form, in order, as Form.Items: rules from the declaration (required, the contract's
 * length limit, a check of the text), `half` fields two to a row on wider screens.
 */
export function FormFields<V>({
  fields,
  schema,
  tooLong,
}: {
  fields: readonly FieldSpec<V>[];
  schema?: z.ZodObject;
  tooLong: (max: number) => string;
}) {
  const shown = fields.filter((f) => !f.hidden);
  const out: ReactNode[] = [];
  for (let i = 0; i < shown.length; i++) {
    const field = shown[i];
    const next = shown[i + 1];
    if (field.half && next?.half) {
      out.push(
        <Row gutter={16} key={field.name}>
          {[field, next].map((f) => (
            <Col xs={24} sm={12} key={f.name}>
              <FieldItem field={f} schema={schema} tooLong={tooLong} />
            </Col>
          ))}
        </Row>,
      );
      i++;
    } else out.push(<FieldItem key={field.name} field={field} schema={schema} tooLong={tooLong} />);
  }
  return <>{out}</>;
}
