import { type SpaceItem, spaceEndpoints } from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import type { Scope } from '../../../shared/api/query-key';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { SPACE_LISTS } from '../api';
import { QuotaInput } from '../components/QuotaInput';

const REASON_MAX = maxLengthOf(spaceEndpoints['space/updateSpaceQuota'].input, 'reason');

interface Values {
  quota: number;
  reason: string;
}

/**
 * `/Tis/space/EditSpaceQuotaDlg`: a space's new quota and why (`space/updateSpaceQuota`); the change is recorded
 * with who and when. The quota cannot go below what the space uses and has promised to uploads under way.
 */
export function EditSpaceQuotaDialog({
  open,
  onClose,
  space,
  scope = 'property',
}: {
  open: boolean;
  onClose: () => void;
  space: Pick<SpaceItem, 'sid' | 'name' | 'quotaBytes' | 'usedBytes' | 'reservedBytes'> | undefined;
  scope?: Scope;
}) {
  const { t } = useTranslation();
  const floor = (space?.usedBytes ?? 0) + (space?.reservedBytes ?? 0);
  const initialValues = useMemo(() => ({ quota: space?.quotaBytes, reason: '' }), [space?.quotaBytes]);
  const save = useApiMutation('space/updateSpaceQuota', {
    scope,
    invalidates: SPACE_LISTS,
    success: (data) => t('space.quota.saved', { name: space?.name, quota: formatFileSize(data.newQuota) }),
  });
  return (
    <FormDialog<Values>
      open={open && space !== undefined}
      title={t('space.quota.title', { name: space?.name ?? '' })}
      initialValues={initialValues}
      onClose={onClose}
      testId="space-quota-dialog"
      onSubmit={(v) =>
        space ? save({ sid: space.sid, quota: v.quota, reason: v.reason.trim() }) : Promise.resolve(false)
      }
    >
      <Typography.Paragraph type="secondary" data-testid="space-quota-current">
        {t('space.quota.current', {
          quota: formatFileSize(space?.quotaBytes ?? 0),
          used: formatFileSize(floor),
        })}
      </Typography.Paragraph>
      <Form.Item
        name="quota"
        label={t('space.quota.new')}
        rules={[
          { required: true, message: t('space.quota.required') },
          {
            validator: async (_: unknown, value?: number) => {
              if (value !== undefined && value < floor)
                throw new Error(t('space.quota.belowUsed', { used: formatFileSize(floor) }));
            },
          },
        ]}
      >
        <QuotaInput testId="space-quota-input" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('space.quota.reason')}
        rules={[
          { required: true, whitespace: true, message: t('space.quota.reasonRequired') },
          { max: REASON_MAX, message: t('space.rules.length', { max: REASON_MAX }) },
        ]}
      >
        <Input.TextArea data-testid="space-quota-reason" maxLength={REASON_MAX} showCount rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
