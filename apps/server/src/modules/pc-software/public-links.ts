import type { Services } from '../../platform/services';

/**
 * The public addresses of the PC software store (README "For installed clients"): downloads that are counted, the
 * icon of the download page, and each property's APT repository. Absolute when the server knows its address
 * (`PUBLIC_URL`); otherwise root-relative, which clients resolve against the address they called.
 */

export const SOFT_DOWNLOAD_PREFIX = '/api/soft-download';
export const SOFT_ICON_PREFIX = '/api/soft-icon';
export const APT_PREFIX = '/apt';

export const publicOrigin = (s: Services) => s.config.publicUrl?.replace(/\/+$/, '') ?? '';

/** `<prefix>/<publicId>/<installerId>/<file name>`: the name is there for clients that save under the URL's last part. */
export const downloadUrl = (s: Services, publicId: string, installerId: string, fileName: string) =>
  `${publicOrigin(s)}${SOFT_DOWNLOAD_PREFIX}/${publicId}/${installerId}/${encodeURIComponent(fileName)}`;

/** The icon, with its file id so that a new icon is a new address (cached for long). */
export const iconUrl = (s: Services, publicId: string, iconFid: string) =>
  iconFid ? `${publicOrigin(s)}${SOFT_ICON_PREFIX}/${publicId}/${iconFid}` : '';

/** The root of a property's APT repository (`dists/`, `pool/`, the key). */
export const aptRepositoryUrl = (s: Services, pno: string) => `${publicOrigin(s)}${APT_PREFIX}/${pno}`;

/** The file the repository's OpenPGP key is served as, under the repository's root. */
export const APT_KEY_FILE = 'keel-archive-keyring.asc';
