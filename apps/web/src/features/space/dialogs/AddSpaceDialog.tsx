import type { Business } from '@keel/contract/constants';
import { SPACE_CATEGORIES, spaceEndpoints } from '@keel/contract/endpoints/space';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import type { Scope } from '../../../shared/api/query-key';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { SPACE_LISTS } from '../api';
import { BusinessSelect } from '../components/BusinessSelect';
import { QuotaInput } from '../components/QuotaInput';

const input = spaceEndpoints['space/addSpace'].input;
const NAME_MAX = maxLengthOf(input, 'name');
const REMARK_MAX = maxLengthOf(input, 'remark');
const GB = 1_000_000_000;

interface Values {
  pno?: string;
  name: string;
  business: Business;
  category: (typeof SPACE_CATEGORIES)[number];
  ownerType: 'property' | 'user';
  uid?: string;
  quota: number;
  remark?: string;
}

const INITIAL: Partial<Values> = { category: 'file', ownerType: 'property', quota: 10 * GB };

/**
 * A new space (`space/addSpace`): name, business (one enabled for the property), category, owner (the property,
 * with an optional responsible member, or one member personally) and quota. In the back office the property is
 * picked first.
 */
export function AddSpaceDialog({
  open,
  onClose,
  scope = 'property',
}: {
  open: boolean;
  onClose: () => void;
  scope?: Scope;
}) {
  const { t } = useTranslation();
  const platform = scope === 'platform';
  const save = useApiMutation('space/addSpace', {
    scope,
    invalidates: SPACE_LISTS,
    success: (_, v) => t('space.add.created', { name: v.name }),
  });
  return (
    <FormDialog<Values>
      open={open}
      title={t('space.add.title')}
      initialValues={INITIAL}
      onClose={onClose}
      testId="space-add-dialog"
      onSubmit={(v) =>
        save({
          ...(platform ? { pno: v.pno } : {}),
          name: v.name.trim(),
          business: v.business,
          category: v.category,
          ownerType: v.ownerType,
          ...(v.uid ? { uid: v.uid } : {}),
          quota: v.quota,
          remark: v.remark?.trim() ?? '',
        })
      }
    >
      {(form) => (
        <>
          {platform && (
            <Form.Item
              name="pno"
              label={t('space.fields.property')}
              rules={[{ required: true, message: t('space.fields.propertyRequired') }]}
            >
              <PropertySelect
                testId="space-add-property"
                onChange={(pno) => {
                  form.setFieldsValue({ pno, business: undefined, uid: undefined });
                }}
              />
            </Form.Item>
          )}
          <Form.Item
            name="name"
            label={t('space.fields.name')}
            rules={[
              { required: true, whitespace: true, message: t('space.fields.nameRequired') },
              { max: NAME_MAX, message: t('space.rules.length', { max: NAME_MAX }) },
            ]}
          >
            <Input data-testid="space-add-name" maxLength={NAME_MAX} />
          </Form.Item>
          <Form.Item noStyle dependencies={['pno']}>
            {() => (
              <Form.Item
                name="business"
                label={t('space.fields.business')}
                rules={[{ required: true, message: t('space.fields.businessRequired') }]}
              >
                <BusinessSelect platform={platform} pno={form.getFieldValue('pno')} testId="space-add-business" />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="category" label={t('space.fields.category')} extra={t('space.fields.categoryHelp')}>
            <Radio.Group data-testid="space-add-category">
              {SPACE_CATEGORIES.map((c) => (
                <Radio key={c} value={c}>
                  {t(`space.categories.${c}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="ownerType" label={t('space.fields.ownerType')}>
            <Radio.Group data-testid="space-add-owner-type">
              <Radio value="property">{t('space.ownerTypes.property')}</Radio>
              <Radio value="user">{t('space.ownerTypes.user')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle dependencies={['ownerType', 'pno']}>
            {() => {
              const personal = form.getFieldValue('ownerType') === 'user';
              const pno: string | undefined = form.getFieldValue('pno');
              return (
                <Form.Item
                  name="uid"
                  label={personal ? t('space.fields.member') : t('space.fields.responsible')}
                  rules={personal ? [{ required: true, message: t('space.fields.memberRequired') }] : []}
                >
                  <UserPicker
                    testId="space-add-owner"
                    disabled={platform && !pno}
                    {...(platform ? { pno: pno ?? '' } : {})}
                  />
                </Form.Item>
              );
            }}
          </Form.Item>
          <Form.Item
            name="quota"
            label={t('space.fields.quota')}
            rules={[{ required: true, message: t('space.quota.required') }]}
          >
            <QuotaInput testId="space-add-quota" />
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('space.fields.remark')}
            rules={[{ max: REMARK_MAX, message: t('space.rules.length', { max: REMARK_MAX }) }]}
          >
            <Input.TextArea data-testid="space-add-remark" maxLength={REMARK_MAX} rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
