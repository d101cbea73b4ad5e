import type { DownloadInfoOutput } from '@keel/contract/endpoints/pc-software-public';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

type Latest = NonNullable<DownloadInfoOutput['latest']>;

const KIND_COLORS = { feature: 'blue', improvement: 'cyan', fix: 'orange', security: 'red' } as const;

/** The version's release notes and change record in the reader's language (the other one where it is empty). */
export function ReleaseNotes({ latest }: { latest: Latest }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const pick = (zh: string, english: string) => (en ? english || zh : zh || english);
  const notes = pick(latest.notesZh, latest.notesEn);
  return (
    <section className="k-dl-card" aria-labelledby="download-notes-title" data-testid="download-notes">
      <h2 id="download-notes-title">{t('pc-download.notes', { version: latest.version })}</h2>
      {notes ? <p className="k-dl-notes">{notes}</p> : <p className="k-dl-muted">{t('pc-download.noNotes')}</p>}
      {latest.records.length > 0 && (
        <ul className="k-dl-records" data-testid="download-records">
          {latest.records.map((r, i) => (
            // The record has no id of its own: its place in the publisher's order is its identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered
            <li key={i}>
              <Tag color={KIND_COLORS[r.kind]}>{t(`pc-download.kinds.${r.kind}`)}</Tag>
              <span>{pick(r.contentZh, r.contentEn)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
