import type { Services } from '../../platform/services';
import { signedLink, signedLinkValid } from '../../platform/storage/signed-links';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Links to the app store's files for the console (an `<img>` and a download carry no token header): signed, valid
 * to the end of the next hour, so that a page's images keep one address while it is open and the browser caches
 * them. Whoever may read the app gets them in its answer.
 */

export const APP_FILE_PREFIX = '/api/app-file';
const HOUR = 3_600_000;

export function appFileUrl(s: Services, pno: string, fid: string): string {
  if (!fid) return '';
  const expiresAt = (Math.floor(s.now() / HOUR) + 2) * HOUR;
  return signedLink(s, 'appFile', APP_FILE_PREFIX, [pno, fid], expiresAt).url;
}

/** What a valid link serves, or null (forged, expired, gone): an image shown in the page, an APK saved. */
export async function appFileLinkTarget(s: Services, p: Record<'pno' | 'fid' | 'expires' | 'sig', string>) {
  if (!signedLinkValid(s, 'appFile', [p.pno, p.fid], p.expires, p.sig)) return null;
  const row = await repo.findFile(s.db, propertyTenant(p.pno), p.fid);
  if (!row) return null;
  return {
    sha256: row.sha256,
    size: Number(row.size),
    name: row.name,
    contentType: row.content_type,
    disposition: row.kind === 'image' ? ('inline' as const) : ('attachment' as const),
  };
}
