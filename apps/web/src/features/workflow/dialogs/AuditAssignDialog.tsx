import { type ApplyDetail, ASSIGN_MAX, AUDIT_COMMENT_MAX } from '@keel/contract/endpoints/workflow';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { UserPicker } from '../../../shared/pickers/UserPicker';
import { APPLY_LISTS, useApplyTypeTitle } from '../api';

interface Values {
  uidList: string[];
  note?: string;
}

/**
 * Assign the current step of a pending application to other members (`flowAudit/flowAuditAssign`): they replace
 * the step's waiting auditors, and the step's rule applies to them. For those who may assign.
 */
export function AuditAssignDialog({ apply, onClose }: { apply: ApplyDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const typeTitle = useApplyTypeTitle();
  const assign = useApiMutation('flowAudit/flowAuditAssign', {
    invalidates: APPLY_LISTS,
    success: () => t('workflow.assign.done', { name: apply.subjectName }),
  });
  return (
    <FormDialog<Values>
      open
      title={t('workflow.assign.title')}
      onClose={onClose}
      testId="audit-assign-dialog"
      onSubmit={(v) =>
        assign({ applyId: apply.applyId, uidList: v.uidList, note: v.note?.trim() ?? '', version: apply.version })
      }
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'apply',
            label: t('workflow.assign.application'),
            children: (
              <span>
                {typeTitle(apply.applyType)} · <span translate="no">{apply.subjectName}</span>
              </span>
            ),
          },
          {
            key: 'step',
            label: t('workflow.list.step'),
            children: (
              <span>
                {t('workflow.list.stepOf', { index: apply.stepIndex, total: apply.stepNum })}{' '}
                <span translate="no">{apply.stepName}</span>
              </span>
            ),
          },
          {
            key: 'now',
            label: t('workflow.assign.current'),
            children: (
              <span translate="no" data-testid="assign-current">
                {apply.currentAuditors.map((p) => p.name).join(t('workflow.sep')) || '—'}
              </span>
            ),
          },
        ]}
      />
      <Form.Item
        name="uidList"
        label={t('workflow.assign.users')}
        extra={t('workflow.assign.usersHint')}
        rules={[
          { required: true, message: t('workflow.assign.usersRequired') },
          { type: 'array', max: ASSIGN_MAX, message: t('workflow.assign.tooMany', { max: ASSIGN_MAX }) },
        ]}
      >
        <UserPicker multiple enabledOnly exclude={[apply.applicantUid]} testId="assign-users" />
      </Form.Item>
      <Form.Item name="note" label={t('workflow.assign.note')}>
        <Input.TextArea rows={2} maxLength={AUDIT_COMMENT_MAX} showCount data-testid="assign-note" />
      </Form.Item>
    </FormDialog>
  );
}
