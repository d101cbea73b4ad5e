import { CONTACT_PHONE_PATTERN, CUSTOMER_CODE_PATTERN, customerEndpoints } from '@keel/contract/endpoints/customer';
import { isEmail } from '@keel/contract/validators';
import { useTranslation } from 'react-i18next';
import { ResourceDialog } from '../../../shared/admin-kit/ResourceDialog';
import type { FormDeclaration } from '../../../shared/admin-kit/resource';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import type { GroupKind, GroupRow, Scope } from '../api';

interface Values {
  pno?: string;
  name: string;
  remark?: string;
  code?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
  address?: string;
  propertyPno?: string;
}

const trim = (v?: string) => v?.trim() ?? '';

/**
 * The form of a title, user set or customer (`t/addOrUpdateTitle`, `us/addOrUpdateUserSet`,
 * `cu/addOrUpdateCustomer`; limits from the customer call, which has every field). Saving sends every field (the
 * server replaces them). In the back office a new title or set is created in the property picked here (preset to
 * `defaultPno`, the page's property filter).
 */
export function useGroupForm(
  kind: GroupKind,
  scope: Scope,
  defaultPno?: string,
): FormDeclaration<GroupRow, Values, GroupKind['paths']['save']> {
  const { t } = useTranslation();
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const isCustomer = kind.key === 'customer';
  return {
    save: kind.paths.save,
    schema: customerEndpoints['cu/addOrUpdateCustomer'].input,
    testId: 'edit-group-dialog',
    title: (row) => t(row ? 'member-group.group.editTitle' : 'member-group.group.createTitle', { noun }),
    fields: (row) => [
      {
        name: 'pno',
        label: t('member-group.property.label'),
        type: 'custom',
        control: <PropertySelect testId="group-property" style={{ width: '100%' }} allowClear={false} />,
        required: t('member-group.rules.propertyRequired'),
        hidden: scope !== 'platform' || row !== undefined,
      },
      {
        name: 'name',
        label: t('member-group.group.name'),
        required: t('member-group.rules.nameRequired', { noun }),
        testId: 'group-name',
        maxLength: kind.nameMax,
        autoFocus: true,
      },
      {
        name: 'code',
        label: t('member-group.customer.code'),
        extra: t('member-group.customer.codeHelp'),
        validate: (v) => CUSTOMER_CODE_PATTERN.test(v) || t('member-group.rules.code'),
        testId: 'customer-code',
        half: true,
        hidden: !isCustomer,
      },
      {
        name: 'contactName',
        label: t('member-group.customer.contactName'),
        testId: 'customer-contact-name',
        half: true,
        hidden: !isCustomer,
      },
      {
        name: 'contactPhone',
        label: t('member-group.customer.contactPhone'),
        validate: (v) => CONTACT_PHONE_PATTERN.test(v) || t('member-group.rules.phone'),
        testId: 'customer-contact-phone',
        inputMode: 'tel',
        half: true,
        hidden: !isCustomer,
      },
      {
        name: 'contactEmail',
        label: t('member-group.customer.contactEmail'),
        validate: (v) => isEmail(v) || t('member-group.rules.email'),
        testId: 'customer-contact-email',
        inputMode: 'email',
        half: true,
        hidden: !isCustomer,
      },
      { name: 'address', label: t('member-group.customer.address'), testId: 'customer-address', hidden: !isCustomer },
      {
        name: 'propertyPno',
        label: t('member-group.customer.propertyPno'),
        extra: t('member-group.customer.propertyPnoHelp'),
        validate: (v) => /^[0-9]{1,20}$/.test(v) || t('member-group.rules.propertyPno'),
        testId: 'customer-property-pno',
        inputMode: 'numeric',
        hidden: !isCustomer,
      },
      { name: 'remark', label: t('member-group.group.remark'), type: 'textarea', testId: 'group-remark' },
    ],
    initialValues: (row) => {
      if (!row) return { pno: defaultPno };
      const { code, contactName, contactPhone, contactEmail, address, propertyPno } = row.customer ?? {};
      return {
        name: row.name,
        remark: row.remark,
        code,
        contactName,
        contactPhone,
        contactEmail,
        address,
        propertyPno,
      };
    },
    input: (values, row) =>
      kind.saveInput({
        id: row?.id,
        pno: scope === 'platform' && !row ? values.pno : undefined,
        name: trim(values.name),
        remark: trim(values.remark),
        customer: isCustomer
          ? {
              code: trim(values.code),
              contactName: trim(values.contactName),
              contactPhone: trim(values.contactPhone),
              contactEmail: trim(values.contactEmail),
              address: trim(values.address),
              propertyPno: trim(values.propertyPno),
            }
          : undefined,
      }) as never,
    success: (_data, input, row) =>
      row
        ? t('member-group.group.saved', { name: input.name })
        : t('member-group.group.created', { noun, name: input.name }),
    invalidates: [kind.listPath],
    tooLong: (max) => t('member-group.rules.length', { max }),
  };
}

/** Create or edit (`group`) a title, user set or customer. */
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
  group?: GroupRow;
  defaultPno?: string;
  onClose: () => void;
}) {
  const form = useGroupForm(kind, scope, defaultPno);
  const where = kind.key === 'customer' ? 'property' : scope;
  return <ResourceDialog form={form} scope={where} row={group} open={open} onClose={onClose} />;
}
