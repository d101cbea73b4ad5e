import type {
  WhiteListDeviceChoice,
  WhiteListItem,
  WhiteListMemberType,
  WhiteListState,
} from '@keel/contract/endpoints/security-pools';
import { nameIn } from '@keel/contract/format';
import { memberUidsAmong, userHeads } from '../../platform/auth/reads';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { deviceIdsAmong, listedDevices, pagePropertyDevices } from '../device/reads';
import { assertReach, type Caller } from './caller';
import { funcOf } from './funcs';
import { adjustAuthCount } from './repo';
import { assertSecuritySpace } from './spaces';
import * as repo from './white-list-repo';
import { stateOf } from './window-state';

/**
 * White lists (README "Grant pools and white lists"): members of the property and its devices always allowed a
 * function within an optional window, drawing nothing from its pool. One entry per function and member; each counts
 * in its function's `auth_count`, so a function with a white list cannot be deleted.
 */

/** Names and details of the members the rows name: users' names and phones, devices' names and model names. */
async function membersOf(s: Services, c: Caller, rows: readonly { member_type: string; member_id: string }[]) {
  const ids = (type: WhiteListMemberType) => rows.filter((r) => r.member_type === type).map((r) => r.member_id);
  const [users, devices] = await Promise.all([userHeads(s.db, ids('user')), listedDevices(s.db, c.t, ids('device'))]);
  const out = new Map<string, { name: string; detail: string }>();
  for (const [uid, head] of users) out.set(`user:${uid}`, { name: head.name, detail: head.phone });
  for (const d of devices) out.set(`device:${d.device_id}`, { name: d.name ?? '', detail: d.model_name ?? '' });
  return out;
}

async function items(s: Services, c: Caller, rows: readonly repo.ListedEntryRow[]): Promise<WhiteListItem[]> {
  const members = await membersOf(s, c, rows);
  const now = s.now();
  return rows.map((r) => {
    const member = members.get(`${r.member_type}:${r.member_id}`);
    return {
      entryId: r.entry_id,
      sid: r.sid,
      funcId: r.func_id,
      funcCode: r.func_code,
      funcName: nameIn({ name_zh: r.func_name_zh, name_en: r.func_name_en }, c.locale),
      memberType: r.member_type as WhiteListMemberType,
      memberId: r.member_id,
      memberName: member?.name ?? '',
      memberDetail: member?.detail ?? '',
      startTime: r.start_time === null ? null : Number(r.start_time),
      endTime: r.end_time === null ? null : Number(r.end_time),
      // An entry is never disabled: where its window stands.
      state: stateOf({ ...r, disabled: 0 }, now) as WhiteListState,
      remark: r.remark,
      createTime: Number(r.created_at),
    };
  });
}

export async function listEntries(
  s: Services,
  c: Caller,
  input: {
    sid: string;
    funcId?: string;
    memberType?: WhiteListMemberType;
    str?: string;
    pageNum: number;
    pageSize: number;
  },
) {
  await assertSecuritySpace(s, c, input.sid);
  const { rows, total } = await repo.pageEntries(s.db, c.t, input, input.pageNum, input.pageSize);
  return { list: await items(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface EntryAddInput {
  sid: string;
  funcId: string;
  memberType: WhiteListMemberType;
  uidList: string[];
  deviceIdList: string[];
  startTime?: number;
  endTime?: number;
  remark: string;
}

/**
 * White-lists members (of the property) or devices (of the property) for a function of the space: anyone else is
 * "not found", one on the function's list already is refused (`whiteListEntryExists`, naming them, also when two
 * calls race). Each entry counts one authorisation more on the function, in the same transaction.
 */
export async function addEntries(s: Services, c: Caller, input: EntryAddInput) {
  await assertSecuritySpace(s, c, input.sid);
  const func = await funcOf(s, c, input.funcId);
  if (func.sid !== input.sid) throw notFound('funcId');
  const funcLabel = `${func.code} ${nameIn(func, c.locale)}`;
  const user = input.memberType === 'user';
  const ids = user ? input.uidList : input.deviceIdList;
  const known = new Set(user ? await memberUidsAmong(s.db, c.t, ids) : await deviceIdsAmong(s.db, c.t, ids));
  if (ids.some((id) => !known.has(id))) throw notFound(user ? 'uidList' : 'deviceIdList');

  // Refuses the first of them on the function's list already, by name.
  const refuseTaken = async () => {
    const [taken] = await repo.entriesOf(s.db, c.t, input.funcId, input.memberType, ids);
    if (!taken) return;
    const name = (await membersOf(s, c, [taken])).get(`${input.memberType}:${taken.member_id}`)?.name;
    throw new AppError('whiteListEntryExists', { name: name || taken.member_id, func: funcLabel });
  };
  await refuseTaken();
  const now = s.now();
  const rows = ids.map((memberId) => ({
    entry_id: newId(),
    sid: input.sid,
    func_id: input.funcId,
    member_type: input.memberType,
    member_id: memberId,
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
    remark: input.remark,
    created_by: c.uid,
    created_at: now,
  }));
  try {
    await s.db.transaction().execute(async (trx) => {
      await repo.insertEntries(trx, c.t, rows);
      for (const _ of rows) await adjustAuthCount(trx, c.t, input.funcId, 1);
    });
  } catch (error) {
    // Another call white-listed one of them meanwhile (the unique index of migration 0049).
    if (isUniqueViolation(error)) {
      await refuseTaken();
      throw new AppError('conflict', { reason: 'whiteList' });
    }
    // The function was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound('funcId');
    throw error;
  }
  const entryIds = rows.map((r) => r.entry_id);
  const { rows: listed } = await repo.pageEntries(s.db, c.t, { sid: input.sid, entryIds }, 1, entryIds.length);
  return { list: await items(s, c, listed) };
}

/** Deletes an entry, counting one authorisation fewer on its function (once, when two calls race). */
export async function deleteEntry(s: Services, c: Caller, entryId: string, permissions: readonly string[]) {
  const entry = await repo.findEntry(s.db, c.t, entryId);
  if (!entry) throw notFound('entryId');
  assertReach(c, permissions, entry.sid);
  return s.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteEntry(trx, c.t, entryId);
    if (deleted > 0) await adjustAuthCount(trx, c.t, entry.func_id, -1);
    return deleted;
  });
}

/** The white list's device picker: a page of the property's devices, newest first. */
export async function listDeviceChoices(
  s: Services,
  c: Caller,
  input: { str?: string; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pagePropertyDevices(s.db, c.t, { str: input.str }, input.pageNum, input.pageSize);
  const list = rows.map(
    (r): WhiteListDeviceChoice => ({
      deviceId: r.device_id,
      name: r.name,
      label: r.label,
      modelName: r.model_name ?? '',
    }),
  );
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
