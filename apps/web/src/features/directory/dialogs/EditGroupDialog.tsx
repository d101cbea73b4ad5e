import { CONTACT_PHONE_PATTERN, CUSTOMER_CODE_PATTERN } from '@keel/contract/endpoints/customer';
import { DIRECTORY_NAME_MAX, DIRECTORY_REMARK_MAX } from '@keel/contract/endpoints/directory';
import { isEmail } from '@keel/contract/validators';
import { useQueryClient } from '@tanstack/react-query';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { toast } from '../../../shared/toast/toast-store';
import { type GroupKind, type GroupRow, invalidate, type Scope } from '../api';

const CUSTOMER_NAME_MAX = 100;

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
  const queryClient = useQueryClient();
  const noun = t(`directory.kinds.${kind.key}.noun`);
  const isCustomer = kind.key === 'customer';
  const nameMax = isCustomer ? CUSTOMER_NAME_MAX : DIRECTORY_NAME_MAX;
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

  const submit = async (values: Values) => {
    try {
      await kind.save(
        {
          id: group?.id,
          pno: creatingInBackOffice ? values.pno : undefined,
          name: trim(values.name),
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
        },
        scope,
      );
      toast.success(
        group
          ? t('directory.group.saved', { name: trim(values.name) })
          : t('directory.group.created', { noun, name: trim(values.name) }),
      );
      await invalidate(queryClient, kind.listPath);
      return true;
    } catch {
      return false;
    }
  };

  const max = (n: number) => ({ max: n, message: t('directory.rules.length', { max: n }) });
  const pattern = (re: RegExp, message: string) => ({
    validator: async (_: unknown, value?: string) => {
      if (value?.trim() && !re.test(value.trim())) throw new Error(message);
    },
  });

  return (
    <FormDialog<Values>
      open={open}
      onClose={onClose}
      title={group ? t('directory.group.editTitle', { noun }) : t('directory.group.createTitle', { noun })}
      initialValues={initialValues}
      onSubmit={submit}
      testId="edit-group-dialog"
    >
      {creatingInBackOffice && (
        <Form.Item
          name="pno"
          label={t('directory.property.label')}
          rules={[{ required: true, message: t('directory.rules.propertyRequired') }]}
        >
          <PropertySelect testId="group-property" style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('directory.group.name')}
        rules={[
          { required: true, whitespace: true, message: t('directory.rules.nameRequired', { noun }) },
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
                label={t('directory.customer.code')}
                extra={t('directory.customer.codeHelp')}
                rules={[max(32), pattern(CUSTOMER_CODE_PATTERN, t('directory.rules.code'))]}
              >
                <Input data-testid="customer-code" maxLength={32} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="contactName" label={t('directory.customer.contactName')} rules={[max(50)]}>
                <Input data-testid="customer-contact-name" maxLength={50} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactPhone"
                label={t('directory.customer.contactPhone')}
                rules={[max(32), pattern(CONTACT_PHONE_PATTERN, t('directory.rules.phone'))]}
              >
                <Input data-testid="customer-contact-phone" maxLength={32} inputMode="tel" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="contactEmail"
                label={t('directory.customer.contactEmail')}
                rules={[
                  max(100),
                  {
                    validator: async (_: unknown, value?: string) => {
                      if (value?.trim() && !isEmail(value.trim())) throw new Error(t('directory.rules.email'));
                    },
                  },
                ]}
              >
                <Input data-testid="customer-contact-email" maxLength={100} inputMode="email" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="address" label={t('directory.customer.address')} rules={[max(200)]}>
            <Input data-testid="customer-address" maxLength={200} />
          </Form.Item>
        </>
      )}
      <Form.Item name="remark" label={t('directory.group.remark')} rules={[max(DIRECTORY_REMARK_MAX)]}>
        <Input.TextArea data-testid="group-remark" maxLength={DIRECTORY_REMARK_MAX} rows={3} showCount />
      </Form.Item>
    </FormDialog>
  );
}
