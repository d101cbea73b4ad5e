import type { SoftItem } from '@keel/contract/endpoints/pc-software';
import {
  SOFT_FORMATS,
  type SoftArch,
  type SoftAuthType,
  type SoftFormat,
  type SoftOs,
} from '@keel/contract/endpoints/pc-software-model';

/** The save call's input that keeps a software as it is but for `patch` (attaching a child tool, say). */
export function softSaveInput(soft: SoftItem, patch: { mainSoftId?: string } = {}) {
  return {
    softId: soft.softId,
    softSid: soft.softSid,
    name: soft.name,
    description: soft.description,
    iconFid: soft.iconFid,
    authType: soft.authType as SoftAuthType,
    kind: soft.kind,
    mainSoftId: patch.mainSoftId ?? soft.mainSoftId,
    signModuleId: soft.signModuleId,
  };
}

/** A UTC day's first millisecond as `MM-DD` (the chart's labels; the counters count UTC days). */
export function dayLabel(day: number): string {
  const d = new Date(day);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The first characters of a hash or signature, for a table cell (the whole value is copied). */
export function shortHash(value: string, length = 12): string {
  return value.length > length ? `${value.slice(0, length)}…` : value;
}

/** The platform a file's name suggests (`tool-1.2.0-arm64.dmg` → macOS arm64 dmg), or nothing it can tell. */
export function guessPlatform(name: string): { os: SoftOs; arch: SoftArch; format: SoftFormat } | undefined {
  const lower = name.toLowerCase();
  const ext = lower.endsWith('.appimage') ? 'appimage' : (lower.split('.').pop() ?? '');
  const os = (Object.keys(SOFT_FORMATS) as SoftOs[]).find(
    (o) => (SOFT_FORMATS[o] as readonly string[]).includes(ext) && !(ext === 'zip' && o !== 'windows'),
  );
  if (!os) return undefined;
  let arch: SoftArch = 'x64';
  if (/arm64|aarch64/.test(lower)) arch = 'arm64';
  else if (/universal|_all\.deb$|noarch/.test(lower)) arch = 'universal';
  return { os, arch, format: ext as SoftFormat };
}
