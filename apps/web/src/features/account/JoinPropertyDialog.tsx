import { REMARK_MAX } from '@keel/contract/endpoints/org';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../shared/api/use-api-mutation';

interface Values {
  pno: string;
  remark?: string;
}

/** `/JoinPropertyDlg`: ask to join a property by its number; its administrators review the request. */
export function JoinPropertyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const apply = useApiMutation('o/applyJoinProperty', {
    invalidates: ['flowAudit/getMyApplyListByUser'],
    success: (data) => t('account.join.sent', { name: data.propertyName }),
  });
  const submit = (values: Values) => apply({ pno: values.pno.trim(), remark: values.remark?.trim() ?? '' });
  return (
    <FormDialog<Values>
      open={open}
      title={t('account.join.title')}
      onSubmit={submit}
      onClose={onClose}
      testId="join-property-dialog"
    >
      <Typography.Paragraph type="secondary">{t('account.join.help')}</Typography.Paragraph>
      <Form.Item
        name="pno"
        label={t('account.properties.pno')}
        rules={[
          { required: true, whitespace: true, message: t('account.join.pnoRequired') },
          { max: 64, message: t('account.join.pnoInvalid') },
        ]}
      >
        <Input data-testid="join-pno" autoFocus inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="remark"
        label={t('account.join.remark')}
        rules={[{ max: REMARK_MAX, message: t('account.join.remarkLength', { max: REMARK_MAX }) }]}
      >
        <Input.TextArea data-testid="join-remark" rows={3} maxLength={REMARK_MAX} showCount />
      </Form.Item>
    </FormDialog>
  );
}
