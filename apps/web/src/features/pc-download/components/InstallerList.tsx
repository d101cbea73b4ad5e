import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { SoftPublicInstaller } from '@keel/contract/endpoints/pc-software-public';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { installerKey, platformLabel } from '../labels';
import { InstallerFacts } from './InstallerFacts';

/** Every other installer of the version, each with its platform, file, size, SHA-256, signature and a download link. */
export function InstallerList({ installers, title }: { installers: readonly SoftPublicInstaller[]; title: string }) {
  const { t } = useTranslation();
  if (installers.length === 0) return null;
  return (
    <section className="k-dl-card" aria-labelledby="download-list-title">
      <h2 id="download-list-title">{title}</h2>
      <ul className="k-dl-list" data-testid="download-installers">
        {installers.map((installer) => {
          const key = installerKey(installer);
          return (
            <li key={key} data-testid={`download-installer-${key}`}>
              <div className="k-dl-row">
                <div>
                  <strong>{platformLabel(t, installer.os, installer.arch)}</strong>{' '}
                  <span className="k-dl-format">.{installer.format}</span>
                  <div className="k-dl-file" translate="no">
                    {installer.fileName}
                  </div>
                </div>
                <Button
                  icon={<DownloadOutlined />}
                  href={installer.downloadUrl}
                  data-testid={`download-link-${key}`}
                  aria-label={`${t('pc-download.download')} ${installer.fileName}`}
                >
                  {t('pc-download.download')}
                </Button>
              </div>
              <InstallerFacts installer={installer} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
