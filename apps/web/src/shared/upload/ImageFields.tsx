import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { APP_IMAGE_MAX_BYTES, APP_SCREENSHOTS_MAX } from '@keel/contract/endpoints/app-store';
import { formatFileSize } from '@keel/contract/format';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Progress from 'antd/es/progress';
import Typography from 'antd/es/typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadRefused, uploadAppFile } from './app-file-upload';
import './image-fields.css';

/** An uploaded image: its file id and the signed link it is shown from. */
export interface ImageRef {
  fid: string;
  url: string;
}

/** What the image inputs accept (the server checks the bytes: PNG, JPEG or WebP). */
const IMAGE_TYPES = 'image/png,image/jpeg,image/webp';

/** Uploads images one after another, with the progress of the one on its way and the reason of a refusal. */
function useImageUpload() {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const upload = async (files: readonly File[]): Promise<ImageRef[]> => {
    setError(null);
    const done: ImageRef[] = [];
    for (const file of files) {
      if (file.size > APP_IMAGE_MAX_BYTES) {
        setError(t('upload.image.tooLarge', { name: file.name, max: formatFileSize(APP_IMAGE_MAX_BYTES) }));
        continue;
      }
      abort.current = new AbortController();
      setProgress(0);
      try {
        const item = await uploadAppFile('image', file, {
          signal: abort.current.signal,
          onProgress: (sent, total) => setProgress(total ? Math.floor((100 * sent) / total) : 0),
        });
        done.push({ fid: item.fid, url: item.url });
      } catch (e) {
        if (e instanceof UploadRefused) setError(e.message);
        else if (!(e instanceof DOMException)) setError(t('kit.requestFailed'));
      } finally {
        setProgress(null);
      }
    }
    return done;
  };
  return { upload, progress, error };
}

/** A hidden file input opened by a button (the input itself is what tests give files to). */
function PickButton({
  multiple,
  disabled,
  label,
  testId,
  onFiles,
  describedBy,
}: {
  multiple?: boolean;
  disabled?: boolean;
  label: string;
  testId: string;
  onFiles: (files: File[]) => void;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        icon={<UploadOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid={`${testId}-pick`}
        aria-describedby={describedBy}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        multiple={multiple}
        style={{ display: 'none' }}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** An icon (an antd Form control: value `{ fid, url }` or null): preview, upload or replace, remove. */
export function IconField({
  id,
  value,
  onChange,
  testId,
  alt,
  help,
}: {
  id?: string;
  value?: ImageRef | null;
  onChange?: (value: ImageRef | null) => void;
  testId: string;
  /** The preview's alternative text (the app's name). */
  alt: string;
  /** What the field says under its buttons (default: the formats and the size limit). */
  help?: string;
}) {
  const { t } = useTranslation();
  const { upload, progress, error } = useImageUpload();
  const helpId = `${testId}-help`;
  return (
    <div className="k-image-field" id={id} data-testid={testId}>
      <div className="k-image-tile">
        {value ? (
          <span data-testid={`${testId}-preview`}>
            <Image src={value.url} alt={alt} width={72} height={72} />
          </span>
        ) : (
          <span className="k-image-empty" style={{ width: 72, height: 72 }} aria-hidden="true">
            <PictureOutlined style={{ fontSize: 24 }} />
          </span>
        )}
      </div>
      <div style={{ display: 'grid', gap: 6, minWidth: 0, flex: '1 1 200px' }}>
        <div className="k-image-actions">
          <PickButton
            label={value ? t('upload.image.replaceIcon') : t('upload.image.uploadIcon')}
            testId={testId}
            disabled={progress !== null}
            describedBy={helpId}
            onFiles={async (files) => {
              const [first] = await upload(files.slice(0, 1));
              if (first) onChange?.(first);
            }}
          />
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid={`${testId}-remove`}>
              {t('upload.image.remove')}
            </Button>
          )}
        </div>
        {progress !== null && <Progress percent={progress} size="small" aria-label={t('upload.image.uploading')} />}
        <Typography.Text type="secondary" id={helpId} style={{ fontSize: 12 }}>
          {help ?? t('upload.image.iconHelp', { max: formatFileSize(APP_IMAGE_MAX_BYTES) })}
        </Typography.Text>
        {error && (
          <Typography.Text type="danger" role="alert" data-testid={`${testId}-error`}>
            {error}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/** Screenshots (an antd Form control: value `{ fid, url }[]`, at most APP_SCREENSHOTS_MAX). */
export function ScreenshotsField({
  id,
  value,
  onChange,
  testId,
  alt,
}: {
  id?: string;
  value?: ImageRef[];
  onChange?: (value: ImageRef[]) => void;
  testId: string;
  alt: (n: number) => string;
}) {
  const { t } = useTranslation();
  const { upload, progress, error } = useImageUpload();
  const list = value ?? [];
  // The latest list, for uploads that finish after another change.
  const latest = useRef(list);
  latest.current = list;
  const room = APP_SCREENSHOTS_MAX - list.length;
  const helpId = `${testId}-help`;
  return (
    <div id={id} data-testid={testId} style={{ display: 'grid', gap: 8 }}>
      {list.length > 0 && (
        <Image.PreviewGroup>
          <ul className="k-image-field" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((shot, i) => (
              <li key={shot.fid} className="k-image-tile" data-testid={`${testId}-item-${i}`}>
                <Image src={shot.url} alt={alt(i + 1)} width={72} height={128} />
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('upload.image.removeShot', { n: i + 1 })}
                  title={t('upload.image.removeShot', { n: i + 1 })}
                  onClick={() => onChange?.(latest.current.filter((s) => s.fid !== shot.fid))}
                />
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      )}
      <div className="k-image-actions">
        <PickButton
          multiple
          label={t('upload.image.addShots')}
          testId={testId}
          disabled={room <= 0 || progress !== null}
          describedBy={helpId}
          onFiles={async (files) => {
            const added = await upload(files.slice(0, room));
            if (added.length) onChange?.([...latest.current, ...added].slice(0, APP_SCREENSHOTS_MAX));
          }}
        />
        <Typography.Text type="secondary" id={helpId} style={{ fontSize: 12 }}>
          {t('upload.image.shotsHelp', { count: list.length, max: APP_SCREENSHOTS_MAX })}
        </Typography.Text>
      </div>
      {progress !== null && <Progress percent={progress} size="small" aria-label={t('upload.image.uploading')} />}
      {error && (
        <Typography.Text type="danger" role="alert" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
