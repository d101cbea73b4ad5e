import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/language';
import { addLocalePrefix } from '../../../shared/i18n/locale-path';

/** A link to the software's public download page (`/download/<publicId>`, in the reader's language), in a new window. */
export function DownloadPageLink({ name, publicId }: { name: string; publicId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={addLocalePrefix(`/download/${publicId}`, currentLanguage())}
      target="_blank"
      rel="noopener"
      title={t('pc-software-back.downloadPageOf', { name })}
      data-testid={`back-soft-download-${publicId}`}
    >
      <ExportOutlined aria-hidden /> {t('pc-software-back.downloadPage')}
    </a>
  );
}
