import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { APP_TASK_COMMENT_MAX, type AppTaskInfo, type SubTaskItem } from '@keel/contract/endpoints/app-review';
import type { AppVersionItem } from '@keel/contract/endpoints/app-store';
import { formatFileSize } from '@keel/contract/format';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin-kit/FormDialog';
import { useRouteObject } from '../../../shared/admin-kit/route-object';
import { useSearchOf } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { AppCell } from '../../../shared/ui/AppCell';
import { TASK_READS, TASK_SEARCH } from '../api';
import { SubTaskTypeTag } from '../components/bits';
import { subjectOf } from '../components/TaskDrawer';
import { useSubTasks, useTaskInfo } from '../queries';

const AUDIT_CALLS = {
  app: 'task/auditAppInfo',
  appVersion: 'task/auditAppVerInfo',
  appShelf: 'task/auditShelfAppVerInfo',
} as const;

const none = (list: readonly string[]) => (list.length === 0 ? '—' : list.join(', '));

/** The app's information under review: its listing in the reader's language, with its images. */
function AppListing({ task }: { task: AppTaskInfo }) {
  const { t } = useTranslation();
  const app = task.app;
  if (!app) return <Typography.Text type="secondary">{t('app-review.audit.appGone')}</Typography.Text>;
  const l = app.activeLanguage;
  return (
    <Descriptions size="small" column={1} bordered data-testid="audit-app">
      <Descriptions.Item label={t('app-review.list.app')}>
        <AppCell name={l.appName} packageName={app.packageName} iconUrl={l.appIconUrl} />
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.languages')}>
        {app.languageList.map((x) => x.language).join(', ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.summary')}>
        <span translate="no">{l.summary || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.description')}>
        <Typography.Paragraph translate="no" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {l.description || '—'}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.developer')}>
        <span translate="no">{[l.developer || app.ownerName, l.developerLink].filter(Boolean).join(' · ')}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.labels')}>
        {l.labels.length === 0 ? (
          '—'
        ) : (
          <span className="k-review-tags">
            {l.labels.map((label) => (
              <Tag key={label} translate="no">
                {label}
              </Tag>
            ))}
          </span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.rating')}>
        {t('app-review.audit.ratingValue', {
          age: app.ageLevel,
          free: app.free === 1 ? t('app-review.audit.free') : t('app-review.audit.paid'),
        })}
      </Descriptions.Item>
      {l.screenshotUrlList.length > 0 && (
        <Descriptions.Item label={t('app-review.audit.screenshots')}>
          <div className="k-review-shots">
            {l.screenshotUrlList.map((url) => (
              <img key={url} src={url} alt="" loading="lazy" />
            ))}
          </div>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** A version under review: the APK as analysed, what the developer declared, and the wanted shelf time. */
function VersionDetails({ version, shelf }: { version: AppVersionItem; shelf: boolean }) {
  const { t } = useTranslation();
  const apk = version.apk;
  return (
    <Descriptions size="small" column={1} bordered data-testid="audit-version">
      <Descriptions.Item label={t('app-review.audit.version')}>
        <span translate="no">
          {version.versionName} ({version.versionCode})
        </span>
      </Descriptions.Item>
      {shelf && (
        <Descriptions.Item label={t('app-review.audit.shelfTime')}>
          <span data-testid="audit-shelf-time">
            {version.demandShelfTime === null
              ? t('app-review.audit.shelfNow')
              : t('app-review.audit.shelfAt', { time: formatTime(version.demandShelfTime) })}
          </span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('app-review.audit.apk')}>
        <span className="k-mono">
          {formatFileSize(version.size)} · SHA-256 {version.sha256}
        </span>
        <br />
        <Button size="small" icon={<DownloadOutlined />} href={version.downloadUrl} style={{ marginTop: 4 }}>
          {t('app-review.audit.download')}
        </Button>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.sdk')}>
        {t('app-review.audit.sdkValue', { min: apk.minSdk, target: apk.targetSdk })}
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.permissions')}>
        <span className="k-mono" data-testid="audit-permissions">
          {none(apk.permissions)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.abis')}>
        <span className="k-mono">{none(apk.abis)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.certificate')}>
        <span className="k-mono">{apk.certSha256 || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.devices')}>
        {version.compatibleDeviceList.length === 0
          ? t('app-review.audit.allDevices')
          : version.compatibleDeviceList.map((d) => d.name).join(', ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.privacy')}>
        <Typography.Paragraph translate="no" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {version.privacyStatement || '—'}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('app-review.audit.copyrights')}>
        <Typography.Paragraph translate="no" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
          {version.copyrights || '—'}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

interface Values {
  decision: 'pass' | 'reject';
  comment?: string;
}

/**
 * `AppProcessAuditDlg`: one pending sub-task (`?taskId=&subTaskId=`) shown as what is reviewed — the app's listing,
 * or the version with its APK analysis (and, for a shelf review, when it goes on the shelf) — passed or rejected with
 * a comment (a rejection needs one).
 */
export function AuditDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { taskId, subTaskId } = useSearchOf(TASK_SEARCH);
  const named = taskId !== undefined && subTaskId !== undefined;
  const info = useTaskInfo(taskId);
  const subs = useSubTasks(taskId);
  const task = useRouteObject(info, named, t('app-review.gone'), onClose);
  const sub = useRouteObject(
    {
      data: subs.data?.list.find((s) => s.subTaskId === subTaskId),
      isError: subs.isError,
      isSuccess: subs.isSuccess,
    },
    named,
    t('app-review.gone'),
    onClose,
  );
  const type = sub?.type ?? 'app';
  const audit = useApiMutation(AUDIT_CALLS[type], {
    invalidates: TASK_READS,
    success: (data: SubTaskItem) =>
      t(data.state === 'passed' ? 'app-review.audit.passed' : 'app-review.audit.rejected', {
        subject: subjectOf(data, t, task),
      }),
  });
  const ready = task !== undefined && sub !== undefined;
  return (
    <FormDialog<Values>
      open={ready}
      title={sub ? t(`app-review.audit.title.${sub.type}`, { subject: subjectOf(sub, t, task) }) : ''}
      testId="audit-dialog"
      initialValues={{ decision: 'pass' }}
      onSubmit={(values) =>
        audit({
          subTaskId: sub?.subTaskId ?? '',
          pass: values.decision === 'pass' ? 1 : 0,
          comment: values.comment ?? '',
        })
      }
      onClose={onClose}
    >
      {(form) =>
        ready && (
          <>
            <div style={{ marginBottom: 12, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
              <SubTaskTypeTag type={sub.type} />
              <Typography.Text type="secondary">
                {t('app-review.audit.submittedBy', { name: sub.submitName, time: formatTime(sub.createTime) })}
              </Typography.Text>
            </div>
            {sub.type === 'app' ? (
              <AppListing task={task} />
            ) : sub.version ? (
              <VersionDetails version={sub.version} shelf={sub.type === 'appShelf'} />
            ) : (
              <Typography.Text type="secondary">{t('app-review.audit.versionGone')}</Typography.Text>
            )}
            <Form.Item
              name="decision"
              label={t('app-review.audit.decision')}
              style={{ marginTop: 16 }}
              rules={[{ required: true }]}
            >
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                data-testid="audit-decision"
                onChange={() => void form.validateFields(['comment']).catch(() => undefined)}
                options={[
                  { value: 'pass', label: t('app-review.audit.pass') },
                  { value: 'reject', label: t('app-review.audit.reject') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="comment"
              label={t('app-review.audit.comment')}
              dependencies={['decision']}
              rules={[
                ({ getFieldValue }) => ({
                  required: getFieldValue('decision') === 'reject',
                  whitespace: true,
                  message: t('app-review.audit.commentRequired'),
                }),
              ]}
            >
              <Input.TextArea
                rows={3}
                maxLength={APP_TASK_COMMENT_MAX}
                showCount
                data-testid="audit-comment"
                placeholder={t('app-review.audit.commentPlaceholder')}
              />
            </Form.Item>
          </>
        )
      }
    </FormDialog>
  );
}
