import type { Services } from '../../platform/services';
import { addDownloads, releasedInstaller } from './public-repo';
import { publicSoft } from './public-soft';

/**
 * Downloads through the public link (README "The download page"): an installer of a released version of the
 * software the public id names, counted per version, os, arch and UTC day with one upsert. A request that resumes
 * (a `Range` not starting at byte 0), a HEAD, or a revalidation is not a new download and is not counted.
 */

const DAY = 86_400_000;

export interface DownloadRequest {
  method: string;
  range?: string;
  ifNoneMatch?: string;
}

/** Whether a request for the file counts as a download. */
export const countsAsDownload = (r: DownloadRequest) =>
  r.method === 'GET' && !r.ifNoneMatch && (!r.range || /^bytes=0-/.test(r.range.trim()));

/** The installer a download link names (and counts the download), or null when it is not one to serve. */
export async function downloadTarget(s: Services, publicId: string, installerId: string, request: DownloadRequest) {
  const { t, soft } = await publicSoft(s, publicId).catch(() => ({ t: null, soft: null }));
  if (!t || !soft) return null;
  const installer = await releasedInstaller(s.db, t, soft.soft_id, installerId);
  if (!installer) return null;
  if (countsAsDownload(request)) {
    const now = s.now();
    await addDownloads(s.db, t, {
      softId: soft.soft_id,
      versionId: installer.version_id,
      os: installer.os,
      arch: installer.arch,
      day: Math.floor(now / DAY) * DAY,
      n: 1,
    });
  }
  return { sha256: installer.sha256, size: Number(installer.size), name: installer.file_name };
}
