import { SOFT_PUBLIC_ID_PATTERN } from '@keel/contract/endpoints/pc-software-model';
import { Status } from '@keel/contract/status';
import { useQuery } from '@tanstack/react-query';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { api } from '../../../shared/api/client';
import { formatTime } from '../../../shared/format/time';
import { Brand } from '../../../shared/layout/Brand';
import { LanguageSwitch } from '../../../shared/layout/LanguageSwitch';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { AptLines } from '../components/AptLines';
import { InstallerList } from '../components/InstallerList';
import { RecommendedInstaller } from '../components/RecommendedInstaller';
import { ReleaseNotes } from '../components/ReleaseNotes';
import '../download.css';
import { pickInstaller } from '../platform';
import { useVisitorPlatform } from '../use-visitor-platform';

/**
 * `/download/<publicId>` (ours, public, no session): a piece of PC software as the people who install it see it —
 * name, description, icon, the latest stable version with its notes and change record, the installer picked for
 * the visitor's platform first with a big download button, every other installer with size, SHA-256 and signature,
 * and the APT lines (`softUpdate/getDownloadInfo`).
 */
export function DownloadPage({ publicId }: { publicId: string }) {
  const { t } = useTranslation();
  const valid = SOFT_PUBLIC_ID_PATTERN.test(publicId);
  const info = useQuery({
    queryKey: ['softUpdate/getDownloadInfo', 'public', { publicId }],
    queryFn: ({ signal }) => api('softUpdate/getDownloadInfo', { publicId }, { signal, notify: false }),
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiError && error.kind === 'status') && count < 2,
  });
  const platform = useVisitorPlatform();
  const data = info.data;
  useDocumentTitle(data ? t('pc-download.title', { name: data.name }) : null);

  let body: ReactNode;
  if (!valid || (info.error instanceof ApiError && info.error.status === Status.notFound)) {
    body = (
      <Result
        status="404"
        title={<h1 className="k-dl-result-title">{t('pc-download.notFound')}</h1>}
        subTitle={t('pc-download.notFoundHint')}
        data-testid="download-not-found"
      />
    );
  } else if (info.isError) {
    body = <Result status="error" title={<h1 className="k-dl-result-title">{info.error.message}</h1>} />;
  } else if (!data) {
    body = (
      <div className="k-dl-card" data-testid="download-loading" role="status" aria-label={t('pc-download.loading')}>
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      </div>
    );
  } else {
    const latest = data.latest;
    const picked = latest ? pickInstaller(latest.installers, platform) : null;
    const others = latest ? latest.installers.filter((i) => i !== picked) : [];
    body = (
      <>
        <section className="k-dl-hero">
          {data.iconUrl ? (
            <img className="k-dl-icon" src={data.iconUrl} alt={t('pc-download.noIcon', { name: data.name })} />
          ) : (
            <span className="k-dl-icon k-dl-icon--letter" aria-hidden>
              {data.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <div className="k-dl-hero-text">
            <h1 data-testid="download-name" translate="no">
              {data.name}
            </h1>
            {latest && (
              <p className="k-dl-muted" data-testid="download-version">
                {t('pc-download.version', { version: latest.version })}
                {latest.releasedAt ? ` · ${t('pc-download.releasedAt', { time: formatTime(latest.releasedAt) })}` : ''}
              </p>
            )}
            {data.description && (
              <p className="k-dl-description" translate="no">
                {data.description}
              </p>
            )}
          </div>
        </section>
        {latest ? (
          <>
            <RecommendedInstaller platform={platform} installer={picked} />
            <InstallerList installers={others} title={picked ? t('pc-download.others') : t('pc-download.all')} />
            <ReleaseNotes latest={latest} />
          </>
        ) : (
          <section className="k-dl-card">
            <p data-testid="download-no-release">{t('pc-download.noRelease')}</p>
          </section>
        )}
        {data.apt && <AptLines apt={data.apt} />}
      </>
    );
  }

  return (
    <div className="k-dl" data-testid="download-page">
      <header className="k-dl-head">
        <Brand to="/" />
        <LanguageSwitch />
      </header>
      <main className="k-dl-main">{body}</main>
      <footer className="k-dl-foot">{t('app.footer')}</footer>
    </div>
  );
}
