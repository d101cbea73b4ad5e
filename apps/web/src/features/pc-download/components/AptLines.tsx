import { aptKeyLine, aptSourcesLine, type SoftAptInfo } from '@keel/contract/endpoints/pc-software-public';
import { useTranslation } from 'react-i18next';
import { CopyText } from './CopyText';

/** A link as a terminal needs it: absolute (the server answers root-relative ones when it does not know its address). */
const absolute = (url: string) => (url.startsWith('/') ? `${window.location.origin}${url}` : url);

/**
 * The lines a Debian or Ubuntu user pastes: save the repository's key, add the repository, install the package. The
 * first two are made again with absolute links when the server gave root-relative ones.
 */
export function AptLines({ apt }: { apt: SoftAptInfo }) {
  const { t } = useTranslation();
  const relative = apt.keyUrl.startsWith('/') || apt.repoUrl.startsWith('/');
  const keyLine = relative ? aptKeyLine(absolute(apt.keyUrl), apt.keyringPath) : apt.keyLine;
  const sourcesLine = relative ? aptSourcesLine(absolute(apt.repoUrl), apt.keyringPath, apt.suite) : apt.sourcesLine;
  const install = `sudo apt update && sudo apt install ${apt.packageName}`;
  return (
    <section className="k-dl-card" aria-labelledby="download-apt-title" data-testid="download-apt">
      <h2 id="download-apt-title">{t('pc-download.apt.title')}</h2>
      <p className="k-dl-muted">{t('pc-download.apt.intro')}</p>
      <h3>{t('pc-download.apt.key')}</h3>
      <CopyText text={keyLine} testId="download-apt-key" />
      <h3>{t('pc-download.apt.source')}</h3>
      <CopyText text={sourcesLine} testId="download-apt-sources" />
      <h3>{t('pc-download.apt.install')}</h3>
      <CopyText text={install} testId="download-apt-install" />
    </section>
  );
}
