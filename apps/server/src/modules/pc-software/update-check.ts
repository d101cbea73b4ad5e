import {
  SOFT_FORMATS,
  type SoftChangeKind,
  type SoftChannel,
  type SoftFormat,
  type SoftOs,
  versionKey,
} from '@keel/contract/endpoints/pc-software-model';
import type {
  CheckUpdateOutput,
  SoftCallerArch,
  SoftPublicInstaller,
} from '@keel/contract/endpoints/pc-software-public';
import type { Locale } from '@keel/contract/status';
import type { Services } from '../../platform/services';
import { downloadUrl } from './public-links';
import { type CandidateRow, candidateInstallers, changeRecordsOf, trialExpiry } from './public-repo';
import { publicSoft } from './public-soft';
import { updateCheckRuntime } from './update-check-recorder';

/**
 * The update check installed clients make (README "For installed clients", rules 1–5). Its reads: the software by
 * public id, the trial user (only when beta is asked for), the candidates' installers for the caller's os (one
 * statement on `soft_versions_latest` and `soft_installers_platform`), and the change records only when more than
 * one version lies above the caller's. What it records is written later (update-check-recorder.ts).
 */

export interface UpdateCheckInput {
  publicId: string;
  version: string;
  os: SoftOs;
  arch: SoftCallerArch;
  channel: SoftChannel;
  installId: string;
  format?: string;
}

const MINUTE = 60_000;

/** The channels a caller on `channel` is offered (stable reaches beta callers too). */
export const channelsOf = (channel: SoftChannel): readonly SoftChannel[] =>
  channel === 'beta' ? ['beta', 'stable'] : ['stable'];

/**
 * The installer a version offers the caller, among those for its os and arch (exact or `universal`): the format it
 * prefers if the version has it, else the os's first format that the version has; within a format, the caller's own
 * architecture before `universal`.
 */
export function pickInstaller<T extends { format: string; arch: string }>(
  installers: readonly T[],
  os: SoftOs,
  arch: SoftCallerArch,
  preferred: string | undefined,
): T | undefined {
  const order = SOFT_FORMATS[os] as readonly string[];
  const rank = (i: T) => (i.format === preferred ? -1 : order.indexOf(i.format)) * 2 + (i.arch === arch ? 0 : 1);
  let best: T | undefined;
  for (const i of installers) if (!best || rank(i) < rank(best)) best = i;
  return best;
}

export async function checkUpdate(
  s: Services,
  input: UpdateCheckInput,
  call: { locale: Locale; ip: string },
): Promise<CheckUpdateOutput> {
  const rt = updateCheckRuntime(s);
  s.limiter.hit(`softUpdate:ip:${call.ip}`, { limit: rt.perAddressPerMinute, windowMs: MINUTE });
  const { t, soft } = await publicSoft(s, input.publicId);
  const now = s.now();
  let channel: SoftChannel = 'stable';
  if (input.channel === 'beta') {
    const expiry = await trialExpiry(s.db, t, soft.soft_id, input.installId, 'beta');
    if (expiry !== undefined && expiry > now) channel = 'beta';
  }
  const rows = await candidateInstallers(s.db, t, {
    softId: soft.soft_id,
    channel,
    aboveKey: versionKey(input.version),
    os: input.os,
    arch: input.arch,
  });
  rt.note({
    pno: t.pno,
    softId: soft.soft_id,
    installId: input.installId,
    version: input.version,
    os: input.os,
    arch: input.arch,
    channel,
    address: call.ip,
    at: now,
  });
  // Rows come newest version first; each version's installers are consecutive.
  const versions: (readonly CandidateRow[])[] = [];
  for (const row of rows) {
    const last = versions[versions.length - 1];
    if (last && last[0]?.version_id === row.version_id) (last as CandidateRow[]).push(row);
    else versions.push([row]);
  }
  const newest = versions[0];
  const installer = newest && pickInstaller(newest, input.os, input.arch, input.format);
  if (!newest || !installer) return { update: 0, channel, latest: null, changes: [] };
  const zh = call.locale === 'zh-cn';
  let changes: CheckUpdateOutput['changes'] = [];
  if (versions.length > 1) {
    const ids = versions.map((v) => v[0]?.version_id as string);
    const records = await changeRecordsOf(s.db, t, ids);
    changes = versions.map((v) => {
      const head = v[0] as CandidateRow;
      return {
        version: head.version,
        releasedAt: head.released_at === null ? null : Number(head.released_at),
        records: records
          .filter((r) => r.version_id === head.version_id)
          .map((r) => ({ kind: r.kind as SoftChangeKind, content: zh ? r.content_zh : r.content_en })),
      };
    });
  }
  return {
    update: 1,
    channel,
    latest: {
      version: installer.version,
      notes: zh ? installer.notes_zh : installer.notes_en,
      releasedAt: installer.released_at === null ? null : Number(installer.released_at),
      installer: {
        os: installer.os as SoftOs,
        arch: installer.arch as SoftPublicInstaller['arch'],
        format: installer.format as SoftFormat,
        fileName: installer.file_name,
        size: Number(installer.size),
        sha256: installer.sha256,
        signature: installer.signature,
        signerCertSha256: installer.signer_cert_sha256,
        downloadUrl: downloadUrl(s, soft.public_id, installer.installer_id, installer.file_name),
      },
    },
    changes,
  };
}
