import { z } from 'zod';

/**
 * The PC software store's vocabulary, shared by its console calls, the update check installed clients make, the
 * download page and the APT repository (model: apps/server/src/modules/pc-software/README.md).
 */

/** Auth types (AuthTypeComponent): 0 free, 1 licensed, 2 trial. */
export const SOFT_AUTH_TYPES = [0, 1, 2] as const;
export type SoftAuthType = (typeof SOFT_AUTH_TYPES)[number];

/** A main tool (which may have child tools) or a child tool. */
export const SOFT_KINDS = ['main', 'child'] as const;
export type SoftKind = (typeof SOFT_KINDS)[number];

/** Release channels; a version released to `stable` is offered to `beta` callers too. */
export const SOFT_CHANNELS = ['beta', 'stable'] as const;
export type SoftChannel = (typeof SOFT_CHANNELS)[number];

export const SOFT_OSES = ['windows', 'macos', 'linux'] as const;
export type SoftOs = (typeof SOFT_OSES)[number];

/** `universal` installers run on every architecture of their os (macOS universal binaries, `.deb` of arch `all`). */
export const SOFT_ARCHES = ['x64', 'arm64', 'universal'] as const;
export type SoftArch = (typeof SOFT_ARCHES)[number];

/** Installer formats, each of one os, in the order an os's default is picked (its first). */
export const SOFT_FORMATS = {
  windows: ['exe', 'msi', 'zip'],
  macos: ['dmg', 'pkg', 'zip'],
  linux: ['deb', 'rpm', 'appimage'],
} as const satisfies Record<SoftOs, readonly string[]>;
export type SoftFormat = (typeof SOFT_FORMATS)[SoftOs][number];
export const ALL_SOFT_FORMATS = [...new Set(Object.values(SOFT_FORMATS).flat())] as SoftFormat[];

/** The kinds of a change record's entry. */
export const SOFT_CHANGE_KINDS = ['feature', 'improvement', 'fix', 'security'] as const;
export type SoftChangeKind = (typeof SOFT_CHANGE_KINDS)[number];

/** A version as publishers write it: 1–4 dot-separated numbers of at most 9 digits, no leading zeros. */
export const SOFT_VERSION_PATTERN = /^(0|[1-9]\d{0,8})(\.(0|[1-9]\d{0,8})){0,3}$/;
export const softVersion = () => z.string().trim().max(39).regex(SOFT_VERSION_PATTERN, 'softVersion');

/** Orders versions as text: each of four parts zero-padded to 10 digits (missing parts are 0). */
export function versionKey(version: string): string {
  const parts = version.split('.').map((p) => p.padStart(10, '0'));
  while (parts.length < 4) parts.push('0'.padStart(10, '0'));
  return parts.join('.');
}

/** The public id installed clients name software by: 16 lower-case letters and digits. */
export const SOFT_PUBLIC_ID_PATTERN = /^[a-z0-9]{16}$/;
/** An installation's id as clients send it: 8–64 letters, digits, `-` or `_`. */
export const SOFT_INSTALL_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
