import { PC_SOFTWARE_PERMISSIONS as P, SOFT_READERS, type SoftManagerItem } from '@keel/contract/endpoints/pc-software';
import type { SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import { findMember } from '../../platform/auth/members-repo';
import { userHeads, userNames } from '../../platform/auth/users-repo';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import type { Caller } from './caller';
import { parseChannels } from './items';
import * as repo from './release-repo';
import { ownSoft } from './software';

/**
 * Release managers (README "Release managers"): members who may release a piece of software to the channels listed,
 * appointed by holders of `tools.release.manage`. An empty list of channels removes the manager.
 */

async function managerItems(s: Services, rows: readonly repo.ManagerRow[]): Promise<SoftManagerItem[]> {
  const [heads, makers] = await Promise.all([
    userHeads(
      s.db,
      rows.map((r) => r.uid),
    ),
    userNames(
      s.db,
      rows.map((r) => r.created_by),
    ),
  ]);
  return rows.map((r) => ({
    softId: r.soft_id,
    uid: r.uid,
    name: heads.get(r.uid)?.name ?? '',
    phone: heads.get(r.uid)?.phone ?? '',
    channels: parseChannels(r.channels),
    createdByName: makers.get(r.created_by) ?? '',
    createTime: Number(r.created_at),
  }));
}

export async function listManagers(s: Services, c: Caller, softId: string) {
  await ownSoft(s, c, softId, 'softId', [...SOFT_READERS]);
  return { list: await managerItems(s, await repo.managersOf(s.db, c.t, softId)) };
}

export async function saveManager(
  s: Services,
  c: Caller,
  input: { softId: string; uid: string; channels: SoftChannel[] },
) {
  await ownSoft(s, c, input.softId, 'softId', [P.releaseManage]);
  if (!(await findMember(s.db, c.t, input.uid))) throw notFound('uid');
  if (input.channels.length === 0) await repo.deleteManager(s.db, c.t, input.softId, input.uid);
  else {
    await repo.upsertManager(s.db, c.t, {
      soft_id: input.softId,
      uid: input.uid,
      channels: JSON.stringify(input.channels),
      created_by: c.uid,
      created_at: s.now(),
    });
  }
  return { list: await managerItems(s, await repo.managersOf(s.db, c.t, input.softId)) };
}

export async function deleteManager(s: Services, c: Caller, input: { softId: string; uid: string }) {
  await ownSoft(s, c, input.softId, 'softId', [P.releaseManage]);
  const n = await repo.deleteManager(s.db, c.t, input.softId, input.uid);
  if (n === 0) throw notFound('uid');
  return n;
}

/** Whether the caller may manage the software's trial users: one of its release managers, or `tools.release.manage`. */
export async function mayManageTrials(s: Services, c: Caller, softId: string): Promise<boolean> {
  return c.holds(P.releaseManage) || (await repo.findManager(s.db, c.t, softId, c.uid)) !== undefined;
}
