import { BUSINESSES } from '@keel/contract/constants';
import type { PropertySummary } from '@keel/contract/endpoints/auth';
import { propertyEndpoints } from '@keel/contract/endpoints/property';
import { isMobile } from '@keel/contract/validators';
import { useTranslation } from 'react-i18next';
import { ResourceDialog } from '../../shared/admin-kit/ResourceDialog';
import type { FormDeclaration } from '../../shared/admin-kit/resource';
import { useSession } from '../../shared/session/session-store';

type Property = Pick<PropertySummary, 'pno' | 'name' | 'isCustomer'>;
type Scope = 'platform' | 'property';

interface Values {
  name: string;
  isCustomer?: boolean;
  ownerPhoneNum?: string;
  businessList?: string[];
}

/**
 * The property form: operators create a property (name, customer flag, owner, businesses; `pro/addProperty`) or
 * edit any (`pro/updateProperty` naming it); its administrator renames the selected one. A name shows everywhere:
 * every query is refetched.
 */
export function usePropertyForm(
  scope: Scope,
): FormDeclaration<Property, Values, 'pro/addProperty' | 'pro/updateProperty'> {
  const { t } = useTranslation();
  return {
    save: (row) => (row ? 'pro/updateProperty' : 'pro/addProperty'),
    schema: propertyEndpoints['pro/addProperty'].input,
    testId: 'edit-property-dialog',
    title: (row) => (row ? t('account.edit.editTitle') : t('account.edit.createTitle')),
    fields: (row) => [
      {
        name: 'name',
        label: t('account.properties.name'),
        required: t('account.edit.nameRequired'),
        testId: 'property-name-input',
        autoFocus: true,
      },
      {
        name: 'isCustomer',
        label: t('account.properties.customer'),
        type: 'switch',
        testId: 'property-customer-input',
        hidden: scope !== 'platform',
      },
      {
        name: 'ownerPhoneNum',
        label: t('account.edit.owner'),
        extra: t('account.edit.ownerHelp'),
        required: t('account.edit.ownerRequired'),
        validate: (v) => isMobile(v) || t('account.edit.phoneInvalid'),
        testId: 'property-owner-input',
        inputMode: 'tel',
        maxLength: 11,
        hidden: row !== undefined,
      },
      {
        name: 'businessList',
        label: t('account.properties.businesses'),
        type: 'checkboxes',
        testId: 'property-business-input',
        options: BUSINESSES.map((b) => ({ value: b, label: t(`common.businesses.${b}`) })),
        hidden: row !== undefined,
      },
    ],
    initialValues: (row) =>
      row ? { name: row.name, isCustomer: row.isCustomer === 1 } : { isCustomer: false, businessList: [] },
    input: (values, row) => {
      const name = values.name.trim();
      const isCustomer = values.isCustomer ? 1 : 0;
      if (!row)
        return {
          name,
          isCustomer,
          ownerPhoneNum: values.ownerPhoneNum?.trim(),
          businessList: (values.businessList ?? []) as never,
        };
      return scope === 'platform' ? { pno: row.pno, name, isCustomer } : { name };
    },
    success: (data, _input, row) =>
      row ? t('account.edit.saved') : t('account.edit.created', { pno: data && 'pno' in data ? data.pno : '' }),
    onSaved: async (_data, input, row) => {
      const session = useSession.getState();
      if (scope === 'property' && row && session.selectedProperty?.pno === row.pno && input.name)
        await session.selectProperty({ ...session.selectedProperty, name: input.name });
    },
    invalidates: 'all',
    tooLong: (max) => t('account.edit.nameLength', { max }),
  };
}

/** `/Account/EditPropertyDialog`: create a property (operators) or edit `property`. */
export function EditPropertyDialog({
  open,
  onClose,
  scope,
  property,
}: {
  open: boolean;
  onClose: () => void;
  /** `platform`: an operator in the back office (creates, and edits any property); `property`: its administrator. */
  scope: Scope;
  property?: Property;
}) {
  return <ResourceDialog form={usePropertyForm(scope)} scope={scope} row={property} open={open} onClose={onClose} />;
}
