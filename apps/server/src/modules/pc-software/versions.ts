import { PC_SOFTWARE_PERMISSIONS as P, SOFT_READERS, type SoftVersionItem } from '@keel/contract/endpoints/pc-software';
import { versionKey } from '@keel/contract/endpoints/pc-software-model';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import type { Caller, Paging } from './caller';
import { type InstallerInput, planInstallers, sameInstallers } from './installers';
import { changeRecordItem, versionItems } from './items';
import { ownSoft } from './software';
import * as repo from './version-repo';

/**
 * Versions (README "Versions", "Change records"): numbered 1–4 dot-separated numbers, unique per software, ordered by
 * `version_key`; notes in both languages, installers per platform (installers.ts) and a change record, saved
 * together in one transaction. A released version keeps its number and installers (its notes and change record may
 * still be corrected); one waiting for release approval is not changed; neither is deleted.
 */

/** A version of the property's software (in the caller's spaces for `permissions`), with the software. */
export async function versionOf(
  s: Services,
  c: Caller,
  versionId: string,
  permissions: readonly string[] = SOFT_READERS,
) {
  const version = await repo.findVersion(s.db, c.t, versionId);
  if (!version) throw notFound('versionId');
  const soft = await ownSoft(s, c, version.soft_id, 'versionId', permissions);
  return { version, soft };
}

export const versionItemOf = async (s: Services, c: Caller, versionId: string) => {
  const row = await repo.findVersion(s.db, c.t, versionId);
  if (!row) throw notFound('versionId');
  return (await versionItems(s, c.locale, [row]))[0] as SoftVersionItem;
};

export async function getVersion(s: Services, c: Caller, versionId: string) {
  await versionOf(s, c, versionId);
  return versionItemOf(s, c, versionId);
}

export async function listVersions(
  s: Services,
  c: Caller,
  input: Paging & { softId: string; softSid?: string; channel?: string; str?: string },
) {
  const soft = await ownSoft(s, c, input.softId, 'softId', [...SOFT_READERS]);
  if (input.softSid && input.softSid !== soft.sid) throw notFound('softSid');
  const { rows, total } = await repo.pageVersions(
    s.db,
    c.t,
    { softId: soft.soft_id, channel: input.channel, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: await versionItems(s, c.locale, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function changeRecords(s: Services, c: Caller, versionId: string) {
  await versionOf(s, c, versionId);
  const rows = await repo.changeRecordsOf(s.db, c.t, [versionId]);
  return { list: rows.map((r) => changeRecordItem(c.locale, r)) };
}

export interface VersionSave {
  versionId?: string;
  softId: string;
  version: string;
  notesZh: string;
  notesEn: string;
  installers: InstallerInput[];
  changeRecords: Array<{ kind: string; contentZh: string; contentEn: string }>;
}

export async function saveVersion(s: Services, c: Caller, input: VersionSave): Promise<SoftVersionItem> {
  const soft = await ownSoft(s, c, input.softId, 'softId', [P.versionEdit]);
  const existing = input.versionId ? await repo.findVersion(s.db, c.t, input.versionId) : undefined;
  if (input.versionId && (!existing || existing.soft_id !== soft.soft_id)) throw notFound('versionId');
  if (existing?.pending_channel) throw new AppError('softReleasePending', { version: existing.version });
  const taken = await repo.findVersionByNumber(s.db, c.t, soft.soft_id, input.version);
  if (taken && taken.version_id !== existing?.version_id) {
    throw new AppError('softVersionTaken', { version: input.version });
  }
  const versionId = existing?.version_id ?? newId();
  const current = existing ? await repo.installersOf(s.db, c.t, [versionId]) : [];
  if (existing?.channel && (existing.version !== input.version || !sameInstallers(input.installers, current))) {
    throw new AppError('softVersionReleased', { version: existing.version });
  }
  for (const r of input.changeRecords) {
    if (!r.contentZh && !r.contentEn) throw new AppError('softChangeRecordEmpty');
  }
  const plan = existing?.channel
    ? { remove: [], insert: [] }
    : await planInstallers(s, c, soft, versionId, input.installers, current);
  const now = s.now();
  const fields = {
    version: input.version,
    version_key: versionKey(input.version),
    notes_zh: input.notesZh,
    notes_en: input.notesEn,
    updated_at: now,
  };
  try {
    await s.db.transaction().execute(async (trx) => {
      if (existing) await repo.updateVersion(trx, c.t, versionId, fields);
      else {
        await repo.insertVersion(trx, c.t, {
          ...fields,
          version_id: versionId,
          soft_id: soft.soft_id,
          created_by: c.uid,
          created_at: now,
        });
      }
      await repo.deleteInstallers(trx, c.t, plan.remove);
      for (const row of plan.insert) await repo.insertInstaller(trx, c.t, row);
      await repo.replaceChangeRecords(
        trx,
        c.t,
        versionId,
        input.changeRecords.map((r, position) => ({
          record_id: newId(),
          soft_id: soft.soft_id,
          version_id: versionId,
          kind: r.kind,
          content_zh: r.contentZh,
          content_en: r.contentEn,
          position,
          created_at: now,
        })),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('softVersionTaken', { version: input.version });
    throw error;
  }
  return versionItemOf(s, c, versionId);
}

/** Deletes a version that is neither released nor waiting for release, with its installer rows and change record. */
export async function deleteVersion(s: Services, c: Caller, versionId: string): Promise<number> {
  const { version } = await versionOf(s, c, versionId, [P.versionEdit]);
  if (version.channel) throw new AppError('softVersionReleased', { version: version.version });
  if (version.pending_channel) throw new AppError('softReleasePending', { version: version.version });
  return s.db.transaction().execute((trx) => repo.deleteVersions(trx, c.t, [versionId]));
}
