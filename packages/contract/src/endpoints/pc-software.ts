import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, id, int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import {
  ALL_SOFT_FORMATS,
  SOFT_ARCHES,
  SOFT_AUTH_TYPES,
  SOFT_CHANGE_KINDS,
  SOFT_CHANNELS,
  SOFT_INSTALL_ID_PATTERN,
  SOFT_KINDS,
  SOFT_OSES,
  softVersion,
} from './pc-software-model';

/**
 * The PC software store's console calls: software (`soft/`) in the property's software spaces, main tools and their
 * child tools (`softRelation/`, `softRelease/getMainToChildList`), versions with installers per platform and change
 * records (`softVersion/`, `softVersionChangeRecord/`), release managers and trial users (`softRelease/`), the
 * installations that checked for updates and the counters, and the operators' calls across properties (platform main
 * tools and their grants). Model and rules: apps/server/src/modules/pc-software/README.md; vocabulary:
 * `pc-software-model.ts`.
 */

export const PC_SOFTWARE_PERMISSIONS = {
  appInfo: 'tools.appInfo',
  list: 'tools.list',
  main: 'tools.main',
  version: 'tools.version',
  release: 'tools.release',
  /** Create, edit and delete software; attach and detach child tools. */
  edit: 'tools.list.edit',
  /** Add, edit and delete versions with their installers and change records. */
  versionEdit: 'tools.version.edit',
  /** Appoint release managers; manage every software's trial users. */
  releaseManage: 'tools.release.manage',
  /** TerminalListPage: the installations that checked for updates. */
  terminals: 'manage.terminals',
  /** Operators: every property's software (BackToolsRepository). */
  repository: 'back.toolRepository',
  /** Operators: every property's released versions (BackToolsReleasePage). */
  releases: 'back.toolRelease',
  /** Operators: mark main tools as platform main tools (BackMainToolsPlatformPage). */
  mainToolPlatform: 'back.mainToolPlatform',
  /** Operators: grant platform main tools to properties (BackBusinessGrantPage). */
  businessGrant: 'back.businessGrant',
} as const;

const P = PC_SOFTWARE_PERMISSIONS;
const BUSINESS = 'pctools';

/** Every page of the area reads software and versions. */
export const SOFT_READERS = [P.appInfo, P.list, P.main, P.version, P.release] as const;

export const SOFT_NAME_MAX = 60;
export const SOFT_DESCRIPTION_MAX = 2000;
export const SOFT_NOTES_MAX = 8000;
export const SOFT_CHANGE_TEXT_MAX = 500;
/** The most installers one version has, and the most entries one change record has. */
export const SOFT_INSTALLERS_MAX = 24;
export const SOFT_CHANGE_RECORDS_MAX = 100;
export const SOFT_TRIAL_NAME_MAX = 60;
/** The days the download chart spans at most. */
export const SOFT_STATS_DAYS_MAX = 366;
/** The installations list counts at most this many matches (`totalCapped` 1 beyond): a count never scans a million rows. */
export const SOFT_TERMINAL_COUNT_MAX = 10_000;
/** The software version list's default page size (SPEC §9). */
export const SOFT_VERSION_PAGE_SIZE = 30;

/** Where a version is released: '' nowhere. */
export const SOFT_RELEASE_STATES = ['', ...SOFT_CHANNELS] as const;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));
const optionalFlag = z
  .union([flag(), z.literal('')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const epochMs = () => int().pipe(z.number().min(0).max(8_640_000_000_000_000));
const channels = z
  .array(z.enum(SOFT_CHANNELS))
  .max(SOFT_CHANNELS.length)
  .refine((l) => new Set(l).size === l.length, 'channels');

/** A version as lists show it (the latest per channel on a software item). */
export const softVersionHead = z.object({
  versionId: z.string(),
  version: z.string(),
  releasedAt: z.number().int().nullable(),
});
export type SoftVersionHead = z.output<typeof softVersionHead>;

export const softItem = z.object({
  softId: z.string(),
  /** The property whose software it is, and its name. */
  pno: z.string(),
  propertyName: z.string(),
  /** The software space it lives in, and its name ('' when gone). */
  softSid: z.string(),
  spaceName: z.string(),
  /** The id installed clients, the download page and the APT repository name it by. */
  publicId: z.string(),
  name: z.string(),
  description: z.string(),
  iconFid: z.string(),
  /** A link to the icon ('' for none), signed, valid about an hour. */
  iconUrl: z.string(),
  authType: z.number().int(),
  kind: z.enum(SOFT_KINDS),
  /** 1 when an operator made this main tool a platform main tool. */
  platformMain: flag(),
  /** 1 when it is another property's platform main tool granted to the reader's property (read-only there). */
  granted: flag(),
  /** A child tool's main tool and its name ('' for none). */
  mainSoftId: z.string(),
  mainSoftName: z.string(),
  /** A main tool's child tools in the reader's property. */
  childCount: z.number().int(),
  /** The CMS sign module installers are signed with, and its name ('' none). */
  signModuleId: z.string(),
  signModuleName: z.string(),
  versionCount: z.number().int(),
  /** The highest version released to each channel (beta counts stable versions too), or null. */
  latestBeta: softVersionHead.nullable(),
  latestStable: softVersionHead.nullable(),
  /** The channels the reader is a release manager of for this software. */
  myReleaseChannels: z.array(z.enum(SOFT_CHANNELS)),
  createdBy: z.string(),
  createdByName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type SoftItem = z.output<typeof softItem>;

export const softSpaceItem = z.object({ sid: z.string(), name: z.string() });
export type SoftSpaceItem = z.output<typeof softSpaceItem>;

export const softInstallerItem = z.object({
  installerId: z.string(),
  os: z.enum(SOFT_OSES),
  arch: z.enum(SOFT_ARCHES),
  format: z.enum(ALL_SOFT_FORMATS as [string, ...string[]]),
  fid: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** The detached CMS signature (base64 DER) and the signing certificate's SHA-256 ('' unsigned). */
  signature: z.string(),
  signerCertSha256: z.string(),
  /** A link to the file, signed, valid about an hour. */
  downloadUrl: z.string(),
  createTime: z.number().int(),
});
export type SoftInstallerItem = z.output<typeof softInstallerItem>;

export const softChangeRecordItem = z.object({
  recordId: z.string(),
  versionId: z.string(),
  kind: z.enum(SOFT_CHANGE_KINDS),
  contentZh: z.string(),
  contentEn: z.string(),
  /** The text in the reader's language (the other when that one is empty). */
  content: z.string(),
  position: z.number().int(),
});
export type SoftChangeRecordItem = z.output<typeof softChangeRecordItem>;

export const softVersionItem = z.object({
  versionId: z.string(),
  softId: z.string(),
  softName: z.string(),
  pno: z.string(),
  propertyName: z.string(),
  version: z.string(),
  notesZh: z.string(),
  notesEn: z.string(),
  /** The notes in the reader's language (the other when that one is empty). */
  notes: z.string(),
  /** Where it is released: '' nowhere, `beta` or `stable`. */
  channel: z.enum(SOFT_RELEASE_STATES),
  /** The channel a release waits for approval to ('' none) and its workflow application ('' none). */
  pendingChannel: z.enum(SOFT_RELEASE_STATES),
  applyId: z.string(),
  /** Why the last release application was rejected ('' none). */
  rejectReason: z.string(),
  releasedBy: z.string(),
  releasedByName: z.string(),
  releasedAt: z.number().int().nullable(),
  /** 1 when every installer is signed (always 1 when the software has no sign module and it has installers). */
  signed: flag(),
  installerList: z.array(softInstallerItem),
  changeRecordList: z.array(softChangeRecordItem),
  createdBy: z.string(),
  createdByName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type SoftVersionItem = z.output<typeof softVersionItem>;

export const softManagerItem = z.object({
  softId: z.string(),
  uid: z.string(),
  name: z.string(),
  phone: z.string(),
  channels: z.array(z.enum(SOFT_CHANNELS)),
  createdByName: z.string(),
  createTime: z.number().int(),
});
export type SoftManagerItem = z.output<typeof softManagerItem>;

export const softTrialUserItem = z.object({
  trialId: z.string(),
  softId: z.string(),
  installId: z.string(),
  name: z.string(),
  channel: z.enum(SOFT_CHANNELS),
  expiresAt: z.number().int(),
  /** 1 once `expiresAt` has passed: the installation is back on stable. */
  expired: flag(),
  /** When the installation last checked for updates, and its version ('' and null: not yet). */
  lastSeen: z.number().int().nullable(),
  lastVersion: z.string(),
  createdByName: z.string(),
  createTime: z.number().int(),
});
export type SoftTrialUserItem = z.output<typeof softTrialUserItem>;

export const softTerminalItem = z.object({
  softId: z.string(),
  softName: z.string(),
  installId: z.string(),
  version: z.string(),
  os: z.string(),
  arch: z.string(),
  /** The channel it asked for. */
  channel: z.string(),
  address: z.string(),
  checkCount: z.number().int(),
  firstSeen: z.number().int(),
  lastSeen: z.number().int(),
});
export type SoftTerminalItem = z.output<typeof softTerminalItem>;

const counts = { checks: z.number().int(), downloads: z.number().int() };
export const softStats = z.object({
  /** Every UTC day of the span, oldest first (`day` its first millisecond), zero where nothing was counted. */
  days: z.array(z.object({ day: z.number().int(), ...counts })),
  /** Per version over the span, highest version first. */
  versions: z.array(z.object({ versionId: z.string(), version: z.string(), ...counts })),
  /** Per platform over the span, most checks first. */
  platforms: z.array(z.object({ os: z.string(), arch: z.string(), ...counts })),
  total: z.object(counts),
});
export type SoftStats = z.output<typeof softStats>;

export const softGrantItem = z.object({
  softId: z.string(),
  softName: z.string(),
  /** The property the main tool belongs to. */
  ownerPno: z.string(),
  ownerPropertyName: z.string(),
  /** The property granted it. */
  pno: z.string(),
  propertyName: z.string(),
  /** That property's child tools attached to it. */
  childCount: z.number().int(),
  grantedBy: z.string(),
  grantedByName: z.string(),
  grantTime: z.number().int(),
});
export type SoftGrantItem = z.output<typeof softGrantItem>;

const softSaveInput = z.object({
  /** Edit this software; leave out to create one. */
  softId: optionalRef('soft'),
  /** The software space it lives in (`soft/getCommonSpaceList`); fixed once created. */
  softSid: ref('space'),
  name: z.string().trim().min(1).max(SOFT_NAME_MAX),
  description: z.string().trim().max(SOFT_DESCRIPTION_MAX).default(''),
  /** An image file of the space, or '' for none. */
  iconFid: optionalRef('file'),
  authType: int()
    .pipe(z.union(SOFT_AUTH_TYPES.map((a) => z.literal(a))))
    .default(0),
  kind: z.enum(SOFT_KINDS).default('main'),
  /** A child tool's main tool: one of the property's main tools or a platform main tool granted to it ('' none). */
  mainSoftId: optionalRef('soft'),
  /** A CMS sign module of the property, or '' to keep installers unsigned. */
  signModuleId: optionalRef('signModule'),
});

const installerInput = z.object({
  os: z.enum(SOFT_OSES),
  arch: z.enum(SOFT_ARCHES),
  format: z.enum(ALL_SOFT_FORMATS as [string, ...string[]]),
  /** A file of the software's space (uploaded through `fis/fi/uploadFile`). */
  fid: ref('file'),
});

const changeRecordInput = z.object({
  kind: z.enum(SOFT_CHANGE_KINDS),
  contentZh: z.string().trim().max(SOFT_CHANGE_TEXT_MAX).default(''),
  contentEn: z.string().trim().max(SOFT_CHANGE_TEXT_MAX).default(''),
});

const versionSaveInput = z.object({
  /** Edit this version (a released one keeps its number and installers); leave out to add one. */
  versionId: optionalRef('softVersion'),
  softId: ref('soft'),
  version: softVersion(),
  notesZh: z.string().trim().max(SOFT_NOTES_MAX).default(''),
  notesEn: z.string().trim().max(SOFT_NOTES_MAX).default(''),
  /** The installers it has after saving: one per (os, arch, format); those not listed are removed. */
  installers: z.array(installerInput).max(SOFT_INSTALLERS_MAX).default([]),
  /** The change record it has after saving, in order. */
  changeRecords: z.array(changeRecordInput).max(SOFT_CHANGE_RECORDS_MAX).default([]),
});

const listSoftInput = pageQuery().extend({
  softSid: optionalRef('space'),
  kind: optionalEnum(SOFT_KINDS),
  /** Keep the child tools of one main tool. */
  mainSoftId: optionalRef('soft'),
  authType: z
    .union([z.literal(''), int().pipe(z.union(SOFT_AUTH_TYPES.map((a) => z.literal(a))))])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  str: optionalText(100),
});

const platformList = pageQuery().extend({
  filterPno: optionalText(64),
  str: optionalText(100),
});

export const pcSoftwareEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'soft/getCommonSpaceList',
    summary:
      "The property's spaces of the `pctools` business within the caller's space scope, by name: where software is kept",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({}),
    output: z.object({ list: z.array(softSpaceItem) }),
    mutates: false,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'soft/saveOrUpdateSoftInfo',
    summary:
      'Create software or edit it: name (unique in the property), description, icon, auth type, kind, the main tool of a child tool and the CMS sign module of its installers',
    access: { kind: 'property', permission: P.edit, business: BUSINESS, scope: { space: 'softSid' } },
    input: softSaveInput,
    output: softItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/selectSoftInfoById',
    summary: "One piece of software: the property's own, or a platform main tool granted to it",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ softId: ref('soft') }),
    output: softItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getSoftInfoList',
    summary:
      "The property's software, last changed first; filters: space, kind, a main tool's children, auth type; `str` searches name and description",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: listSoftInput,
    output: pageOf(softItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getMainToolList',
    summary:
      "The main tools child tools may be attached to: the property's own and the platform main tools granted to it (`granted` 1, read-only), by name",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: pageQuery().extend({ str: optionalText(100) }),
    output: pageOf(softItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'soft/deleteSoftInfo',
    summary:
      'Delete software with its versions, installer rows (not the files), change records, managers, trial users, relations and counters; a main tool with child tools is refused until they are detached',
    access: { kind: 'property', permission: P.edit, business: BUSINESS },
    input: z.object({ softId: ref('soft') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelease/saveOrUpdateSoftReleaseManager',
    summary:
      'Make a member a release manager of the software for the channels listed, or change their channels (an empty list removes them)',
    access: { kind: 'property', permission: P.releaseManage, business: BUSINESS },
    input: z.object({ softId: ref('soft'), uid: ref('user'), channels }),
    output: z.object({ list: z.array(softManagerItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelease/getSoftReleaseManagerInfo',
    summary: "The software's release managers, by name, with their channels",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ softId: ref('soft') }),
    output: z.object({ list: z.array(softManagerItem) }),
    mutates: false,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelease/deleteSoftReleaseManager',
    summary: 'Remove a release manager of the software (added: the spec shows no call for it)',
    access: { kind: 'property', permission: P.releaseManage, business: BUSINESS },
    input: z.object({ softId: ref('soft'), uid: ref('user') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'softRelease/getMainToChildList',
    summary: "A main tool's child tools in the property, in their order",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ mainSoftId: ref('soft') }),
    output: z.object({ list: z.array(softItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelation/deleteSoftRelation',
    summary: 'Detach a child tool from its main tool (the child tool stays, without a main tool)',
    access: { kind: 'property', permission: P.edit, business: BUSINESS },
    input: z.object({ childSoftId: ref('soft') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'softRelease/getTrialUserList',
    summary:
      "The software's trial users (AddTrialUserDialog), soonest expiry first; `str` searches install id and name (added)",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: pageQuery().extend({ softId: ref('soft'), str: optionalText(100) }),
    output: pageOf(softTrialUserItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelease/saveTrialUser',
    summary:
      'Add a trial user (an install id, unique per software) or edit one: name, channel and a future expiry; for release managers of the software and holders of `tools.release.manage` (added)',
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({
      /** Edit this trial user; leave out to add one. */
      trialId: optionalRef('softTrialUser'),
      softId: ref('soft'),
      installId: z.string().trim().regex(SOFT_INSTALL_ID_PATTERN, 'installId'),
      name: z.string().trim().max(SOFT_TRIAL_NAME_MAX).default(''),
      /** Trial users get the beta channel (stable is every installation's). */
      channel: z.enum(['beta']).default('beta'),
      expiresAt: epochMs(),
    }),
    output: softTrialUserItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softRelease/deleteTrialUser',
    summary:
      'Remove a trial user: the installation is back on stable; for release managers of the software and holders of `tools.release.manage` (added)',
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ trialId: ref('softTrialUser') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softVersion/saveOrUpdateSoftVersionInfo',
    summary:
      'Add a version or edit one (a released one: only its notes and change record): the version number (unique per software), notes in both languages, its installers (files of the software space, one per os, arch and format; signed through the sign module of the software, by the saver) and its change record',
    access: { kind: 'property', permission: P.versionEdit, business: BUSINESS },
    input: versionSaveInput,
    output: softVersionItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softVersion/getSoftVersionInfo',
    summary: 'One version with its installers and change record',
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ versionId: ref('softVersion') }),
    output: softVersionItem,
    mutates: false,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'softVersion/getSoftVersionListBySoftId',
    summary: "A software's versions, highest first (page size 30 by default); `channel` keeps those released there",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: pageQuery(SOFT_VERSION_PAGE_SIZE).extend({
      softId: ref('soft'),
      /** The software's space, as the pages send it; checked against the software when given. */
      softSid: optionalRef('space'),
      channel: optionalEnum(SOFT_CHANNELS),
      str: optionalText(40),
    }),
    output: pageOf(softVersionItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softVersion/deleteSoftVersionInfo',
    summary: 'Delete an unreleased version with its installer rows and change record (a released one is refused)',
    access: { kind: 'property', permission: P.versionEdit, business: BUSINESS },
    input: z.object({ versionId: ref('softVersion') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softVersion/releaseSoftVersionInfo',
    summary:
      'Release a version to a channel (or promote it from beta to stable): only a release manager of that channel; it needs installers, all signed when the software has a sign module. Through the workflow (apply type `softRelease`) when the property has a flow for it, else at once',
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({
      versionId: ref('softVersion'),
      channel: z.enum(SOFT_CHANNELS),
      remark: z.string().trim().max(500).default(''),
    }),
    output: softVersionItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'softVersionChangeRecord/getSoftVersionChangeRecordByVersionId',
    summary: "A version's change record, in the publisher's order",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({ versionId: ref('softVersion') }),
    output: z.object({ list: z.array(softChangeRecordItem) }),
    mutates: false,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getSoftTerminalList',
    summary:
      "The installations that checked for updates, last seen first (added): filters software, os, channel; `str` searches install id and version. `cursor` (the previous page's `nextCursor`) reads the next page by its position instead of `pageNum`, without counting (`total` -1)",
    access: { kind: 'property', permission: [P.terminals, ...SOFT_READERS], business: BUSINESS },
    input: pageQuery().extend({
      softId: optionalRef('soft'),
      os: optionalEnum(SOFT_OSES),
      channel: optionalEnum(SOFT_CHANNELS),
      str: optionalText(64),
      cursor: optionalText(200),
    }),
    output: pageOf(softTerminalItem).extend({
      /** Pass as `cursor` for the next page ('' at the end). */
      nextCursor: z.string(),
      /** 1 when more installations match than `total` says: counting stops at `SOFT_TERMINAL_COUNT_MAX`. */
      totalCapped: flag(),
    }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getSoftDownloadStats',
    summary:
      "A software's update checks and downloads over the last `days` UTC days (default 30): per day, per version and per platform (added)",
    access: { kind: 'property', permission: [...SOFT_READERS], business: BUSINESS },
    input: z.object({
      softId: ref('soft'),
      days: int().pipe(z.number().min(1).max(SOFT_STATS_DAYS_MAX)).default(30),
    }),
    output: softStats,
    ours: true,
  }),
);

/** The operators' calls across properties (back office: BackToolsRepository, BackToolsReleasePage, BackMainToolsPlatformPage, BackBusinessGrantPage). */
export const pcSoftwarePlatformEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'soft/getAllSoftInfoList',
    summary:
      "Operators: every property's software (or `filterPno`'s), last changed first; `str` searches name and description; `platformMain` 1 keeps the platform main tools (added)",
    access: { kind: 'platform', permission: P.repository },
    input: platformList.extend({ kind: optionalEnum(SOFT_KINDS), platformMain: optionalFlag }),
    output: pageOf(softItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'softVersion/getAllReleasedVersionList',
    summary:
      "Operators: every property's released versions (or `filterPno`'s), last released first; `channel` keeps one channel, `str` searches software name and version (added)",
    access: { kind: 'platform', permission: P.releases },
    input: platformList.extend({ channel: optionalEnum(SOFT_CHANNELS) }),
    output: pageOf(softVersionItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getPlatformMainToolList',
    summary:
      "Operators: every property's main tools (or `filterPno`'s), platform main tools first, then by name; `platformMain` keeps those that are or are not (added)",
    access: { kind: 'platform', permission: P.mainToolPlatform },
    input: platformList.extend({ platformMain: optionalFlag }),
    output: pageOf(softItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'soft/setPlatformMainTool',
    summary:
      "Operators: make a property's main tool a platform main tool (`platformMain` 1) or stop it being one (0: its grants are revoked and the granted properties' child tools detached) (added)",
    access: { kind: 'platform', permission: P.mainToolPlatform },
    input: z.object({ softId: id(), platformMain: flag() }),
    output: softItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'soft/getPlatformGrantList',
    summary:
      'Operators: the grants of platform main tools to properties, newest first; filters: `softId`, `filterPno` (the property granted) (added)',
    access: { kind: 'platform', permission: P.businessGrant },
    input: platformList.extend({ softId: optionalText(64) }),
    output: pageOf(softGrantItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'soft/grantPlatformMainTool',
    summary:
      'Operators: grant a platform main tool to a property (one with the `pctools` business, not its own): it sees the tool and may attach child tools to it (added)',
    access: { kind: 'platform', permission: P.businessGrant },
    input: z.object({ softId: id(), grantPno: ref('property') }),
    output: softGrantItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'soft/revokePlatformMainTool',
    summary:
      "Operators: revoke a property's grant of a platform main tool; that property's child tools are detached from it (added)",
    access: { kind: 'platform', permission: P.businessGrant },
    input: z.object({ softId: id(), grantPno: ref('property') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
);
