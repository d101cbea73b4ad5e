import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { APP_IMAGE_MAX_BYTES } from '@keel/contract/endpoints/app-store';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../../shared/ui/AppCell';
import { uploadAppFile } from '../../../shared/upload/app-file-upload';
import '../app-group.css';

/** A category's optional icon: an image uploaded to the app store (`iconFid`), shown from its signed link. */
export function IconField({
  value,
  onChange,
  initialUrl,
  id,
}: {
  value?: string;
  onChange?: (fid: string | undefined) => void;
  /** The saved icon's link (while `value` is the saved fid). */
  initialUrl: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError('');
    if (file.size > APP_IMAGE_MAX_BYTES) {
      setError(t('app-group.category.iconTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await uploadAppFile('image', file);
      setUrl(uploaded.url);
      onChange?.(uploaded.fid);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="k-grp-category-head" data-testid="grp-category-icon">
      <AppIcon url={value ? url : ''} size={48} />
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        style={{ display: 'none' }}
        data-testid="grp-category-icon-input"
        onChange={(e) => void pick(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {value ? t('app-group.category.iconChange') : t('app-group.category.iconUpload')}
      </Button>
      {value && (
        <Button
          icon={<DeleteOutlined />}
          aria-label={t('app-group.category.iconRemove')}
          title={t('app-group.category.iconRemove')}
          onClick={() => onChange?.(undefined)}
        />
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
