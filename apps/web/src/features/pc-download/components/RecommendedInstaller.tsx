import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { SoftPublicInstaller } from '@keel/contract/endpoints/pc-software-public';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { platformLabel } from '../labels';
import type { VisitorPlatform } from '../platform';
import { InstallerFacts } from './InstallerFacts';

/** The installer picked for the visitor's platform, first and with a big download button; or why there is none. */
export function RecommendedInstaller({
  platform,
  installer,
}: {
  platform: VisitorPlatform;
  installer: SoftPublicInstaller | null;
}) {
  const { t } = useTranslation();
  const detected = platform.os ? platformLabel(t, platform.os, platform.arch) : '';
  return (
    <section className="k-dl-card k-dl-recommended" aria-labelledby="download-recommended-title">
      <h2 id="download-recommended-title">{t('pc-download.recommended')}</h2>
      <p className="k-dl-muted" data-testid="download-detected">
        {platform.os ? t('pc-download.detected', { platform: detected }) : t('pc-download.undetected')}
      </p>
      {installer ? (
        <div
          data-testid="download-recommended"
          data-os={installer.os}
          data-arch={installer.arch}
          data-format={installer.format}
        >
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            href={installer.downloadUrl}
            className="k-dl-big"
            data-testid="download-recommended-button"
          >
            {t('pc-download.downloadFor', { platform: platformLabel(t, installer.os, installer.arch) })}
          </Button>
          <p className="k-dl-file" translate="no">
            {installer.fileName}
          </p>
          <InstallerFacts installer={installer} />
        </div>
      ) : (
        platform.os && <p data-testid="download-no-match">{t('pc-download.noMatch', { platform: detected })}</p>
      )}
    </section>
  );
}
