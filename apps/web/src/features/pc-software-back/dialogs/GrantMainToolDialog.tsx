import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { BACK_SOFT_READS } from '../api';
import { PlatformToolSelect } from '../components/PlatformToolSelect';

interface GrantValues {
  softId: string;
  grantPno: string;
}

/**
 * Grants a platform main tool to a property (`soft/grantPlatformMainTool`): the tool (preset from the page's filter)
 * and the property; the server refuses the tool's own property and one without the PC tools business, with the
 * reason.
 */
export function GrantMainToolDialog({
  open,
  softId,
  onClose,
}: {
  open: boolean;
  softId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const grant = useApiMutation('soft/grantPlatformMainTool', {
    scope: 'platform',
    invalidates: BACK_SOFT_READS,
    success: (data) =>
      t('pc-software-back.grant.done', { name: data.softName, property: data.propertyName || data.pno }),
  });
  return (
    <FormDialog<GrantValues>
      open={open}
      title={t('pc-software-back.grant.dialogTitle')}
      initialValues={softId ? { softId } : undefined}
      onSubmit={(values) => grant({ softId: values.softId, grantPno: values.grantPno })}
      onClose={onClose}
      testId="back-grant-dialog"
    >
      <Form.Item
        name="softId"
        label={t('pc-software-back.grant.tool')}
        rules={[{ required: true, message: t('pc-software-back.grant.pickTool') }]}
      >
        <PlatformToolSelect
          testId="back-grant-tool"
          placeholder={t('pc-software-back.grant.pickTool')}
          allowClear={false}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item
        name="grantPno"
        label={t('pc-software-back.grant.grantedProperty')}
        rules={[{ required: true, message: t('pc-software-back.grant.pickProperty') }]}
      >
        <PropertySelect
          testId="back-grant-property"
          placeholder={t('pc-software-back.grant.pickProperty')}
          allowClear={false}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormDialog>
  );
}
