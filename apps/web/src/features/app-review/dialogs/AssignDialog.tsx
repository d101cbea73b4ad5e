import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { TASK_READS, TASK_SEARCH } from '../api';
import { taskName } from '../components/bits';
import { useTaskInfo } from '../queries';

/**
 * `AppProcessAssignDlg`: assigns the task named by `?taskId=` (or reassigns it) to a member holding the app review
 * permission (the task's candidates); the reviewer is told in the message centre.
 */
export function AssignDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { taskId } = useSearchOf(TASK_SEARCH);
  const task = useRouteObject(useTaskInfo(taskId), taskId !== undefined, t('app-review.gone'), onClose);
  const assign = useApiMutation('task/assignTask', {
    invalidates: TASK_READS,
    success: (data) => t('app-review.assign.done', { name: taskName(data), reviewer: data.reviewerName }),
  });
  const name = task ? taskName(task) : '';
  return (
    <FormDialog<{ uid: string }>
      open={task !== undefined}
      title={t('app-review.assign.title', { name })}
      testId="assign-dialog"
      initialValues={task?.reviewerUid ? { uid: task.reviewerUid } : {}}
      onSubmit={(values) => assign({ taskId: task?.taskId ?? '', uid: values.uid })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('app-review.assign.help')}</Typography.Paragraph>
      <Form.Item
        name="uid"
        label={t('app-review.assign.reviewer')}
        rules={[{ required: true, message: t('app-review.assign.required') }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="assign-reviewer"
          placeholder={t('app-review.assign.placeholder')}
          notFoundContent={t('app-review.assign.none')}
          options={(task?.candidates ?? []).map((c) => ({ value: c.uid, label: c.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
