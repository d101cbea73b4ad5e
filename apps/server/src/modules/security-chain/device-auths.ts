import type { FuncRisk } from '@keel/contract/endpoints/security-chain';
import type {
  AuthDeviceHead,
  AuthPickerDevice,
  DeviceAuthItem,
  DeviceAuthState,
  DeviceAuthTarget,
  DeviceFuncItem,
} from '@keel/contract/endpoints/security-device-auth';
import { nameIn } from '@keel/contract/format';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { deviceOnlineWindowMs, devicePlacements, listedDevices, pagePropertyDevices } from '../device/reads';
import { groupHeads, spaceNames, spacesOfBusiness } from '../space/reads';
import { assertReach, type Caller } from './caller';
import * as repo from './device-auth-repo';
import { groupsOfDevice } from './device-groups';
import { funcOf } from './funcs';
import { adjustAuthCount, funcsIn } from './repo';
import { assertSecuritySpace } from './spaces';
import { stateOf } from './window-state';

/**
 * Device-function authorisations (README "Device-function authorisations"): a device, or a group of a space's tree
 * (its devices and its subgroups'), may have a function of a security space within a window; one per function and
 * target; each made or deleted moves its function's `auth_count` in the same transaction.
 */

/** The space whose groups the add dialog offers: devices are placed in the property's terminal spaces. */
const DEVICE_SPACE_BUSINESS = 'terminal';

/** The names of the targets of some rows: devices' (their id when unnamed) and groups', with a group's space. */
async function targetsOf(s: Services, c: Caller, rows: readonly { target_type: string; target_id: string }[]) {
  const of = (type: DeviceAuthTarget) => [
    ...new Set(rows.filter((r) => r.target_type === type).map((r) => r.target_id)),
  ];
  const [devices, groups] = await Promise.all([
    devicePlacements(s.db, c.t, of('device')),
    groupHeads(s.db, c.t, of('group')),
  ]);
  const spaces = await spaceNames(s.db, c.t, [...new Set([...groups.values()].map((g) => g.sid))]);
  const names = new Map<string, { name: string; sid: string; spaceName: string }>();
  for (const d of devices) names.set(`device:${d.device_id}`, { name: d.name || d.device_id, sid: '', spaceName: '' });
  for (const [groupId, g] of groups)
    names.set(`group:${groupId}`, { name: g.name, sid: g.sid, spaceName: spaces.get(g.sid) ?? '' });
  return (r: { target_type: string; target_id: string }) => names.get(`${r.target_type}:${r.target_id}`);
}

async function items(s: Services, c: Caller, rows: readonly repo.DeviceAuthRow[]): Promise<DeviceAuthItem[]> {
  const [funcs, target] = await Promise.all([
    funcsIn(s.db, c.t, [...new Set(rows.map((r) => r.func_id))]),
    targetsOf(s, c, rows),
  ]);
  const now = s.now();
  return rows.map((r) => {
    const f = funcs.get(r.func_id);
    const named = target(r);
    return {
      authId: r.auth_id,
      sid: r.sid,
      funcId: r.func_id,
      funcCode: f?.code ?? '',
      funcName: f ? nameIn(f, c.locale) : '',
      risk: (f?.risk ?? 'low') as FuncRisk,
      targetType: r.target_type as DeviceAuthTarget,
      targetId: r.target_id,
      targetName: named?.name ?? '',
      targetSid: named?.sid ?? '',
      targetSpaceName: named?.spaceName ?? '',
      startTime: r.start_time === null ? null : Number(r.start_time),
      endTime: r.end_time === null ? null : Number(r.end_time),
      disabled: Number(r.disabled) === 1 ? 1 : 0,
      state: stateOf(r, now),
      remark: r.remark,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    };
  });
}

async function item(s: Services, c: Caller, row: repo.DeviceAuthRow): Promise<DeviceAuthItem> {
  const [one] = await items(s, c, [row]);
  return one as DeviceAuthItem;
}

/** An authorisation of the property within the caller's reach for the permissions; another's is "not found". */
async function authOf(s: Services, c: Caller, authId: string, permissions: readonly string[]) {
  const row = await repo.findDeviceAuth(s.db, c.t, authId);
  if (!row) throw notFound('authId');
  assertReach(c, permissions, row.sid);
  return row;
}

export async function listDeviceAuths(
  s: Services,
  c: Caller,
  input: {
    sid: string;
    str?: string;
    funcId?: string;
    authId?: string;
    targetType?: DeviceAuthTarget;
    state?: DeviceAuthState;
    pageNum: number;
    pageSize: number;
  },
) {
  await assertSecuritySpace(s, c, input.sid);
  const filter: repo.DeviceAuthFilter = {
    sid: input.sid,
    str: input.str,
    funcId: input.funcId,
    authId: input.authId,
    targetType: input.targetType,
    state: input.state ? { state: input.state, now: s.now() } : undefined,
  };
  const { rows, total } = await repo.pageDeviceAuths(s.db, c.t, filter, input.pageNum, input.pageSize);
  return { list: await items(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Checks every target is the property's: devices of it, or groups of one of its spaces ("not found" otherwise). */
async function assertTargets(s: Services, c: Caller, targetType: DeviceAuthTarget, targetIds: readonly string[]) {
  if (targetType === 'device') {
    const found = new Set((await devicePlacements(s.db, c.t, targetIds)).map((d) => d.device_id));
    if (targetIds.some((id) => !found.has(id))) throw notFound('deviceIdList');
    return;
  }
  const groups = await groupHeads(s.db, c.t, targetIds);
  if (targetIds.some((id) => !groups.has(id))) throw notFound('groupIdList');
}

/** Gives devices or groups a function of a space, within a window; a target that has it already is refused. */
export async function addDeviceAuths(
  s: Services,
  c: Caller,
  input: {
    sid: string;
    funcId: string;
    targetType: DeviceAuthTarget;
    deviceIdList?: string[];
    groupIdList?: string[];
    startTime?: number;
    endTime?: number;
    remark: string;
  },
) {
  await assertSecuritySpace(s, c, input.sid);
  const func = await funcOf(s, c, input.funcId);
  // The function must be the named space's.
  if (func.sid !== input.sid) throw notFound('funcId');
  const targetIds = (input.targetType === 'device' ? input.deviceIdList : input.groupIdList) ?? [];
  await assertTargets(s, c, input.targetType, targetIds);
  const taken = await repo.authsOfTargets(s.db, c.t, func.func_id, input.targetType, targetIds);
  const exists = async (row: repo.DeviceAuthRow) =>
    new AppError('deviceAuthExists', {
      target: (await targetsOf(s, c, [row]))(row)?.name ?? row.target_id,
      func: nameIn(func, c.locale),
    });
  if (taken[0]) throw await exists(taken[0]);
  const now = s.now();
  const rows = targetIds.map((targetId) => ({
    auth_id: newId(),
    sid: input.sid,
    func_id: func.func_id,
    target_type: input.targetType,
    target_id: targetId,
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
    disabled: 0,
    remark: input.remark,
    created_by: c.uid,
    created_at: now,
    updated_at: now,
  }));
  try {
    await s.db.transaction().execute(async (trx) => {
      await repo.insertDeviceAuths(trx, c.t, rows);
      for (const _ of rows) await adjustAuthCount(trx, c.t, func.func_id, 1);
    });
  } catch (error) {
    // Another call gave one of the targets the function meanwhile (the unique index of migration 0049).
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'deviceAuth' });
    throw error;
  }
  return { list: await items(s, c, await repo.authsOfTargets(s.db, c.t, func.func_id, input.targetType, targetIds)) };
}

export async function updateDeviceAuth(
  s: Services,
  c: Caller,
  input: { authId: string; startTime?: number; endTime?: number; remark: string },
  permissions: readonly string[],
) {
  const row = await authOf(s, c, input.authId, permissions);
  await repo.updateDeviceAuth(s.db, c.t, row.auth_id, {
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
    remark: input.remark,
    updated_at: s.now(),
  });
  return item(s, c, await authOf(s, c, row.auth_id, permissions));
}

export async function setDeviceAuthDisabled(
  s: Services,
  c: Caller,
  input: { authId: string; disabled: 0 | 1 },
  permissions: readonly string[],
) {
  const row = await authOf(s, c, input.authId, permissions);
  await repo.setDisabled(s.db, c.t, row.auth_id, input.disabled, s.now());
  return item(s, c, await authOf(s, c, row.auth_id, permissions));
}

/** Deletes an authorisation and counts it off its function, in one transaction (a second delete changes nothing). */
export async function deleteDeviceAuth(s: Services, c: Caller, authId: string, permissions: readonly string[]) {
  const row = await authOf(s, c, authId, permissions);
  return s.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteDeviceAuth(trx, c.t, row.auth_id);
    if (deleted > 0) await adjustAuthCount(trx, c.t, row.func_id, -1);
    return deleted;
  });
}

/** What the detail page heads a device with. */
async function deviceHead(s: Services, c: Caller, deviceId: string) {
  const [placed] = await devicePlacements(s.db, c.t, [deviceId]);
  if (!placed) throw notFound('deviceId');
  const [listed] = await listedDevices(s.db, c.t, [deviceId]);
  const [spaces, groups] = await Promise.all([
    spaceNames(s.db, c.t, placed.sid ? [placed.sid] : []),
    groupHeads(s.db, c.t, placed.group_id ? [placed.group_id] : []),
  ]);
  const lastSeen =
    listed?.last_seen_at === null || listed?.last_seen_at === undefined ? null : Number(listed.last_seen_at);
  const head: AuthDeviceHead = {
    deviceId,
    name: placed.name,
    modelName: listed?.model_name ?? '',
    firmwareVersion: listed?.firmware_version ?? '',
    appVersion: listed?.app_version ?? '',
    online: lastSeen !== null && s.now() - lastSeen <= deviceOnlineWindowMs(s) ? 1 : 0,
    lastSeenTime: lastSeen,
    sid: placed.sid ?? '',
    spaceName: placed.sid ? (spaces.get(placed.sid) ?? '') : '',
    groupId: placed.group_id ?? '',
    groupName: placed.group_id ? (groups.get(placed.group_id)?.name ?? '') : '',
  };
  return { head, placed };
}

/**
 * A device's functions: the authorisations naming it, its group or a group above it, in the security spaces the
 * caller reaches (one when `sid` names it), by function code, the device's own first.
 */
export async function deviceFuncs(
  s: Services,
  c: Caller,
  input: { deviceId: string; sid?: string },
  permissions: readonly string[],
) {
  if (input.sid) await assertSecuritySpace(s, c, input.sid);
  const { head, placed } = await deviceHead(s, c, input.deviceId);
  const groups = await groupsOfDevice(s, c.t, placed.sid, placed.group_id);
  const reach = c.reach(permissions);
  const rows = (await repo.authsNaming(s.db, c.t, input.deviceId, groups)).filter(
    (r) => (!input.sid || r.sid === input.sid) && (reach === null || reach.includes(r.sid)),
  );
  const [listed, funcs, spaces] = await Promise.all([
    items(s, c, rows),
    funcsIn(s.db, c.t, [...new Set(rows.map((r) => r.func_id))]),
    spaceNames(s.db, c.t, [...new Set(rows.map((r) => r.sid))]),
  ]);
  const list: DeviceFuncItem[] = listed.map((a) => {
    const f = funcs.get(a.funcId);
    return {
      ...a,
      via: a.targetType,
      spaceName: spaces.get(a.sid) ?? '',
      funcNameZh: f?.name_zh ?? '',
      funcNameEn: f?.name_en ?? '',
    };
  });
  const depth = (a: DeviceFuncItem) => (a.via === 'device' ? -1 : groups.indexOf(a.targetId));
  list.sort((a, b) => a.funcCode.localeCompare(b.funcCode) || depth(a) - depth(b) || a.authId.localeCompare(b.authId));
  return { device: head, list };
}

/** A page of the property's devices for the add dialog's picker. */
export async function pickerDevices(
  s: Services,
  c: Caller,
  input: { str?: string; pageNum: number; pageSize: number },
) {
  const { rows, total } = await pagePropertyDevices(s.db, c.t, { str: input.str }, input.pageNum, input.pageSize);
  const spaces = await spaceNames(s.db, c.t, [...new Set(rows.flatMap((r) => (r.sid ? [r.sid] : [])))]);
  const list = rows.map(
    (r): AuthPickerDevice => ({
      deviceId: r.device_id,
      name: r.name,
      modelName: r.model_name ?? '',
      spaceName: r.sid ? (spaces.get(r.sid) ?? '') : '',
    }),
  );
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The property's device spaces, by name: where the add dialog picks groups. */
export const groupSpaces = (s: Services, c: Caller) => spacesOfBusiness(s.db, c.t, DEVICE_SPACE_BUSINESS, null);
