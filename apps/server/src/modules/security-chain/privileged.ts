import type { PrivilegedUserItem } from '@keel/contract/endpoints/security-privileged';
import { memberUidsAmong, userHeads } from '../../platform/auth/reads';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { assertReach, type Caller } from './caller';
import * as repo from './privileged-repo';
import { assertSecuritySpace } from './spaces';
import { stateOf } from './window-state';

/** Where a grant stands (moved to window-state.ts; kept here for the callers that import it from this file). */
export { stateOf };

/** Privileged users (README "Privileged users"): members who may operate any function of a security space. */

async function items(s: Services, rows: readonly repo.PrivilegedRow[]): Promise<PrivilegedUserItem[]> {
  const heads = await userHeads(
    s.db,
    rows.map((r) => r.uid),
  );
  const now = s.now();
  return rows.map((r) => ({
    privilegeId: r.privilege_id,
    sid: r.sid,
    uid: r.uid,
    userName: heads.get(r.uid)?.name ?? '',
    phone: heads.get(r.uid)?.phone ?? '',
    startTime: r.start_time === null ? null : Number(r.start_time),
    endTime: r.end_time === null ? null : Number(r.end_time),
    disabled: Number(r.disabled) === 1 ? 1 : 0,
    state: stateOf(r, now),
    remark: r.remark,
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  }));
}

async function privilegeOf(s: Services, c: Caller, privilegeId: string) {
  const row = await repo.findPrivileged(s.db, c.t, privilegeId);
  if (!row) throw notFound('privilegeId');
  return row;
}

export async function listPrivileged(
  s: Services,
  c: Caller,
  input: { sid: string; str?: string; pageNum: number; pageSize: number },
) {
  await assertSecuritySpace(s, c, input.sid);
  const { rows, total } = await repo.pagePrivileged(s.db, c.t, input, input.pageNum, input.pageSize);
  return { list: await items(s, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Makes members privileged users of a space: each a member of the property, none privileged there already. */
export async function addPrivileged(
  s: Services,
  c: Caller,
  input: { sid: string; uidList: string[]; startTime?: number; endTime?: number; remark: string },
) {
  await assertSecuritySpace(s, c, input.sid);
  const members = new Set(await memberUidsAmong(s.db, c.t, input.uidList));
  if (input.uidList.some((uid) => !members.has(uid))) throw notFound('uidList');
  const taken = await repo.privilegesOf(s.db, c.t, input.sid, input.uidList);
  const exists = async (uid: string) =>
    new AppError('privilegedUserExists', { name: (await userHeads(s.db, [uid])).get(uid)?.name ?? uid });
  if (taken[0]) throw await exists(taken[0].uid);
  const now = s.now();
  const rows = input.uidList.map((uid) => ({
    privilege_id: newId(),
    sid: input.sid,
    uid,
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
    disabled: 0,
    remark: input.remark,
    created_by: c.uid,
    created_at: now,
    updated_at: now,
  }));
  try {
    await s.db.transaction().execute((trx) => repo.insertPrivileged(trx, c.t, rows));
  } catch (error) {
    // Another call made one of them privileged meanwhile (the unique index of migration 0048).
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'privilegedUser' });
    throw error;
  }
  return { list: await items(s, await repo.privilegesOf(s.db, c.t, input.sid, input.uidList)) };
}

export async function setPrivilegedDisabled(
  s: Services,
  c: Caller,
  input: { privilegeId: string; disabled: 0 | 1 },
  permissions: readonly string[],
) {
  const row = await privilegeOf(s, c, input.privilegeId);
  assertReach(c, permissions, row.sid);
  await repo.setDisabled(s.db, c.t, row.privilege_id, input.disabled, s.now());
  const [item] = await items(s, [await privilegeOf(s, c, row.privilege_id)]);
  return item as PrivilegedUserItem;
}

export async function deletePrivileged(s: Services, c: Caller, privilegeId: string, permissions: readonly string[]) {
  const row = await privilegeOf(s, c, privilegeId);
  assertReach(c, permissions, row.sid);
  return repo.deletePrivileged(s.db, c.t, privilegeId);
}
