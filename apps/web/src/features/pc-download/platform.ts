import { SOFT_FORMATS, type SoftOs } from '@keel/contract/endpoints/pc-software-model';
import type { SoftCallerArch, SoftPublicInstaller } from '@keel/contract/endpoints/pc-software-public';

/** The visitor's operating system and architecture, each null when the browser does not tell it. */
export interface VisitorPlatform {
  os: SoftOs | null;
  arch: SoftCallerArch | null;
}

/** What the page reads of `navigator` (a parameter, so that tests pass their own). */
export interface NavigatorLike {
  userAgent: string;
  userAgentData?: { platform?: string } | null;
}

/** The user agent client hints' high-entropy values (Chromium), when the browser answers them. */
export interface ArchHints {
  architecture?: string;
  bitness?: string;
}

/**
 * The visitor's platform from the user agent string (which still names the operating system after browsers froze
 * its details), else from `userAgentData.platform`. Phones and tablets (Android, iOS) have no installer: os null.
 * The architecture comes from the user agent where it is trustworthy (Linux names `aarch64` or `x86_64`; Windows
 * `ARM64` or `Win64`); macOS always claims "Intel", so there it stays null until the client hints say.
 */
export function detectPlatform(nav: NavigatorLike): VisitorPlatform {
  const ua = nav.userAgent;
  let os: SoftOs | null = null;
  if (/Android|iPhone|iPad|iPod/i.test(ua)) os = null;
  else if (/Windows/i.test(ua)) os = 'windows';
  else if (/Macintosh|Mac OS X/i.test(ua)) os = 'macos';
  else if (/Linux|X11/i.test(ua) && !/CrOS/.test(ua)) os = 'linux';
  else {
    const hinted = nav.userAgentData?.platform ?? '';
    if (hinted === 'Windows') os = 'windows';
    else if (hinted === 'macOS') os = 'macos';
    else if (hinted === 'Linux') os = 'linux';
  }
  let arch: SoftCallerArch | null = null;
  if (os === 'linux' || os === 'windows') {
    if (/aarch64|arm64/i.test(ua)) arch = 'arm64';
    else if (/x86_64|x64|amd64|Win64|WOW64/i.test(ua)) arch = 'x64';
  }
  return { os, arch };
}

/** The architecture the client hints name (`arm` or `x86`, 64 bits), or null. */
export function archFromHints(hints: ArchHints | null | undefined): SoftCallerArch | null {
  if (!hints || (hints.bitness && hints.bitness !== '64')) return null;
  if (hints.architecture === 'arm') return 'arm64';
  if (hints.architecture === 'x86') return 'x64';
  return null;
}

/**
 * The installer for a platform, or null: one of its os; its arch first, then `universal`, then (Windows and macOS,
 * which run x64 programs on arm64 machines, or an unknown arch) the other arch, x64 before arm64; within an arch the
 * os's formats in their order (`SOFT_FORMATS`: exe, msi, zip; dmg, pkg, zip; deb, rpm, appimage).
 */
export function pickInstaller<I extends Pick<SoftPublicInstaller, 'os' | 'arch' | 'format'>>(
  installers: readonly I[],
  platform: VisitorPlatform,
): I | null {
  const { os, arch } = platform;
  if (!os) return null;
  const formats: readonly string[] = SOFT_FORMATS[os];
  const archRank = (a: I['arch']): number => {
    if (a === arch) return 0;
    if (a === 'universal') return 1;
    // A Linux machine of a known architecture runs its own architecture's packages only.
    if (os === 'linux' && arch !== null) return -1;
    return a === 'x64' ? 2 : 3;
  };
  const ranked = installers
    .filter((i) => i.os === os && archRank(i.arch) >= 0)
    .sort((a, b) => archRank(a.arch) - archRank(b.arch) || formats.indexOf(a.format) - formats.indexOf(b.format));
  return ranked[0] ?? null;
}
