import type { TFunction } from 'i18next';

/** "Windows · x64", "macOS", "Linux · ARM64": an os and, when known, an architecture in the reader's language. */
export function platformLabel(t: TFunction, os: string, arch: string | null): string {
  const name = t(`pc-download.os.${os}`);
  return arch ? `${name} · ${t(`pc-download.arch.${arch}`)}` : name;
}

/** The test id of an installer's row: `download-installer-<os>-<arch>-<format>`. */
export const installerKey = (i: { os: string; arch: string; format: string }) => `${i.os}-${i.arch}-${i.format}`;
