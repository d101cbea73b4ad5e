import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from './FormDialog';

export interface ApprovalDecision {
  approved: boolean;
  comment: string;
}

/** Approve or reject with a comment (required when rejecting); closes when `onSubmit` resolves true. */
export function ApprovalDialog({
  open,
  title,
  onSubmit,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onSubmit: (decision: ApprovalDecision) => Promise<boolean>;
  onClose: () => void;
  /** What is being approved, shown above the decision. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog<{ decision: 'approve' | 'reject'; comment?: string }>
      open={open}
      title={title}
      testId="approval-dialog"
      initialValues={{ decision: 'approve' }}
      onClose={onClose}
      onSubmit={(v) => onSubmit({ approved: v.decision === 'approve', comment: (v.comment ?? '').trim() })}
    >
      {children}
      <Form.Item name="decision" label={t('kit.decision')}>
        <Radio.Group
          options={[
            { value: 'approve', label: t('kit.approve') },
            { value: 'reject', label: t('kit.reject') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="comment"
        label={t('kit.comment')}
        dependencies={['decision']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              getFieldValue('decision') === 'reject' && !value?.trim()
                ? Promise.reject(new Error(t('kit.commentRequired')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} data-testid="approval-comment" />
      </Form.Item>
    </FormDialog>
  );
}
