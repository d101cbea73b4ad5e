import { BUSINESSES } from '@keel/contract/constants';
import type { PropertySummary } from '@keel/contract/endpoints/auth';
import { PROPERTY_NAME_MAX } from '@keel/contract/endpoints/property';
import { isMobile } from '@keel/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/admin-kit/FormDialog';
import { api } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/toast/toast-store';
import { platformCall } from './api';

interface Values {
  name: string;
  isCustomer?: boolean;
  ownerPhoneNum?: string;
  businessList?: string[];
}

export interface EditPropertyDialogProps {
  open: boolean;
  onClose: () => void;
  /** `platform`: an operator in the back office (creates, and edits any property); `property`: its administrator. */
  scope: 'platform' | 'property';
  /** The property to edit; none creates one (operators). */
  property?: Pick<PropertySummary, 'pno' | 'name' | 'isCustomer'>;
  onSaved?: (pno: string) => void;
}

/** `/Account/EditPropertyDialog`: create a property (operators: name, customer flag, owner, businesses) or rename one. */
export function EditPropertyDialog({ open, onClose, scope, property, onSaved }: EditPropertyDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = property === undefined;
  const initialValues = useMemo<Partial<Values>>(
    () =>
      property
        ? { name: property.name, isCustomer: property.isCustomer === 1 }
        : { isCustomer: false, businessList: [] },
    [property],
  );

  const submit = async (values: Values) => {
    try {
      if (creating) {
        const { pno } = await platformCall('pro/addProperty', {
          name: values.name.trim(),
          isCustomer: values.isCustomer ? 1 : 0,
          ownerPhoneNum: values.ownerPhoneNum?.trim(),
          businessList: (values.businessList ?? []) as never,
        });
        toast.success(t('account.edit.created', { pno }));
        onSaved?.(pno);
      } else if (scope === 'platform') {
        await platformCall('pro/updateProperty', {
          pno: property.pno,
          name: values.name.trim(),
          isCustomer: values.isCustomer ? 1 : 0,
        });
        toast.success(t('account.edit.saved'));
        onSaved?.(property.pno);
      } else {
        await api('pro/updateProperty', { name: values.name.trim() });
        const session = useSession.getState();
        if (session.selectedProperty?.pno === property.pno)
          await session.selectProperty({ ...session.selectedProperty, name: values.name.trim() });
        toast.success(t('account.edit.saved'));
        onSaved?.(property.pno);
      }
    } catch {
      return false;
    }
    await queryClient.invalidateQueries();
    return true;
  };

  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t('account.edit.createTitle') : t('account.edit.editTitle')}
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
      testId="edit-property-dialog"
    >
      <Form.Item
        name="name"
        label={t('account.properties.name')}
        rules={[
          { required: true, whitespace: true, message: t('account.edit.nameRequired') },
          { max: PROPERTY_NAME_MAX, message: t('account.edit.nameLength', { max: PROPERTY_NAME_MAX }) },
        ]}
      >
        <Input data-testid="property-name-input" maxLength={PROPERTY_NAME_MAX} autoFocus />
      </Form.Item>
      {scope === 'platform' && (
        <Form.Item name="isCustomer" label={t('account.properties.customer')} valuePropName="checked">
          <Switch data-testid="property-customer-input" />
        </Form.Item>
      )}
      {creating && (
        <>
          <Form.Item
            name="ownerPhoneNum"
            label={t('account.edit.owner')}
            extra={t('account.edit.ownerHelp')}
            rules={[
              { required: true, whitespace: true, message: t('account.edit.ownerRequired') },
              {
                validator: async (_, value?: string) => {
                  if (value?.trim() && !isMobile(value.trim())) throw new Error(t('account.edit.phoneInvalid'));
                },
              },
            ]}
          >
            <Input data-testid="property-owner-input" inputMode="tel" maxLength={11} />
          </Form.Item>
          <Form.Item name="businessList" label={t('account.properties.businesses')}>
            <Checkbox.Group
              data-testid="property-business-input"
              options={BUSINESSES.map((b) => ({ value: b, label: t(`common.businesses.${b}`) }))}
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
