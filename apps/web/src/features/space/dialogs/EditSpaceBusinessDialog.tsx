import type { Business } from '@keel/contract/constants';
import { SPACE_CATEGORIES, spaceEndpoints } from '@keel/contract/endpoints/space';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { APPLY_LISTS, useSpaceRights } from '../api';
import { BusinessSelect } from '../components/BusinessSelect';
import { QuotaInput } from '../components/QuotaInput';

const input = spaceEndpoints['bn/applySpaceBusiness'].input;
const NAME_MAX = maxLengthOf(input, 'name');
const REASON_MAX = maxLengthOf(input, 'reason');
const GB = 1_000_000_000;

interface Values {
  business: Business;
  category: (typeof SPACE_CATEGORIES)[number];
  ownerType: 'property' | 'user';
  name: string;
  quota: number;
  reason: string;
}

const INITIAL: Partial<Values> = { category: 'file', ownerType: 'user', quota: 5 * GB };

/**
 * `/Tis/space/EditSpaceBusinessDlg`: apply for a space of one of the property's businesses
 * (`bn/applySpaceBusiness`): a personal space, or (for those who manage spaces) one for the property. An
 * administrator reviews it; the answer arrives in the message centre.
 */
export function EditSpaceBusinessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rights = useSpaceRights();
  const apply = useApiMutation('bn/applySpaceBusiness', {
    invalidates: APPLY_LISTS,
    success: (_, v) => t('space.apply.sent', { name: v.name }),
  });
  return (
    <FormDialog<Values>
      open={open}
      title={t('space.apply.title')}
      initialValues={INITIAL}
      onClose={onClose}
      testId="space-apply-dialog"
      onSubmit={(v) =>
        apply({
          business: v.business,
          category: v.category,
          ownerType: v.ownerType,
          name: v.name.trim(),
          quota: v.quota,
          reason: v.reason.trim(),
        })
      }
    >
      <Typography.Paragraph type="secondary">{t('space.apply.help')}</Typography.Paragraph>
      <Form.Item
        name="business"
        label={t('space.fields.business')}
        rules={[{ required: true, message: t('space.fields.businessRequired') }]}
      >
        <BusinessSelect testId="space-apply-business" />
      </Form.Item>
      <Form.Item name="category" label={t('space.fields.category')} extra={t('space.fields.categoryHelp')}>
        <Radio.Group data-testid="space-apply-category">
          {SPACE_CATEGORIES.map((c) => (
            <Radio key={c} value={c}>
              {t(`space.categories.${c}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {rights.manage && (
        <Form.Item name="ownerType" label={t('space.fields.ownerType')}>
          <Radio.Group data-testid="space-apply-owner-type">
            <Radio value="user">{t('space.ownerTypes.mine')}</Radio>
            <Radio value="property">{t('space.ownerTypes.property')}</Radio>
          </Radio.Group>
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
        <Input data-testid="space-apply-name" maxLength={NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('space.apply.quota')}
        rules={[{ required: true, message: t('space.quota.required') }]}
      >
        <QuotaInput testId="space-apply-quota" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('space.apply.reason')}
        rules={[
          { required: true, whitespace: true, message: t('space.apply.reasonRequired') },
          { max: REASON_MAX, message: t('space.rules.length', { max: REASON_MAX }) },
        ]}
      >
        <Input.TextArea data-testid="space-apply-reason" maxLength={REASON_MAX} showCount rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
