import type { SoftChangeKind } from '@keel/contract/endpoints/pc-software-model';
import {
  aptKeyLine,
  aptSourcesLine,
  type DownloadInfoOutput,
  type SoftPublicInstaller,
} from '@keel/contract/endpoints/pc-software-public';
import type { Services } from '../../platform/services';
import { debControl } from './apt/controls';
import { APT_KEY_FILE, aptRepositoryUrl, downloadUrl, iconUrl } from './public-links';
import { changeRecordsOf, installersOf, latestReleased } from './public-repo';
import { publicSoft } from './public-soft';
import { pickInstaller } from './update-check';

/**
 * What the public download page shows (README "The download page"): the software, its newest stable version with
 * the notes and change record in both languages, every installer of it (the page picks the visitor's), and, when
 * the version has a `.deb`, the two lines that add the property's APT repository.
 */
export async function downloadInfo(s: Services, publicId: string): Promise<DownloadInfoOutput> {
  const { t, soft } = await publicSoft(s, publicId);
  const base = {
    publicId: soft.public_id,
    name: soft.name,
    description: soft.description,
    iconUrl: iconUrl(s, soft.public_id, soft.icon_fid),
  };
  const latest = await latestReleased(s.db, t, soft.soft_id, ['stable']);
  if (!latest) return { ...base, latest: null, apt: null };
  const [installers, records] = await Promise.all([
    installersOf(s.db, t, latest.version_id),
    changeRecordsOf(s.db, t, [latest.version_id]),
  ]);
  // The package the lines install: the x64 `.deb`'s, else the universal one's.
  const deb = pickInstaller(
    installers.filter((i) => i.format === 'deb'),
    'linux',
    'x64',
    'deb',
  );
  const control = deb ? await debControl(s, { sha256: deb.sha256, size: Number(deb.size) }) : null;
  const packageName = control?.fields.get('Package');
  let apt: DownloadInfoOutput['apt'] = null;
  if (packageName) {
    const repoUrl = aptRepositoryUrl(s, t.pno);
    const keyUrl = `${repoUrl}/${APT_KEY_FILE}`;
    const keyringPath = `/usr/share/keyrings/keel-${t.pno.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.asc`;
    apt = {
      repoUrl,
      keyUrl,
      keyringPath,
      suite: 'stable',
      packageName,
      keyLine: aptKeyLine(keyUrl, keyringPath),
      sourcesLine: aptSourcesLine(repoUrl, keyringPath, 'stable'),
    };
  }
  return {
    ...base,
    latest: {
      version: latest.version,
      notesZh: latest.notes_zh,
      notesEn: latest.notes_en,
      releasedAt: latest.released_at === null ? null : Number(latest.released_at),
      installers: installers.map(
        (i): SoftPublicInstaller => ({
          os: i.os as SoftPublicInstaller['os'],
          arch: i.arch as SoftPublicInstaller['arch'],
          format: i.format as SoftPublicInstaller['format'],
          fileName: i.file_name,
          size: Number(i.size),
          sha256: i.sha256,
          signature: i.signature,
          signerCertSha256: i.signer_cert_sha256,
          downloadUrl: downloadUrl(s, soft.public_id, i.installer_id, i.file_name),
        }),
      ),
      records: records.map((r) => ({
        kind: r.kind as SoftChangeKind,
        contentZh: r.content_zh,
        contentEn: r.content_en,
      })),
    },
    apt,
  };
}
