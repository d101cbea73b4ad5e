import { SOFT_READERS, type SoftTrialUserItem } from '@keel/contract/endpoints/pc-software';
import { userNames } from '../../platform/auth/users-repo';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import type { Caller, Paging } from './caller';
import { mayManageTrials } from './managers';
import * as repo from './release-repo';
import { ownSoft } from './software';
import { terminalsOf } from './terminal-repo';

/**
 * Trial users (README "Trial users", AddTrialUserDialog): installations (by the install id their client sends) that
 * get the beta channel of a piece of software until they expire; one per install id and software. Managed by the
 * software's release managers and holders of `tools.release.manage`; read by the area's pages.
 */

async function trialItems(s: Services, c: Caller, softId: string, rows: readonly repo.TrialRow[]) {
  const [makers, seen] = await Promise.all([
    userNames(
      s.db,
      rows.map((r) => r.created_by),
    ),
    terminalsOf(
      s.db,
      c.t,
      softId,
      rows.map((r) => r.install_id),
    ),
  ]);
  const now = s.now();
  return rows.map(
    (r): SoftTrialUserItem => ({
      trialId: r.trial_id,
      softId: r.soft_id,
      installId: r.install_id,
      name: r.name,
      channel: r.channel === 'stable' ? 'stable' : 'beta',
      expiresAt: Number(r.expires_at),
      expired: Number(r.expires_at) <= now ? 1 : 0,
      lastSeen: seen.get(r.install_id)?.last_seen ?? null,
      lastVersion: seen.get(r.install_id)?.version ?? '',
      createdByName: makers.get(r.created_by) ?? '',
      createTime: Number(r.created_at),
    }),
  );
}

export async function listTrials(s: Services, c: Caller, input: Paging & { softId: string; str?: string }) {
  await ownSoft(s, c, input.softId, 'softId', [...SOFT_READERS]);
  const { rows, total } = await repo.pageTrials(s.db, c.t, input.softId, input.str, input.pageNum, input.pageSize);
  return { list: await trialItems(s, c, input.softId, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface TrialSave {
  trialId?: string;
  softId: string;
  installId: string;
  name: string;
  channel: 'beta';
  expiresAt: number;
}

export async function saveTrial(s: Services, c: Caller, input: TrialSave): Promise<SoftTrialUserItem> {
  await ownSoft(s, c, input.softId, 'softId', [...SOFT_READERS]);
  const existing = input.trialId ? await repo.findTrial(s.db, c.t, input.trialId) : undefined;
  if (input.trialId && (!existing || existing.soft_id !== input.softId)) throw notFound('trialId');
  if (!(await mayManageTrials(s, c, input.softId))) throw forbidden();
  if (input.expiresAt <= s.now()) throw new AppError('softTrialExpiryPast');
  const other = await repo.findTrialByInstall(s.db, c.t, input.softId, input.installId);
  if (other && other.trial_id !== existing?.trial_id) {
    throw new AppError('softTrialExists', { installId: input.installId });
  }
  const trialId = existing?.trial_id ?? newId();
  const fields = { install_id: input.installId, name: input.name, channel: input.channel, expires_at: input.expiresAt };
  try {
    if (existing) await repo.updateTrial(s.db, c.t, trialId, fields);
    else {
      await repo.insertTrial(s.db, c.t, {
        ...fields,
        trial_id: trialId,
        soft_id: input.softId,
        created_by: c.uid,
        created_at: s.now(),
      });
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('softTrialExists', { installId: input.installId });
    throw error;
  }
  const row = (await repo.findTrial(s.db, c.t, trialId)) as repo.TrialRow;
  return (await trialItems(s, c, input.softId, [row]))[0] as SoftTrialUserItem;
}

export async function deleteTrial(s: Services, c: Caller, trialId: string): Promise<number> {
  const row = await repo.findTrial(s.db, c.t, trialId);
  if (!row) throw notFound('trialId');
  await ownSoft(s, c, row.soft_id, 'trialId', [...SOFT_READERS]);
  if (!(await mayManageTrials(s, c, row.soft_id))) throw forbidden();
  return repo.deleteTrial(s.db, c.t, trialId);
}
