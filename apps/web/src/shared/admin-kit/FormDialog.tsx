import type { ButtonProps } from 'antd/es/button';
import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormDialogProps<V> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<V>;
  /** Resolves `true` to close the dialog; anything else keeps it open (e.g. the server refused). */
  onSubmit: (values: V) => Promise<boolean>;
  onClose: () => void;
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  testId?: string;
}

/** A modal form: validates, awaits `onSubmit` with a spinner, closes when it resolves `true`. */
export function FormDialog<V extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  testId,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  // A form name of its own prefixes its inputs' ids (`f1_name`), so two forms on a page never share an id.
  const formName = `form${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  // The fields are set when the dialog opens and when the initial values change in content (a record loaded after
  // the dialog opened), never because a parent rendered again with an equal new object: that would wipe what the
  // user typed meanwhile (a dialog whose lists load after it opened re-renders just then).
  const initial = useRef(initialValues);
  initial.current = initialValues;
  const initialKey = JSON.stringify(initialValues ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initialKey` is the trigger (the values in content); the values themselves are read from the ref
  useEffect(() => {
    if (open) {
      form.resetFields();
      if (initial.current) form.setFieldsValue(initial.current as never);
    }
  }, [open, form, initialKey]);

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if ((await onSubmit(values)) === true) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okText={t('kit.ok')}
      cancelText={t('kit.cancel')}
      destroyOnHidden
      data-testid={testId ?? 'form-dialog'}
      okButtonProps={{ 'data-testid': 'form-dialog-ok' } as ButtonProps}
    >
      <Form form={form} name={formName} layout="vertical" preserve={false}>
        {typeof children === 'function' ? children(form) : children}
      </Form>
    </Modal>
  );
}
