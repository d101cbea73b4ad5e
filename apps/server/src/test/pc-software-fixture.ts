import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { versionKey } from '@keel/contract/endpoints/pc-software-model';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';

/**
 * PC software rows written straight into the tables (modules/pc-software README "Model"), for the tests of what
 * installed clients and visitors see (the update check, the download page, downloads, the APT repository) without
 * going through the console calls.
 */

const publicId = () => Array.from(randomBytes(16), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');

export interface SeededSoft {
  pno: string;
  softId: string;
  publicId: string;
}

export async function seedSoft(s: Services, pno: string, name = `Tool ${newId().slice(0, 8)}`): Promise<SeededSoft> {
  const soft = { pno, softId: newId(), publicId: publicId() };
  await s.db
    .insertInto('soft_infos')
    .values({
      soft_id: soft.softId,
      pno,
      sid: 'test-space',
      public_id: soft.publicId,
      name,
      description: `${name} description`,
      auth_type: 0,
      kind: 'main',
      created_by: 'test',
      created_at: s.now(),
      updated_at: s.now(),
    })
    .execute();
  return soft;
}

/** A version, released to `channel` ('' unreleased). */
export async function seedVersion(
  s: Services,
  soft: SeededSoft,
  version: string,
  channel: '' | 'beta' | 'stable',
  notes = { zh: `版本 ${version}`, en: `Version ${version}` },
): Promise<string> {
  const versionId = newId();
  await s.db
    .insertInto('soft_versions')
    .values({
      version_id: versionId,
      pno: soft.pno,
      soft_id: soft.softId,
      version,
      version_key: versionKey(version),
      notes_zh: notes.zh,
      notes_en: notes.en,
      channel,
      released_at: channel ? s.now() : null,
      released_by: channel ? 'test' : '',
      created_by: 'test',
      created_at: s.now(),
      updated_at: s.now(),
    })
    .execute();
  return versionId;
}

/** An installer; with `bytes`, they are stored as its blob. */
export async function seedInstaller(
  s: Services,
  soft: SeededSoft,
  versionId: string,
  p: { os: string; arch: string; format: string; bytes?: Buffer; fileName?: string },
): Promise<{ installerId: string; sha256: string; size: number }> {
  const bytes = p.bytes ?? randomBytes(64);
  const blob = await s.blobs.store.put(Readable.from([bytes]), { maxSize: bytes.length });
  const installerId = newId();
  await s.db
    .insertInto('soft_installers')
    .values({
      installer_id: installerId,
      pno: soft.pno,
      soft_id: soft.softId,
      version_id: versionId,
      os: p.os,
      arch: p.arch,
      format: p.format,
      fid: newId(),
      file_name: p.fileName ?? `tool-${p.os}-${p.arch}.${p.format}`,
      size: blob.size,
      sha256: blob.sha256,
      signature: `sig-${installerId}`,
      created_at: s.now(),
    })
    .execute();
  return { installerId, sha256: blob.sha256, size: blob.size };
}

export async function seedChangeRecords(
  s: Services,
  soft: SeededSoft,
  versionId: string,
  entries: readonly { kind: string; zh: string; en: string }[],
): Promise<void> {
  for (const [position, e] of entries.entries())
    await s.db
      .insertInto('soft_change_records')
      .values({
        record_id: newId(),
        pno: soft.pno,
        soft_id: soft.softId,
        version_id: versionId,
        kind: e.kind,
        content_zh: e.zh,
        content_en: e.en,
        position,
        created_at: s.now(),
      })
      .execute();
}

export async function seedTrial(
  s: Services,
  soft: SeededSoft,
  installId: string,
  expiresAt: number,
  channel = 'beta',
): Promise<void> {
  await s.db
    .insertInto('soft_trial_users')
    .values({
      trial_id: newId(),
      pno: soft.pno,
      soft_id: soft.softId,
      install_id: installId,
      name: 'Trial',
      channel,
      expires_at: expiresAt,
      created_by: 'test',
      created_at: s.now(),
    })
    .execute();
}
