import { CONTACT_PHONE_PATTERN, CUSTOMER_CODE_PATTERN, customerEndpoints } from '@keel/contract/endpoints/customer';
import { isEmail } from '@keel/contract/validators';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import type { GroupKind, GroupRow, Scope } from '../api';

const customerInput = customerEndpoints['cu/addOrUpdateCustomer'].input;
/** The contract's limits of every field of the form. */
const LIMITS = {
  remark: maxLengthOf(customerInput, 'remark'),
  code: maxLengthOf(customerInput, 'code'),
  contactName: maxLengthOf(customerInput, 'contactName'),
  contactPhone: maxLengthOf(customerInput, 'contactPhone'),
  contactEmail: maxLengthOf(customerInput, 'contactEmail'),
  address: maxLengthOf(customerInput, 'address'),
};

interface Values {
  pno?: string;
  name: string;
  remark?: string;
  code?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  address?: string;
}

const trim = (v?: string) => v?.trim() ?? '';

/**
 * Create or edit a title, user set or customer (`t/addOrUpdateTitle`, `us/addOrUpdateUserSet`,
 * `cu/addOrUpdateCustomer`). Saving sends every field (the server replaces them). In the back office a new
 * title or set is created in the property picked here (preset from the page's property filter).
 */
export function EditGroupDialog({
  kind,
  scope = 'property',
  open,
  group,
  defaultPno,
  onClose,
}: {
  kind: GroupKind;
  scope?: Scope;
  open: boolean;
  /** The group to edit; none creates one. */
  group?: GroupRow;
  defaultPno?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const isCustomer = kind.key === 'customer';
  const nameMax = kind.nameMax;
  const creatingInBackOffice = scope === 'platform' && !group;
  const initialValues = useMemo<Partial<Values>>(
    () =>
      group
        ? {
            name: group.name,
            remark: group.remark,
            code: group.customer?.code,
            contactName: group.customer?.contactName,
            contactPhone: group.customer?.contactPhone,
            contactEmail: group.customer?.contactEmail,
            address: group.customer?.address,
          }
        : { pno: defaultPno },
    [group, defaultPno],
  );

  const save = useApiMutation(kind.paths.save, {
    scope: isCustomer ? 'property' : scope,
    invalidates: [kind.listPath],
    success: () => {
      const name = savedName.current;
      return group ? t('member-group.group.saved', { name }) : t('member-group.group.created', { noun, name });
    },
  });
  const savedName = useRef('');
  const submit = (values: Values) => {
    const saved = trim(values.name);
    savedName.current = saved;
    const input = kind.saveInput({
      id: group?.id,
      pno: creatingInBackOffice ? values.pno : undefined,
      name: saved,
      remark: trim(values.remark),
      customer: isCustomer
        ? {
            code: trim(values.code),
            contactName: trim(values.contactName),
            contactPhone: trim(values.contactPhone),
            contactEmail: trim(values.contactEmail),
            address: trim(values.address),
          }
        : undefined,
    });
    return save(input as never);
  };

  const max = (n: number) => ({ max: n, message: t('member-group.rules.length', { max: n }) });
  const pattern = (re: RegExp, message: string) => ({
    validator: async (_: unknown, value?: string) => {
      if (value?.trim() && !re.test(value.trim())) throw new Error(message);
    },
  });

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={group ? t('member-group.group.editTitle', { noun }) : t('member-group.group.createTitle', { noun })}
      initialValues={initialValues}
      onSubmit={submit}
      testId="edit-group-dialog"
    >
      {creatingInBackOffice && (
        <Form.Item
          name="pno"
          label={t('member-group.property.label')}
          rules={[{ required: true, message: t('member-group.rules.propertyRequired') }]}
        >
          <PropertySelect testId="group-property" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('member-group.group.name')}
        rules={[
          { required: true, whitespace: true, message: t('member-group.rules.nameRequired', { noun }) },
          max(nameMax),
        ]}
      >
        <Input data-testid="group-name" maxLength={nameMax} autoFocus />
      </Form.Item>
      {isCustomer && (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="code"
                label={t('member-group.customer.code')}
                extra={t('member-group.customer.codeHelp')}
                rules={[max(LIMITS.code), pattern(CUSTOMER_CODE_PATTERN, t('member-group.rules.code'))]}
              >
                <Input data-testid="customer-code" maxLength={LIMITS.code} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactName"
                label={t('member-group.customer.contactName')}
                rules={[max(LIMITS.contactName)]}
              >
                <Input data-testid="customer-contact-name" maxLength={LIMITS.contactName} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactPhone"
                label={t('member-group.customer.contactPhone')}
                rules={[max(LIMITS.contactPhone), pattern(CONTACT_PHONE_PATTERN, t('member-group.rules.phone'))]}
              >
                <Input data-testid="customer-contact-phone" maxLength={LIMITS.contactPhone} inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactEmail"
                label={t('member-group.customer.contactEmail')}
                rules={[
                  max(LIMITS.contactEmail),
                  {
                    validator: async (_: unknown, value?: string) => {
                      if (value?.trim() && !isEmail(value.trim())) throw new Error(t('member-group.rules.email'));
                    },
                  },
                ]}
              >
                <Input data-testid="customer-contact-email" maxLength={LIMITS.contactEmail} inputMode="email" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="address" label={t('member-group.customer.address')} rules={[max(LIMITS.address)]}>
            <Input data-testid="customer-address" maxLength={LIMITS.address} />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={t('member-group.group.remark')} rules={[max(LIMITS.remark)]}>
        <Input.TextArea data-testid="group-remark" maxLength={LIMITS.remark} rows={3} showCount />
      </Form.Item>
    </FormDialog>
  );
}
