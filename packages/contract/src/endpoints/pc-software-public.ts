import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag } from '../envelope';
import {
  ALL_SOFT_FORMATS,
  SOFT_CHANGE_KINDS,
  SOFT_CHANNELS,
  SOFT_FORMATS,
  SOFT_INSTALL_ID_PATTERN,
  SOFT_OSES,
  SOFT_PUBLIC_ID_PATTERN,
  softVersion,
} from './pc-software-model';

/**
 * What installed PC software and the visitors of its download page call, with no console session (ours: the spec
 * shows none of it): the update check and the download page's data. Rules: apps/server/src/modules/pc-software/README.md
 * "For installed clients". Links in the answers are absolute when the server knows its address (`PUBLIC_URL`), else
 * root-relative: a client resolves them against the address it called.
 */

/** The architectures a calling machine reports (installers of arch `universal` serve both). */
export const SOFT_CALLER_ARCHES = ['x64', 'arm64'] as const;
export type SoftCallerArch = (typeof SOFT_CALLER_ARCHES)[number];

const publicId = () => z.string().trim().regex(SOFT_PUBLIC_ID_PATTERN, 'publicId');

/** One installer as clients and the download page see it. */
export const softPublicInstaller = z.object({
  os: z.enum(SOFT_OSES),
  arch: z.enum(['x64', 'arm64', 'universal']),
  format: z.enum(ALL_SOFT_FORMATS),
  fileName: z.string(),
  size: z.number().int(),
  /** Hex SHA-256 of the installer's bytes. */
  sha256: z.string(),
  /** The detached CMS signature (base64 DER) made through the signing service; '' unsigned. */
  signature: z.string(),
  /** Hex SHA-256 of the signing certificate's DER; '' unsigned. */
  signerCertSha256: z.string(),
  /** Downloads through it are counted (per version, os, arch and day); served with Range and ETag. */
  downloadUrl: z.string(),
});
export type SoftPublicInstaller = z.output<typeof softPublicInstaller>;

/** A version's change record, its entries in the publisher's order. */
export const softPublicChanges = z.object({
  version: z.string(),
  releasedAt: z.number().int().nullable(),
  records: z.array(z.object({ kind: z.enum(SOFT_CHANGE_KINDS), content: z.string() })),
});
export type SoftPublicChanges = z.output<typeof softPublicChanges>;

/** The property's signed APT repository (only when the software has a released `.deb` installer). */
export const softAptInfo = z.object({
  /** The repository's root: `deb [signed-by=…] <repoUrl> <suite> main`. */
  repoUrl: z.string(),
  /** The repository's OpenPGP public key, armored. */
  keyUrl: z.string(),
  /** Where the key line saves the key. */
  keyringPath: z.string(),
  suite: z.enum(SOFT_CHANNELS),
  /** The Debian package name of the software's `.deb` (its control file's `Package`). */
  packageName: z.string(),
  /** The two lines a Linux user pastes: save the key, then add the source. */
  keyLine: z.string(),
  sourcesLine: z.string(),
});
export type SoftAptInfo = z.output<typeof softAptInfo>;

/** The line that saves the repository's key (`keyUrl` absolute). */
export const aptKeyLine = (keyUrl: string, keyringPath: string) =>
  `curl -fsSL ${keyUrl} | sudo tee ${keyringPath} > /dev/null`;
/** The `sources.list` line naming the repository and the key it is signed with (`repoUrl` absolute). */
export const aptSourcesLine = (repoUrl: string, keyringPath: string, suite: string) =>
  `echo "deb [signed-by=${keyringPath}] ${repoUrl} ${suite} main" | sudo tee /etc/apt/sources.list.d/${keyringPath.replace(/^.*\/|\.asc$/g, '')}.list`;

export const checkUpdateInput = z
  .object({
    publicId: publicId(),
    /** The version installed now. */
    version: softVersion(),
    os: z.enum(SOFT_OSES),
    arch: z.enum(SOFT_CALLER_ARCHES),
    /** The channel asked for; `beta` is granted only to trial users of the software until they expire. */
    channel: z.enum(SOFT_CHANNELS).default('stable'),
    /** The installation's own id, kept by the client across runs. */
    installId: z.string().trim().regex(SOFT_INSTALL_ID_PATTERN, 'installId'),
    /** The installer format preferred (one of the os's); else the os's first format that has an installer. */
    format: z.enum(ALL_SOFT_FORMATS).optional(),
  })
  .refine((v) => !v.format || (SOFT_FORMATS[v.os] as readonly string[]).includes(v.format), {
    message: 'format',
    path: ['format'],
  });

export const checkUpdateOutput = z.object({
  /** 1 when `latest` is newer than the caller's version. */
  update: flag(),
  /** The channel the caller was answered from (`beta` only for a trial user before its expiry). */
  channel: z.enum(SOFT_CHANNELS),
  latest: z
    .object({
      version: z.string(),
      /** Release notes in the request's language. */
      notes: z.string(),
      releasedAt: z.number().int().nullable(),
      installer: softPublicInstaller,
    })
    .nullable(),
  /** When more than one released version lies above the caller's: the change records of each, newest first. */
  changes: z.array(softPublicChanges),
});
export type CheckUpdateOutput = z.output<typeof checkUpdateOutput>;

export const downloadInfoOutput = z.object({
  publicId: z.string(),
  name: z.string(),
  description: z.string(),
  /** '' when the software has no icon. */
  iconUrl: z.string(),
  /** The newest version released to stable, or null. */
  latest: z
    .object({
      version: z.string(),
      notesZh: z.string(),
      notesEn: z.string(),
      releasedAt: z.number().int().nullable(),
      installers: z.array(softPublicInstaller),
      records: z.array(z.object({ kind: z.enum(SOFT_CHANGE_KINDS), contentZh: z.string(), contentEn: z.string() })),
    })
    .nullable(),
  apt: softAptInfo.nullable(),
});
export type DownloadInfoOutput = z.output<typeof downloadInfoOutput>;

const CHECK_EXAMPLE = [
  'An installed client asks whether a newer version is released for it. Example:',
  '',
  '```sh',
  "curl -s -H 'Accept-Language: en' \\",
  "  'https://keel.example.com/api/softUpdate/checkUpdate?publicId=k3v9q2m8x1c7b5n4&version=1.2.0&os=windows&arch=x64&channel=stable&installId=9f1c2e7a-5b3d'",
  '```',
  '',
  'answers `{"status":0,"msg":"…","data":{"update":1,"channel":"stable","latest":{"version":"1.3.0","notes":"…",',
  '"releasedAt":1767225600000,"installer":{"os":"windows","arch":"x64","format":"exe","fileName":"tool-1.3.0.exe",',
  '"size":52428800,"sha256":"…","signature":"…","signerCertSha256":"…","downloadUrl":"/api/soft-download/…"}},"changes":[]}}`.',
  'Without a newer version: `update` 0 and `latest` null. Unknown software answers "not found". Rate-limited per address.',
].join('\n');

export const pcSoftwarePublicEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'softUpdate/checkUpdate',
    ours: true,
    summary: "The update check installed PC software makes: the newest released version for the caller's platform",
    description: CHECK_EXAMPLE,
    access: { kind: 'public' },
    // Counting the installation and the check is bookkeeping, not a change anyone makes: not audited.
    mutates: false,
    input: checkUpdateInput,
    output: checkUpdateOutput,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'softUpdate/getDownloadInfo',
    ours: true,
    summary:
      "A software's public download page: its latest stable version, installers with size, SHA-256 and signature, the APT lines",
    access: { kind: 'public' },
    input: z.object({ publicId: publicId() }),
    output: downloadInfoOutput,
  }),
);
