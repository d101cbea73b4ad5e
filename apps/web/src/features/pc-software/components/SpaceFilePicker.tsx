import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { UploadDialog } from '../../../shared/upload/UploadDialog';

/** A file of a space as the pickers show it. */
export interface PickedFile {
  fid: string;
  name: string;
  size: number;
}

/** How many of a space's files a choice lists (newest first). */
const FILE_CHOICES = 200;

/**
 * A file of the software's space: picked from its files (newest first; `accept` keeps some, images say), or uploaded
 * into it with the resumable upload dialog (tus, with progress, pause and resume). A form control: value = fid, ''
 * for none.
 */
export function SpaceFilePicker({
  id,
  sid,
  spaceName,
  value,
  onChange,
  accept,
  known,
  testId,
  placeholder,
}: {
  id?: string;
  sid: string | undefined;
  spaceName: string;
  value?: string;
  onChange?: (fid: string, file?: PickedFile) => void;
  accept?: (name: string, contentType: string) => boolean;
  /** The file chosen before, when the space's newest files may not list it. */
  known?: PickedFile;
  testId: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploaded, setUploaded] = useState<PickedFile[]>([]);
  const files = useQuery({
    ...apiQuery('fis/fi/getMyFileList', { pageNum: 1, pageSize: FILE_CHOICES, sid }),
    enabled: !!sid,
  });
  const listed = (files.data?.list ?? []).filter((f) => !accept || accept(f.name, f.contentType));
  const all: PickedFile[] = [...uploaded, ...(known ? [known] : []), ...listed];
  const unique = [...new Map(all.map((f) => [f.fid, f])).values()];
  const options = unique.map((f) => ({
    value: f.fid,
    label: f.size > 0 ? `${f.name} · ${formatFileSize(f.size)}` : f.name,
  }));
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Select
        id={id}
        style={{ flex: '1 1 200px', minWidth: 0 }}
        disabled={!sid}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={placeholder ?? t('pc-software.file.pick')}
        data-testid={testId}
        loading={files.isLoading}
        notFoundContent={files.isLoading ? undefined : t('pc-software.file.none')}
        options={options}
        value={value || undefined}
        onChange={(fid?: string) =>
          onChange?.(
            fid ?? '',
            all.find((f) => f.fid === fid),
          )
        }
      />
      <Button
        icon={<UploadOutlined />}
        disabled={!sid}
        onClick={() => setUploading(true)}
        data-testid={`${testId}-upload`}
      >
        {t('pc-software.file.upload')}
      </Button>
      {uploading && sid && (
        <UploadDialog
          open
          sid={sid}
          spaceName={spaceName}
          multiple={false}
          invalidate={['fis/fi/getMyFileList']}
          onUploaded={(f) => {
            setUploaded((l) => [f, ...l]);
            onChange?.(f.fid, f);
          }}
          onClose={() => setUploading(false)}
        />
      )}
    </div>
  );
}
