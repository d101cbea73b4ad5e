import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * Firmware packages (`sw/`, `up/getUpgradeSwList`, `up/getUpgradeRecordList`) and differential packages (`dp/`).
 * A package is one version of a software type (`swType`) kept in a space and group: the device models
 * and platforms it fits, its files (stored files of the file module, with size and SHA-256), release notes in both
 * languages, and a published state (published: assignable to tasks, shareable with customers). Every package
 * carries a manifest signed with the property's Ed25519 key, which devices verify before installing. A
 * differential package is a bsdiff 4 patch from one version's main file to another's, made in the background and
 * verified by applying it. Model: apps/server/src/modules/firmware/README.md.
 */

export const FIRMWARE_PERMISSIONS = {
  /** The overview page (FotaMainPage): devices by version, package counts, recent upgrades. */
  overview: 'firmware.overview',
  /** The update terminals page (FotaTerminalPage): the property's devices with their versions and upgrades. */
  terminal: 'firmware.terminal',
  /** The packages page (FotaSoftwarePage): read packages, the upgrade lists and the keys. */
  software: 'firmware.software',
  /** Add, edit, delete and publish packages; configure the vendor verification keys. */
  softwareEdit: 'firmware.software.edit',
  /** Share published packages with customers. */
  softwarePush: 'firmware.software.push',
  /** The differential packages page (FotaDiffPkgPage). */
  diff: 'firmware.diffPackage',
  /** Generate and delete differential packages. */
  diffEdit: 'firmware.diffPackage.edit',
} as const;

/** Software types a package may be of, in the order lists show them. */
export const SW_TYPES = ['firmware', 'os', 'bootloader', 'modem', 'app', 'config'] as const;
export type SwType = (typeof SW_TYPES)[number];
export const SW_TYPE_NAMES: Record<SwType, { 'zh-cn': string; en: string }> = {
  firmware: { 'zh-cn': '整机固件', en: 'Firmware image' },
  os: { 'zh-cn': '操作系统', en: 'Operating system' },
  bootloader: { 'zh-cn': '引导程序', en: 'Bootloader' },
  modem: { 'zh-cn': '通信模组', en: 'Modem' },
  app: { 'zh-cn': '应用程序', en: 'Application' },
  config: { 'zh-cn': '配置包', en: 'Configuration' },
};

export const SW_NAME_MAX = 100;
export const SW_VERSION_MAX = 64;
export const SW_NOTES_MAX = 4000;
export const SW_FILES_MAX = 8;
/** A version: digits, letters, `.`, `-`, `_`, `+`, starting with a digit or letter (`1.2.0`, `v2.0-rc1`). */
export const SW_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;

/** Versions split into numeric and text segments; numbers compare as numbers, `1.10` after `1.9`. */
function segments(version: string): Array<number | string> {
  const v = version.replace(/^[vV](?=\d)/, '').replace(/\+.*$/, '');
  const out = (v.match(/\d+|[A-Za-z]+/g) ?? []).map((s) => (/^\d+$/.test(s) ? Number(s) : s.toLowerCase()));
  // Trailing zeros say nothing: 1.9 is 1.9.0.
  while (out.length > 1 && out[out.length - 1] === 0) out.pop();
  return out;
}

/**
 * Orders two versions: negative when `a` is older. A text segment where the other has none is a pre-release
 * (`1.0-rc1` before `1.0`); build metadata after `+` is ignored.
 */
export function compareVersions(a: string, b: string): number {
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === q) continue;
    if (p === undefined) return typeof q === 'string' ? 1 : -1;
    if (q === undefined) return typeof p === 'string' ? -1 : 1;
    if (typeof p === 'number' && typeof q === 'number') return p - q;
    if (typeof p === 'number') return 1;
    if (typeof q === 'number') return -1;
    return p < q ? -1 : 1;
  }
  return 0;
}

/** A text that sorts like `compareVersions` (numbers zero-padded), for ordering in SQL. */
export function versionKey(version: string): string {
  return segments(version)
    .map((s) => (typeof s === 'number' ? `1${String(s).padStart(12, '0')}` : `0${s}`))
    .join('.')
    .concat('~');
}

/** What a signed manifest states (JSON, signed as its exact text). Devices check it before installing. */
export const manifestBody = z.object({
  kind: z.literal('keel-firmware-manifest'),
  v: z.literal(1),
  pno: z.string(),
  swId: z.string(),
  swType: z.string(),
  name: z.string(),
  version: z.string(),
  models: z.array(z.string()),
  platforms: z.array(z.string()),
  files: z.array(z.object({ name: z.string(), size: z.number().int(), sha256: z.string() })),
  size: z.number().int(),
  sha256: z.string(),
  issuedAt: z.number().int(),
});
export type ManifestBody = z.output<typeof manifestBody>;

/** A signed manifest: its text, the Ed25519 signature of the text (base64) and the signing key's id. */
export const signedManifest = z.object({ manifest: z.string(), signature: z.string(), keyId: z.string() });
export type SignedManifest = z.output<typeof signedManifest>;

export const ARTIFACT_KINDS = ['raw', 'swu', 'mender'] as const;
export const SIGNATURE_STATES = ['none', 'verified'] as const;

export const swFile = z.object({
  fid: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** raw, swu (SWUpdate) or mender. */
  kind: z.enum(ARTIFACT_KINDS),
  /** What was read from an artifact: its name, device types, payloads, the signer. */
  artifact: z.record(z.string(), z.unknown()).nullable(),
  /** `verified`: the vendor signature checked against the property's key; `none`: an unsigned or raw file. */
  signature: z.enum(SIGNATURE_STATES),
});

const named = z.object({ id: z.string(), name: z.string() });

export const swItem = z.object({
  id: z.string(),
  sid: z.string(),
  spaceName: z.string(),
  groupId: z.string(),
  swType: z.enum(SW_TYPES),
  name: z.string(),
  version: z.string(),
  models: z.array(named),
  platforms: z.array(named),
  notesZh: z.string(),
  notesEn: z.string(),
  published: flag(),
  publishTime: z.number().int().nullable(),
  /** Total bytes of its files. */
  size: z.number().int(),
  fileCount: z.number().int(),
  /** SHA-256 of its main (first) file. */
  sha256: z.string(),
  customerCount: z.number().int(),
  creatorName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  /**
   * '' for the property's own package; for a customer property, the number of the property that shared this one
   * with it (`sw/pushSwToCustomer`): read-only there, its space, group, creator and customers not shown.
   */
  sharedBy: z.string(),
});
export type SwItem = z.output<typeof swItem>;

export const swInfo = swItem.extend({
  files: z.array(swFile),
  manifest: signedManifest,
  customers: z.array(named),
  /** Ready differential packages to this version, by source version. */
  deltas: z.array(z.object({ id: z.string(), fromVersion: z.string(), size: z.number().int() })),
});
export type SwInfo = z.output<typeof swInfo>;

export const DELTA_STATES = ['queued', 'running', 'ready', 'failed', 'refused'] as const;
export type DeltaState = (typeof DELTA_STATES)[number];

export const diffItem = z.object({
  id: z.string(),
  swType: z.enum(SW_TYPES),
  name: z.string(),
  sourceId: z.string(),
  sourceVersion: z.string(),
  targetId: z.string(),
  targetVersion: z.string(),
  state: z.enum(DELTA_STATES),
  /** Why it was refused or failed (translated), or ''. */
  reason: z.string(),
  /** 0–100 while it is made. */
  progress: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  /** Size of the target's main file: what a device downloads without the delta. */
  fullSize: z.number().int(),
  /** 1 when applying it to the source gave the target's SHA-256. */
  verified: flag(),
  format: z.string(),
  creatorName: z.string(),
  createTime: z.number().int(),
  finishTime: z.number().int().nullable(),
});
export type DiffItem = z.output<typeof diffItem>;

export const UPGRADE_STATES = ['pending', 'downloading', 'installing', 'succeeded', 'failed'] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];

/** Who reads the upgrade lists: the packages, update terminals and overview pages. */
const UPGRADE_READERS = [FIRMWARE_PERMISSIONS.software, FIRMWARE_PERMISSIONS.terminal, FIRMWARE_PERMISSIONS.overview];

/** The most firmware versions `up/getDeviceVersionStats` names; the rest are counted together. */
export const VERSION_STATS_MAX = 12;

export const upgradeRecord = z.object({
  id: z.string(),
  deviceId: z.string(),
  swId: z.string(),
  swName: z.string(),
  swType: z.enum(SW_TYPES),
  fromVersion: z.string(),
  toVersion: z.string(),
  /** 1 when the device downloaded a differential package. */
  delta: flag(),
  state: z.enum(UPGRADE_STATES),
  errorCode: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type UpgradeRecord = z.output<typeof upgradeRecord>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);
const optionalSwType = z
  .union([z.enum(SW_TYPES), z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const pem = (max: number) => z.string().trim().max(max).default('');

const swFields = {
  name: z.string().trim().min(1).max(SW_NAME_MAX),
  modelIdList: z.array(ref('deviceModel')).max(200).default([]),
  platformIdList: z.array(ref('devicePlatform')).max(50).default([]),
  notesZh: z.string().trim().max(SW_NOTES_MAX).default(''),
  notesEn: z.string().trim().max(SW_NOTES_MAX).default(''),
};

export const firmwareEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'sw/getSwList',
    summary:
      "The property's packages (one space with `sid`, one group with `groupId`, one type with `swType`), `str` searching name and version; newest version first",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.software },
    input: pageQuery().extend({
      sid: optionalRef('space'),
      groupId: optionalRef('spaceGroup'),
      swType: optionalSwType,
      str: optionalText(100),
      published: z
        .union([flag(), z.literal('')])
        .optional()
        .transform((v) => (v === '' ? undefined : v)),
    }),
    output: pageOf(swItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sw/getSwInfo',
    summary: 'One package with its files, artifact details, signed manifest, customers and differential packages',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.software },
    input: z.object({ id: ref('firmware') }),
    output: swInfo,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sw/getSwTypeList',
    summary: "The software types, with the number of the property's packages of each",
    access: { kind: 'property', permission: [FIRMWARE_PERMISSIONS.software, FIRMWARE_PERMISSIONS.overview] },
    input: z.object({}),
    output: z.array(
      z.object({ swType: z.enum(SW_TYPES), name: z.string(), count: z.number().int(), published: z.number().int() }),
    ),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sw/addSw',
    summary:
      'Add a package from files of a space the caller writes into: `.swu` and `.mender` artifacts are parsed and their vendor signatures verified (refused with the reason when one fails); the manifest is signed',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwareEdit },
    input: z.object({
      sid: ref('space'),
      groupId: optionalRef('spaceGroup'),
      swType: z.enum(SW_TYPES),
      version: z.string().trim().regex(SW_VERSION_PATTERN, 'version'),
      fidList: z.array(ref('file')).min(1).max(SW_FILES_MAX),
      ...swFields,
    }),
    output: z.object({ id: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sw/editSw',
    summary:
      "Change a package's name, fit, notes and group; an unpublished one's version and files too (the manifest is signed again)",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwareEdit },
    input: z.object({
      id: ref('firmware'),
      groupId: optionalRef('spaceGroup'),
      version: z.string().trim().regex(SW_VERSION_PATTERN, 'version').optional(),
      fidList: z.array(ref('file')).min(1).max(SW_FILES_MAX).optional(),
      ...swFields,
    }),
    output: swItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sw/delSw',
    summary:
      'Delete a package (not while a task references it), its customer shares and differential packages; its files stay in their space',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwareEdit },
    input: z.object({ id: ref('firmware') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sw/setSwPublished',
    summary: 'Publish a package (assignable to tasks, shareable) or withdraw it (not while shared or used by a task)',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwareEdit },
    input: z.object({ id: ref('firmware'), published: flag() }),
    output: swItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sw/pushSwToCustomer',
    summary:
      "Share a published package with the property's customers (replaces its customer list; they see it read-only)",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwarePush },
    input: z.object({ id: ref('firmware'), cidList: z.array(ref('customer')).max(500) }),
    output: z.object({ customerCount: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sw/getSwKeys',
    ours: true,
    summary:
      "The property's vendor verification keys (SWUpdate certificate, Mender public key) and the public key its manifests are signed with (added: not in the spec)",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.software },
    input: z.object({}),
    output: z.object({
      swuCertificate: z.string(),
      menderPublicKey: z.string(),
      manifestPublicKey: z.string(),
      manifestKeyId: z.string(),
    }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sw/saveSwKeys',
    ours: true,
    summary:
      "Set the property's vendor verification keys: the PEM certificate SWUpdate images are signed with, and the PEM public key of Mender artifacts; '' removes one (added: not in the spec)",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.softwareEdit },
    input: z.object({ swuCertificate: pem(16_000), menderPublicKey: pem(8000) }),
    output: z.object({ swuCertificate: z.string(), menderPublicKey: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'up/getUpgradeSwList',
    summary:
      'Published packages a device (or a model) can upgrade to: fitting its model, of a newer version than `version` (or the one it reports), newest first',
    access: { kind: 'property', permission: UPGRADE_READERS },
    input: pageQuery().extend({
      deviceId: optionalRef('device'),
      modelId: optionalRef('deviceModel'),
      swType: optionalSwType,
      version: optionalText(SW_VERSION_MAX),
    }),
    output: pageOf(swItem.extend({ deltaSize: z.number().int().nullable() })),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'up/getUpgradeRecordList',
    summary:
      "Devices' upgrade records (one device with `deviceId`, one package with `swId`, one state with `state`), newest first",
    access: { kind: 'property', permission: UPGRADE_READERS },
    input: pageQuery().extend({
      deviceId: optionalRef('device'),
      swId: optionalRef('firmware'),
      state: z
        .union([z.enum(UPGRADE_STATES), z.literal('')])
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(upgradeRecord),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'up/getDeviceVersionStats',
    ours: true,
    summary:
      "How many of the property's devices (of one model with `modelId`) report each firmware version, most first, with how many of them are online; versions past the first 12 are counted together (added: not in the spec)",
    access: { kind: 'property', permission: [FIRMWARE_PERMISSIONS.overview, FIRMWARE_PERMISSIONS.terminal] },
    input: z.object({ modelId: optionalRef('deviceModel') }),
    output: z.object({
      total: z.number().int(),
      online: z.number().int(),
      /** '' is a device that reported no version yet. */
      versions: z.array(z.object({ version: z.string(), count: z.number().int(), online: z.number().int() })),
      /** Devices on versions not listed. */
      other: z.number().int(),
    }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'dp/getSwDiffPackList',
    summary:
      "The property's differential packages (to or from one package with `swId`, one type with `swType`), newest first",
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.diff },
    input: pageQuery().extend({ swId: optionalRef('firmware'), swType: optionalSwType, str: optionalText(100) }),
    output: pageOf(diffItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'dp/addSwDiffPack',
    summary:
      'Generate the differential package from one version to a newer one of the same type (bsdiff 4, in the background, verified by applying it); inputs that are already compressed are refused with the reason',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.diffEdit },
    input: z.object({ sourceId: ref('firmware'), targetId: ref('firmware') }),
    output: diffItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'dp/delSwDiffPack',
    summary: 'Delete differential packages (one being made is stopped)',
    access: { kind: 'property', permission: FIRMWARE_PERMISSIONS.diffEdit },
    input: z.object({ idList: z.array(ref('firmwareDelta')).min(1).max(100) }),
    output: z.object({ deleted: z.number().int() }),
  }),
);
