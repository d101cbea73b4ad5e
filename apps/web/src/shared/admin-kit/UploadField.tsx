import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Uploads one file: `upload` reports progress as a fraction (0–1) and resolves when done. */
export type Uploader = (file: File, onProgress: (fraction: number) => void) => Promise<void>;

type UploadState = { phase: 'idle' } | { phase: 'uploading' | 'done' | 'failed'; name: string; percent: number };

/** A file picker with a progress bar (resumable uploads come with the file service). */
export function UploadField({ upload, accept, testId }: { upload: Uploader; accept?: string; testId?: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  const start = async (file: File) => {
    setState({ phase: 'uploading', name: file.name, percent: 0 });
    try {
      await upload(file, (fraction) =>
        setState({
          phase: 'uploading',
          name: file.name,
          percent: Math.round(Math.min(1, Math.max(0, fraction)) * 100),
        }),
      );
      setState({ phase: 'done', name: file.name, percent: 100 });
    } catch {
      setState((s) => ({ phase: 'failed', name: file.name, percent: s.phase === 'idle' ? 0 : s.percent }));
    }
  };

  return (
    <div data-testid={testId ?? 'upload-field'}>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void start(file);
        }}
      />
      <Button icon={<UploadOutlined />} loading={state.phase === 'uploading'} onClick={() => input.current?.click()}>
        {t('kit.chooseFile')}
      </Button>
      {state.phase !== 'idle' && (
        <div style={{ marginTop: 8 }} data-testid="upload-status" data-phase={state.phase}>
          <span>
            {state.name} ·{' '}
            {state.phase === 'uploading'
              ? t('kit.uploading')
              : state.phase === 'done'
                ? t('kit.uploaded')
                : t('kit.uploadFailed')}
          </span>
          <Progress
            percent={state.percent}
            status={state.phase === 'failed' ? 'exception' : state.phase === 'done' ? 'success' : 'active'}
            size="small"
          />
        </div>
      )}
    </div>
  );
}
