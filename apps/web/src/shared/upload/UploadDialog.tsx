import CaretRightOutlined from '@ant-design/icons/CaretRightOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import PauseOutlined from '@ant-design/icons/PauseOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { formatFileSize } from '@keel/contract/format';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DetailedError, Upload } from 'tus-js-client';
import { ConfirmAction } from '../admin-kit/ConfirmAction';
import { api } from '../api/client';
import { invalidatePaths } from '../api/query-key';
import { currentLanguage } from '../i18n/language';
import { useSession } from '../session/session-store';
import { toast } from '../toast/toast-store';

/** Bytes per PATCH: a lost connection costs at most one part, and progress moves part by part. */
const CHUNK_SIZE = 8 * 1024 * 1024;

type Status = 'uploading' | 'paused' | 'done' | 'failed';

interface Item {
  key: string;
  name: string;
  total: number;
  sent: number;
  status: Status;
  error?: string;
}

/** The server's text of a refused upload (a translated message), else the client's. */
function reasonOf(error: Error): string {
  const response = (error as DetailedError).originalResponse;
  const body = response?.getBody()?.trim();
  if (body && !body.startsWith('{')) return body;
  if (body) {
    try {
      return (JSON.parse(body) as { msg?: string }).msg ?? error.message;
    } catch {
      return body;
    }
  }
  return error.message;
}

/**
 * Uploads files into a space (the file list's uploads, the firmware packages' files) (and a group) with the tus protocol (`gateway/file/getUploadUrl`): each file shows a
 * progress bar and can be paused, resumed and cancelled; a finished one appears in the list (and the space's use).
 */
export function UploadDialog({
  open,
  sid,
  spaceName,
  groupId,
  groupName,
  invalidate,
  multiple = true,
  onUploaded,
  onClose,
}: {
  open: boolean;
  sid: string;
  spaceName: string;
  groupId?: string;
  groupName?: string;
  /** The API paths whose queries a finished (or cancelled) upload makes stale. */
  invalidate: readonly EndpointPath[];
  multiple?: boolean;
  /** A finished upload: the new file's id (the server's `keel-file-id` header), name and size. */
  onUploaded?: (file: { fid: string; name: string; size: number }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  const update = (key: string, patch: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  // Closing (or leaving the page) pauses what is still running; nothing uploads without the dialog.
  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const u of running.values()) void u.abort();
    };
  }, []);

  const start = async (files: readonly File[]) => {
    if (files.length === 0) return;
    const { path } = await api('gateway/file/getUploadUrl', {});
    const { userInfo, selectedPropertyPno } = useSession.getState();
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setItems((list) => [...list, { key, name: file.name, total: file.size, sent: 0, status: 'uploading' }]);
      const upload = new Upload(file, {
        endpoint: path,
        chunkSize: CHUNK_SIZE,
        retryDelays: [0, 1000, 3000, 5000],
        storeFingerprintForResuming: false,
        headers: { token: userInfo?.token ?? '', 'Accept-Language': currentLanguage() },
        metadata: {
          pno: selectedPropertyPno ?? '',
          sid,
          ...(groupId ? { groupId } : {}),
          filename: file.name,
          filetype: file.type || 'application/octet-stream',
        },
        onProgress: (sent) => update(key, { sent }),
        onError: (error) => {
          uploads.current.delete(key);
          update(key, { status: 'failed', error: reasonOf(error) });
        },
        onSuccess: (payload) => {
          uploads.current.delete(key);
          update(key, { status: 'done', sent: file.size });
          toast.success(t('upload.uploaded', { name: file.name }));
          void invalidatePaths(queryClient, invalidate);
          const fid = payload?.lastResponse?.getHeader('keel-file-id');
          if (fid) onUploaded?.({ fid, name: file.name, size: file.size });
        },
      });
      uploads.current.set(key, upload);
      upload.start();
    }
  };

  const pause = (key: string) => {
    void uploads.current.get(key)?.abort();
    update(key, { status: 'paused' });
  };
  const resume = (key: string) => {
    uploads.current.get(key)?.start();
    update(key, { status: 'uploading' });
  };
  const cancel = (key: string) => {
    // Terminates the upload on the server too: its reserved quota is given back.
    void uploads.current
      .get(key)
      ?.abort(true)
      .catch(() => undefined);
    uploads.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
    void invalidatePaths(queryClient, invalidate);
  };

  // Closing pauses what is running; reopening the dialog shows it to resume (as long as the page stays open).
  const close = () => {
    for (const [key, u] of uploads.current) {
      void u.abort();
      update(key, { status: 'paused' });
    }
    setItems((list) => list.filter((i) => i.status !== 'done'));
    onClose();
  };

  const statusText = (i: Item) =>
    i.status === 'failed' ? t('upload.failed', { reason: i.error ?? '' }) : t(`upload.${i.status}`);

  return (
    <Modal
      open={open}
      title={t('upload.title', { space: spaceName })}
      onCancel={close}
      footer={
        <Button onClick={close} data-testid="upload-close">
          {t('upload.close')}
        </Button>
      }
      data-testid="upload-dialog"
    >
      {groupName && <Typography.Paragraph>{t('upload.group', { group: groupName })}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary">{t('upload.pickHelp')}</Typography.Paragraph>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        onClick={() => picker.current?.click()}
        data-testid="upload-pick"
      >
        {t('upload.pick')}
      </Button>
      <input
        ref={picker}
        type="file"
        multiple={multiple}
        hidden
        data-testid="upload-input"
        aria-label={t('upload.pick')}
        onChange={(e) => {
          // Copied first: clearing the input (to pick the same file again later) empties its live FileList.
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void start(files);
        }}
      />
      <List
        style={{ marginTop: 16 }}
        dataSource={items}
        locale={{ emptyText: ' ' }}
        renderItem={(i) => {
          const percent = i.total > 0 ? Math.floor((i.sent / i.total) * 100) : 100;
          const progressText = t('upload.progress', {
            name: i.name,
            done: formatFileSize(i.sent),
            total: formatFileSize(i.total),
          });
          return (
            <List.Item data-testid={`upload-item-${i.name}`} data-status={i.status}>
              <div style={{ width: '100%', minWidth: 0 }}>
                <Typography.Text ellipsis style={{ display: 'block' }}>
                  {progressText}
                </Typography.Text>
                <Progress
                  percent={percent}
                  status={i.status === 'failed' ? 'exception' : i.status === 'done' ? 'success' : 'active'}
                  aria-label={progressText}
                  data-testid={`upload-progress-${i.name}`}
                  data-percent={percent}
                />
                <Space size={8} wrap>
                  <Typography.Text type={i.status === 'failed' ? 'danger' : 'secondary'}>
                    {statusText(i)}
                  </Typography.Text>
                  {i.status === 'uploading' && (
                    <Button
                      size="small"
                      icon={<PauseOutlined />}
                      onClick={() => pause(i.key)}
                      data-testid={`upload-pause-${i.name}`}
                    >
                      {t('upload.pause')}
                    </Button>
                  )}
                  {i.status === 'paused' && (
                    <Button
                      size="small"
                      icon={<CaretRightOutlined />}
                      onClick={() => resume(i.key)}
                      data-testid={`upload-resume-${i.name}`}
                    >
                      {t('upload.resume')}
                    </Button>
                  )}
                  {(i.status === 'uploading' || i.status === 'paused') && (
                    <ConfirmAction
                      title={t('upload.cancelConfirm', { name: i.name })}
                      onConfirm={() => cancel(i.key)}
                      buttonProps={
                        { size: 'small', icon: <CloseOutlined />, 'data-testid': `upload-cancel-${i.name}` } as never
                      }
                    >
                      {t('upload.cancel')}
                    </ConfirmAction>
                  )}
                </Space>
              </div>
            </List.Item>
          );
        }}
      />
    </Modal>
  );
}
