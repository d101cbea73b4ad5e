import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterSpec {
  key: string;
  label: string;
  /** Choices make a select; otherwise a text box. */
  options?: { value: string; label: string }[];
}

/** A row of filters; `onChange` receives the non-empty values on search, and `{}` on reset. */
export function FilterBar({
  filters,
  value,
  onChange,
}: {
  filters: readonly FilterSpec[];
  value: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // Compared by content: callers rebuild `value` from the URL on every render, and a refetch must not wipe what
  // the user is typing; only a real change of the URL's filters refills the form.
  const valueKey = JSON.stringify(value);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(JSON.parse(valueKey) as Record<string, string>);
  }, [form, valueKey]);
  if (filters.length === 0) return null;
  const submit = (values: Record<string, string | undefined>) => {
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(values))
      if (v !== undefined && String(v).trim() !== '') clean[k] = String(v).trim();
    onChange(clean);
  };
  return (
    <Form
      form={form}
      layout="inline"
      onFinish={submit}
      data-testid="filter-bar"
      className="k-filter-bar"
      style={{ rowGap: 12, marginBottom: 16 }}
    >
      {filters.map((f) => (
        <Form.Item key={f.key} name={f.key} label={f.label}>
          {f.options ? (
            <Select
              allowClear
              style={{ minWidth: 160 }}
              options={f.options}
              aria-label={f.label}
              data-testid={`filter-${f.key}`}
            />
          ) : (
            <Input allowClear aria-label={f.label} data-testid={`filter-${f.key}`} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="filter-search">
          {t('kit.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          data-testid="filter-reset"
          onClick={() => {
            form.resetFields();
            onChange({});
          }}
        >
          {t('kit.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
