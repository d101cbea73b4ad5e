import { APP_TASK_COMMENT_MAX } from '@keel/contract/endpoints/app-review';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { TASK_READS, TASK_SEARCH } from '../api';
import { taskCounts, taskName } from '../components/bits';
import { useTaskInfo } from '../queries';

/**
 * `AppProcessFinishDlg`: the final review of the task named by `?taskId=`: its conclusion finishes it, once none of
 * its sub-tasks waits (the server refuses otherwise, saying how many wait).
 */
export function FinishDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { taskId } = useSearchOf(TASK_SEARCH);
  const task = useRouteObject(useTaskInfo(taskId), taskId !== undefined, t('app-review.gone'), onClose);
  const finish = useApiMutation('task/finalAuditTask', {
    invalidates: TASK_READS,
    success: (data) => t('app-review.finish.done', { name: taskName(data) }),
  });
  const name = task ? taskName(task) : '';
  return (
    <FormDialog<{ conclusion: string }>
      open={task !== undefined}
      title={t('app-review.finish.title', { name })}
      testId="finish-dialog"
      onSubmit={(values) => finish({ taskId: task?.taskId ?? '', conclusion: values.conclusion })}
      onClose={onClose}
    >
      {task && (
        <Alert
          type={task.pendingNum > 0 ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            task.pendingNum > 0 ? t('app-review.finish.stillPending', { n: task.pendingNum }) : taskCounts(t, task)
          }
        />
      )}
      <Form.Item
        name="conclusion"
        label={t('app-review.finish.conclusion')}
        rules={[{ required: true, whitespace: true, message: t('app-review.finish.required') }]}
      >
        <Input.TextArea
          rows={4}
          maxLength={APP_TASK_COMMENT_MAX}
          showCount
          data-testid="finish-conclusion"
          placeholder={t('app-review.finish.placeholder')}
        />
      </Form.Item>
    </FormDialog>
  );
}
