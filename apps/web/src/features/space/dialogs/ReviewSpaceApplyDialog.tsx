import { type SpaceApplyItem, spaceEndpoints } from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import type { Scope } from '../../../shared/api/query-key';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { maxLengthOf } from '../../../shared/forms/zod-limits';
import { APPLY_LISTS } from '../api';
import { QuotaInput } from '../components/QuotaInput';

const NOTE_MAX = maxLengthOf(spaceEndpoints['space/reviewSpaceApply'].input, 'note');

interface Values {
  pass: 0 | 1;
  quota?: number;
  note?: string;
}

/**
 * Approve an application for a space (the space is made, with the quota granted here) or reject it, with a note
 * for the applicant (`space/reviewSpaceApply`).
 */
export function ReviewSpaceApplyDialog({
  open,
  onClose,
  application,
  scope = 'property',
}: {
  open: boolean;
  onClose: () => void;
  application: SpaceApplyItem | undefined;
  scope?: Scope;
}) {
  const { t } = useTranslation();
  const initialValues = useMemo<Partial<Values>>(
    () => ({ pass: 1, quota: application?.quotaBytes, note: '' }),
    [application?.quotaBytes],
  );
  const review = useApiMutation('space/reviewSpaceApply', {
    scope,
    invalidates: APPLY_LISTS,
    success: (data, v) =>
      v.pass === 0
        ? t('space.review.rejected', { name: application?.name })
        : data.state === 'pending'
          ? t('space.review.stepPassed', { name: application?.name })
          : t('space.review.approved', { name: application?.name }),
  });
  const a = application;
  return (
    <FormDialog<Values>
      open={open && a !== undefined}
      title={t('space.review.title', { name: a?.name ?? '' })}
      initialValues={initialValues}
      onClose={onClose}
      testId="space-review-dialog"
      onSubmit={(v) =>
        a
          ? review({
              id: a.id,
              pass: v.pass,
              ...(v.pass === 1 && v.quota !== undefined ? { quota: v.quota } : {}),
              note: v.note?.trim() ?? '',
            })
          : Promise.resolve(false)
      }
    >
      {(form) => (
        <>
          {a && (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('space.apply.applicant')}>
                {a.userName} ({a.phoneNum})
              </Descriptions.Item>
              <Descriptions.Item label={t('space.fields.business')}>
                {t(`common.businesses.${a.business}`)} · {t(`space.categories.${a.category}`)} ·{' '}
                {t(`space.ownerTypes.${a.ownerType}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('space.apply.quota')}>{formatFileSize(a.quotaBytes)}</Descriptions.Item>
              <Descriptions.Item label={t('space.apply.reason')}>{a.reason}</Descriptions.Item>
            </Descriptions>
          )}
          <Form.Item name="pass" label={t('space.review.decision')}>
            <Radio.Group data-testid="space-review-pass">
              <Radio value={1} data-testid="space-review-approve">
                {t('space.review.approve')}
              </Radio>
              <Radio value={0} data-testid="space-review-reject">
                {t('space.review.reject')}
              </Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item noStyle dependencies={['pass']}>
            {() =>
              form.getFieldValue('pass') === 1 ? (
                <Form.Item
                  name="quota"
                  label={t('space.review.quota')}
                  rules={[{ required: true, message: t('space.quota.required') }]}
                >
                  <QuotaInput testId="space-review-quota" />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item
            name="note"
            label={t('space.review.note')}
            rules={[{ max: NOTE_MAX, message: t('space.rules.length', { max: NOTE_MAX }) }]}
          >
            <Input.TextArea data-testid="space-review-note" maxLength={NOTE_MAX} rows={2} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
