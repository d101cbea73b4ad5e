import CloudUploadOutlined from '@ant-design/icons/CloudUploadOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import {
  APK_MAX_BYTES,
  APP_VERSION_TEXT_MAX,
  type ApkAnalysis,
  type AppItem,
  type AppVersionItem,
} from '@keel/contract/endpoints/app-store';
import { formatFileSize } from '@keel/contract/format';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Switch from 'antd/es/switch';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { currentLanguage } from '../../../shared/i18n/language';
import { AppIcon } from '../../../shared/ui/AppCell';
import { UploadRefused, uploadAppFile } from '../../../shared/upload/app-file-upload';
import { APP_READS, byMode, type Mode } from '../api';
import { DraftOrSubmitFooter } from '../components/DraftOrSubmitFooter';
import {
  apkLabel,
  auditState,
  fromLocalInput,
  type ModelRef,
  type VersionFormValues,
  versionFormOf,
  versionSaveInput,
} from '../model';
import { ChooseCompatibleDeviceDialog } from './CompatibleDevices';

/** The APK a version is made from: the uploaded file and what was read from it. */
interface ApkFile {
  fid: string;
  name: string;
  size: number;
  apk: ApkAnalysis;
  /** A link to the APK's icon ('' when it has none Keel can show): the saved version's, or the upload answer's. */
  iconUrl: string;
  downloadUrl: string;
}

type UploadState = { name: string; sent: number; total: number } | null;

/** What was read from the APK, read-only: label, package, version, SDK levels, ABIs, permissions, certificate. */
function ApkReadout({ file, app }: { file: ApkFile; app: AppItem }) {
  const { t } = useTranslation();
  const { apk } = file;
  const label = apkLabel(apk.labels, currentLanguage());
  const otherPackage = apk.packageName !== app.packageName;
  const row = (key: string, title: string, value: React.ReactNode, wide = false) => (
    <div className={wide ? 'k-apk-wide' : undefined}>
      <dt>{title}</dt>
      <dd data-testid={`apk-${key}`}>{value}</dd>
    </div>
  );
  return (
    <section data-testid="apk-analysis" aria-label={t('app-store.apk.readTitle')}>
      <div className="k-apk-head">
        <AppIcon url={file.iconUrl} size={48} alt={label} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong translate="no" data-testid="apk-label">
            {label || '—'}
          </Typography.Text>
          <div>
            <Typography.Text type="secondary" translate="no" style={{ overflowWrap: 'anywhere' }}>
              {file.name} · {formatFileSize(file.size)}
            </Typography.Text>
            {file.downloadUrl && (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                href={file.downloadUrl}
                download={file.name}
                data-testid="apk-download"
              >
                {t('app-store.version.download')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {otherPackage && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('app-store.apk.otherPackage', { got: apk.packageName, want: app.packageName })}
          data-testid="apk-other-package"
        />
      )}
      <dl className="k-apk-readout">
        {row('package', t('app-store.apk.package'), <span translate="no">{apk.packageName}</span>)}
        {row('version-code', t('app-store.apk.versionCode'), apk.versionCode)}
        {row('version-name', t('app-store.apk.versionName'), <span translate="no">{apk.versionName || '—'}</span>)}
        {row('sdk', t('app-store.apk.sdk'), t('app-store.apk.sdkValue', { min: apk.minSdk, target: apk.targetSdk }))}
        {row(
          'abis',
          t('app-store.apk.abis'),
          apk.abis.length ? <span translate="no">{apk.abis.join(', ')}</span> : t('app-store.apk.noAbis'),
        )}
        {row(
          'permissions',
          t('app-store.apk.permissions'),
          apk.permissions.length === 0 ? (
            t('app-store.apk.noPermissions')
          ) : (
            <details>
              <summary>{t('app-store.apk.permissionCount', { count: apk.permissions.length })}</summary>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 18 }} translate="no">
                {apk.permissions.map((p) => (
                  <li key={p} className="k-mono" style={{ overflowWrap: 'anywhere' }}>
                    {p}
                  </li>
                ))}
              </ul>
            </details>
          ),
        )}
        {row(
          'cert',
          t('app-store.apk.cert'),
          <span className="k-mono" translate="no">
            {apk.certSha256 || '—'}
          </span>,
          true,
        )}
      </dl>
    </section>
  );
}

/**
 * A version of an app, new (`version` absent) or a draft or rejected one: the APK uploaded (with its progress; a
 * refusal shows the server's reason), what was read from it, and the fields a developer sets — plugin support,
 * forced update, privacy statement, copyrights, when it should go on the shelf, the compatible device models
 * (ChooseCompatibleDeviceDlg). Saved as a draft, or sent for review.
 */
export function VersionDialog({
  app,
  version,
  mode,
  onClose,
}: {
  app: AppItem;
  version?: AppVersionItem;
  mode: Mode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VersionFormValues>();
  const formName = `version${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [initial] = useState(() => versionFormOf(version));
  const [file, setFile] = useState<ApkFile | null>(
    version
      ? {
          fid: version.fid,
          name: `${version.packageName}-${version.versionName}.apk`,
          size: version.size,
          apk: version.apk,
          iconUrl: version.iconUrl,
          downloadUrl: version.downloadUrl,
        }
      : null,
  );
  const [upload, setUpload] = useState<UploadState>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [needsApk, setNeedsApk] = useState(false);
  const [models, setModels] = useState<ModelRef[]>(version?.compatibleDeviceList ?? []);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const appName = app.activeLanguage.appName || app.packageName;
  const save = useApiMutation(byMode('av/saveAppVerInfo', mode), {
    invalidates: APP_READS,
    success: (d, input) =>
      t(input.submit === 1 ? 'app-store.version.submitted' : 'app-store.version.saved', {
        name: `${appName} ${d.versionName}`,
      }),
  });

  const start = async (picked: File) => {
    setRefusal(null);
    setNeedsApk(false);
    if (picked.size > APK_MAX_BYTES) {
      setRefusal(t('app-store.apk.tooLarge', { max: formatFileSize(APK_MAX_BYTES) }));
      return;
    }
    abort.current = new AbortController();
    setUpload({ name: picked.name, sent: 0, total: picked.size });
    try {
      const item = await uploadAppFile('apk', picked, {
        signal: abort.current.signal,
        onProgress: (sent, total) => setUpload({ name: picked.name, sent, total }),
      });
      if (item.apk) {
        setFile({
          fid: item.fid,
          name: item.name,
          size: item.size,
          apk: item.apk,
          iconUrl: item.iconUrl,
          downloadUrl: item.url,
        });
      }
    } catch (error) {
      if (error instanceof UploadRefused) setRefusal(error.message);
      else if (!(error instanceof DOMException)) setRefusal(t('kit.requestFailed'));
    } finally {
      setUpload(null);
    }
  };

  const submit = async (asSubmit: 0 | 1) => {
    let values: VersionFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!file) {
      setNeedsApk(true);
      return;
    }
    setBusy(asSubmit ? 'submit' : 'draft');
    const done = await save(versionSaveInput(app.appId, file.fid, values, models, version, asSubmit));
    setBusy(null);
    if (done) onClose();
  };

  const percent = upload ? Math.floor((100 * upload.sent) / Math.max(1, upload.total)) : 0;
  return (
    <Modal
      open
      title={
        <>
          {version ? t('app-store.version.editTitle') : t('app-store.version.createTitle')}
          <span translate="no">
            {' '}
            · {appName}
            {version ? ` ${version.versionName}` : ''}
          </span>
        </>
      }
      width={760}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="version-dialog"
      footer={
        <DraftOrSubmitFooter
          testPrefix="version"
          busy={busy}
          blocked={upload !== null}
          onCancel={onClose}
          onSave={(asSubmit) => void submit(asSubmit)}
        />
      }
    >
      {version && auditState(version.auditStatus) === 'rejected' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('app-store.version.rejectedNotice')}
          description={version.auditComment ? <span translate="no">{version.auditComment}</span> : undefined}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('app-store.apk.title')}
      </Typography.Title>
      <div data-testid="apk-upload" style={{ marginBottom: 12 }}>
        <Upload.Dragger
          className="k-apk-drop"
          accept=".apk,application/vnd.android.package-archive"
          multiple={false}
          showUploadList={false}
          disabled={upload !== null}
          beforeUpload={(picked) => {
            void start(picked);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
            <CloudUploadOutlined />
          </p>
          <p className="ant-upload-text">{file ? t('app-store.apk.replace') : t('app-store.apk.pick')}</p>
          <p className="ant-upload-hint">{t('app-store.apk.hint', { max: formatFileSize(APK_MAX_BYTES) })}</p>
        </Upload.Dragger>
      </div>
      {upload && (
        <div data-testid="apk-progress" style={{ marginBottom: 12 }}>
          <Typography.Text translate="no" style={{ overflowWrap: 'anywhere' }}>
            {upload.name}
          </Typography.Text>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Progress
              percent={percent}
              status="active"
              style={{ flex: 1, margin: 0 }}
              aria-label={t('app-store.apk.uploading', { name: upload.name })}
            />
            <Button size="small" onClick={() => abort.current?.abort()} data-testid="apk-cancel">
              {t('app-store.apk.cancel')}
            </Button>
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {percent >= 100
              ? t('app-store.apk.analysing')
              : t('app-store.apk.sent', { sent: formatFileSize(upload.sent), total: formatFileSize(upload.total) })}
          </Typography.Text>
        </div>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title={t('app-store.apk.refused')}
          description={refusal}
          data-testid="apk-error"
        />
      )}
      {needsApk && !file && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('app-store.apk.required')} />
      )}
      {file && <ApkReadout file={file} app={app} />}
      <Typography.Title level={5}>{t('app-store.version.details')}</Typography.Title>
      <Form form={form} name={formName} layout="vertical" initialValues={initial}>
        <div className="k-field-row">
          <Form.Item
            name="supportPlugin"
            label={t('app-store.version.supportPlugin')}
            valuePropName="checked"
            extra={t('app-store.version.supportPluginHelp')}
          >
            <Switch data-testid="version-plugin" />
          </Form.Item>
          <Form.Item
            name="forceUpdate"
            label={t('app-store.version.forceUpdate')}
            valuePropName="checked"
            extra={t('app-store.version.forceUpdateHelp')}
          >
            <Switch data-testid="version-force" />
          </Form.Item>
        </div>
        <Form.Item name="privacyStatement" label={t('app-store.version.privacy')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={APP_VERSION_TEXT_MAX}
            showCount
            data-testid="version-privacy"
          />
        </Form.Item>
        <Form.Item name="copyrights" label={t('app-store.version.copyrights')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={APP_VERSION_TEXT_MAX}
            showCount
            data-testid="version-copyrights"
          />
        </Form.Item>
        <Form.Item
          name="demandShelfTime"
          label={t('app-store.version.shelfTime')}
          extra={t('app-store.version.shelfTimeHelp')}
          rules={[
            {
              validator: async (_r, v?: string) => {
                const at = fromLocalInput(v);
                if (v && at === null) throw new Error(t('app-store.version.shelfTimeInvalid'));
                if (at !== null && at <= Date.now() && at !== version?.demandShelfTime)
                  throw new Error(t('app-store.version.shelfTimePast'));
              },
            },
          ]}
        >
          <Input type="datetime-local" style={{ maxWidth: 260 }} data-testid="version-shelf-time" />
        </Form.Item>
        <Form.Item label={t('app-store.version.models')} extra={t('app-store.models.allHelp')}>
          <div className="k-model-tags" style={{ marginBottom: 8 }} data-testid="version-models">
            {models.length === 0 ? (
              <Tag>{t('app-store.models.all')}</Tag>
            ) : (
              models.map((m) => (
                <Tag key={m.modelId} data-testid={`version-model-${m.name}`}>
                  <span translate="no">{m.name}</span>
                </Tag>
              ))
            )}
          </div>
          <Button onClick={() => setChoosing(true)} data-testid="version-choose-models">
            {t('app-store.models.choose')}
          </Button>
        </Form.Item>
      </Form>
      {choosing && (
        <ChooseCompatibleDeviceDialog
          value={models}
          onOk={(picked) => {
            setModels(picked);
            return true;
          }}
          onClose={() => setChoosing(false)}
        />
      )}
    </Modal>
  );
}
