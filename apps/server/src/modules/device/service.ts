import type { Business } from '@keel/contract/constants';
import type { BindResult } from '@keel/contract/endpoints/device';
import {
  DEVICE_READERS,
  OS_TYPE_NAMES,
  OS_TYPES,
  type OsType,
  DEVICE_PERMISSIONS as P,
} from '@keel/contract/endpoints/device-common';
import { FIRMWARE_PERMISSIONS } from '@keel/contract/endpoints/firmware';
import { formatMessage, type MessageKey, messages } from '@keel/contract/status';
import { isMobile } from '@keel/contract/validators';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/sql-helpers';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { scopeRoots } from '../../platform/http/scope';
import type { Services } from '../../platform/services';
import {
  isAllTenants,
  operatorScope,
  operatorView,
  propertyTenant,
  type Tenant,
  type TenantScope,
  tenantOf,
} from '../../platform/tenancy/tenant';
import * as org from '../org/service';
import { assertPlacement, type Placement } from '../space/reads';
import { findModel, modelOptions } from './catalogue-repo';
import { onlineWindowMs, propertyOnlineWindowMs, toDetail, toItem } from './items';
import { menderKeyOf, revokeDeviceTokens, settleNewKey } from './mender-service';
import * as repo from './repo';
import { runtimeOf } from './runtime';

/**
 * The device registry's rules (README.md): lists and details in a property, across properties for operators and
 * for the user a device is bound to; registration with the device's own credential; admission; binding. No SQL.
 */

/** The property of an orPlatform call: the selected one, or (operators without `pno`) `filterPno` or all. */
const scopeOf = (ctx: RequestContext, filterPno?: string): TenantScope =>
  ctx.property ? tenantOf(ctx) : operatorView(ctx, filterPno || undefined);

/**
 * The spaces an administrator limited to spaces (ps/assignMgeSpace) reaches devices in with `permission`; null for
 * every device of the property (no limit, the property's owner, operators). A device in no space is outside every
 * limited scope.
 */
function spacesInScope(ctx: RequestContext, permission: string | readonly string[]): readonly string[] | null {
  return ctx.property ? scopeRoots(ctx.property, 'space', permission) : null;
}

/** "Not allowed" when one of these devices of the property lies outside the caller's space scope. */
function assertInSpaceScope(
  ctx: RequestContext,
  permission: string | readonly string[],
  devices: readonly { sid: string | null }[],
): void {
  const sids = spacesInScope(ctx, permission);
  if (sids === null) return;
  const allowed = new Set(sids);
  if (devices.some((d) => d.sid === null || !allowed.has(d.sid))) throw forbidden();
}

export interface ListInput {
  pageNum: number;
  pageSize: number;
  business?: string;
  groupId?: string;
  label?: string;
  mockup?: 0 | 1;
  model?: string;
  osType?: string;
  sid?: string;
  str?: string;
  uid?: string;
  admission?: string;
  online?: 0 | 1;
  filterPno?: string;
}

export async function listDevices(s: Services, ctx: RequestContext, input: ListInput) {
  const now = s.now();
  const { pageNum, pageSize, online, filterPno, ...filters } = input;
  const scope = scopeOf(ctx, filterPno);
  const window = await propertyOnlineWindowMs(s, scope.pno);
  const sidIn = spacesInScope(ctx, DEVICE_READERS);
  if (sidIn?.length === 0) return { list: [], total: 0, pageNum, pageSize };
  const { rows, total } = await repo.pageDevices(
    s.db,
    scope,
    {
      ...filters,
      ...(sidIn ? { sidIn } : {}),
      ...(online !== undefined ? { online: { value: online, cutoff: now - window } } : {}),
    },
    pageNum,
    pageSize,
  );
  return { list: rows.map((r) => toItem(r, now, window)), total, pageNum, pageSize };
}

export async function listMyDevices(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string },
) {
  const now = s.now();
  const window = onlineWindowMs(s);
  const me = requireUser(ctx);
  const { rows, total } = await repo.pageUserDevices(s.db, me.uid, input.str, input.pageNum, input.pageSize);
  return { list: rows.map((r) => toItem(r, now, window)), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function deviceInfo(s: Services, ctx: RequestContext, deviceId: string) {
  const row = await repo.findDevice(s.db, scopeOf(ctx), deviceId);
  if (!row) throw notFound('deviceId');
  assertInSpaceScope(ctx, DEVICE_READERS, [row]);
  const window = await propertyOnlineWindowMs(s, row.pno);
  return toDetail(row, s.now(), window, await menderKeyOf(s, propertyTenant(row.pno), deviceId));
}

export async function myDeviceInfo(s: Services, ctx: RequestContext, deviceId: string) {
  const row = await repo.findUserDevice(s.db, requireUser(ctx).uid, deviceId);
  if (!row) throw notFound('deviceId');
  const window = await propertyOnlineWindowMs(s, row.pno);
  return toDetail(row, s.now(), window, await menderKeyOf(s, propertyTenant(row.pno), deviceId));
}

export const osTypeList = (ctx: RequestContext) =>
  OS_TYPES.map((osType) => ({ osType, name: OS_TYPE_NAMES[osType][ctx.locale] }));

/** Most models and labels a filter list offers. */
const FILTER_OPTIONS_MAX = 500;

export async function filterOptions(s: Services, ctx: RequestContext, filterPno?: string) {
  const scope = scopeOf(ctx, filterPno);
  return {
    // Across every property (an operator choosing none) models and labels are not offered: pick a property.
    modelList: isAllTenants(scope)
      ? []
      : (await modelOptions(s.db, scope, FILTER_OPTIONS_MAX)).map((m) => ({ modelId: m.model_id, name: m.name })),
    osTypeList: osTypeList(ctx),
    labelList: isAllTenants(scope) ? [] : await repo.labelsOf(s.db, scope, FILTER_OPTIONS_MAX),
    businessList: (ctx.property ? ctx.property.businesses : []) as Business[],
  };
}

/** A model of the property and the OS its platform runs; "not found" for another property's. */
async function modelOf(s: Services, tenant: Tenant, modelId: string) {
  const model = await findModel(s.db, tenant, modelId);
  if (!model) throw notFound('model');
  return { modelId: model.model_id, osType: (model.os_type ?? 'other') as OsType };
}

async function assertMember(s: Services, tenant: Tenant, uid: string, field: string) {
  const [member] = await org.findMembers(s.db, tenant, [uid]);
  if (!member) throw notFound(field);
}

export interface RegisterInput {
  deviceId: string;
  name: string;
  label: string;
  business: Business;
  model?: string;
  osType?: OsType;
  mockup: 0 | 1;
  sid?: string;
  groupId?: string;
  uid?: string;
  remark: string;
}

/** Registers a device (accepted) and issues its credential, shown once. */
export async function register(s: Services, ctx: RequestContext, input: RegisterInput) {
  const tenant = tenantOf(ctx);
  const { pno } = tenant;
  ctx.audit.target = input.deviceId;
  const model = input.model ? await modelOf(s, tenant, input.model) : undefined;
  if (input.uid) await assertMember(s, tenant, input.uid, 'uid');
  await assertPlacement(s.db, tenant, { sid: input.sid ?? null, groupId: input.groupId ?? null });
  const now = s.now();
  let credential: string;
  try {
    credential = await s.db.transaction().execute(async (trx) => {
      await repo.insertDevice(trx, {
        device_id: input.deviceId,
        pno,
        name: input.name,
        label: input.label,
        business: input.business,
        model_id: model?.modelId ?? null,
        os_type: input.osType ?? model?.osType ?? 'other',
        mockup: input.mockup,
        sid: input.sid ?? null,
        group_id: input.groupId ?? null,
        uid: input.uid ?? null,
        bound_at: input.uid ? now : null,
        admission: 'accepted',
        enrolment: 'console',
        remark: input.remark,
        created_by: ctx.user?.uid ?? null,
        created_at: now,
        updated_at: now,
      });
      return s.deviceCredentials.issue(trx, { deviceId: input.deviceId, pno, name: input.name || input.deviceId }, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('deviceIdTaken', { deviceId: input.deviceId });
    // The model (or the user) went away meanwhile.
    if (isForeignKeyViolation(error)) throw notFound(input.model ? 'model' : 'uid');
    throw error;
  }
  await s.deviceCredentials.forget([input.deviceId]);
  await runtimeOf(s).forgetStates(pno, [input.deviceId]);
  return { deviceId: input.deviceId, credential };
}

export interface UpdateInput {
  deviceId: string;
  name?: string;
  label?: string;
  business?: Business;
  model?: string | null;
  osType?: OsType;
  mockup?: 0 | 1;
  sid?: string | null;
  groupId?: string | null;
  remark?: string;
}

export async function update(s: Services, ctx: RequestContext, input: UpdateInput) {
  const tenant = tenantOf(ctx);
  ctx.audit.target = input.deviceId;
  const [device] = await repo.findDeviceHeads(s.db, tenant, [input.deviceId]);
  if (!device) throw notFound('deviceId');
  assertInSpaceScope(ctx, P.edit, [device]);
  const model = input.model ? await modelOf(s, tenant, input.model) : undefined;
  const placement = placementAfter(device, input);
  if (placement) await assertPlacement(s.db, tenant, placement);
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    ...(input.business !== undefined ? { business: input.business } : {}),
    ...(input.model !== undefined ? { model_id: model?.modelId ?? null } : {}),
    // A new model brings its platform's OS unless one is given.
    ...(input.osType !== undefined ? { os_type: input.osType } : model ? { os_type: model.osType } : {}),
    ...(input.mockup !== undefined ? { mockup: input.mockup } : {}),
    ...(placement ? { sid: placement.sid, group_id: placement.groupId } : {}),
    ...(input.remark !== undefined ? { remark: input.remark } : {}),
    updated_at: s.now(),
  };
  await repo.updateDevice(s.db, tenant, input.deviceId, set);
  // The device API keeps the model with the device's state (what apps fit it).
  if (input.model !== undefined) await runtimeOf(s).forgetStates(tenant.pno, [input.deviceId]);
  return null;
}

/**
 * Where an update puts a device, when it moves it: the space and group given, else the current ones; a device moved
 * to another space leaves its group unless one of the new space is given. Undefined when neither is given.
 */
function placementAfter(
  device: { sid: string | null; group_id: string | null },
  input: { sid?: string | null; groupId?: string | null },
): Placement | undefined {
  if (input.sid === undefined && input.groupId === undefined) return undefined;
  const sid = input.sid === undefined ? device.sid : input.sid;
  const groupId = input.groupId !== undefined ? input.groupId : sid === device.sid ? device.group_id : null;
  return { sid, groupId };
}

/**
 * The devices of `ids` in the scope, all of them or "not found"; "not allowed" when one lies outside the caller's
 * space scope for `permission`.
 */
async function headsOf(
  s: Services,
  ctx: RequestContext,
  scope: TenantScope,
  ids: readonly string[],
  permission: string,
) {
  const heads = await repo.findDeviceHeads(s.db, scope, ids);
  if (heads.length !== ids.length) throw notFound('deviceIdList');
  assertInSpaceScope(ctx, permission, heads);
  return heads;
}

const target = (ids: readonly string[]) => ids.slice(0, 20).join(',');

export async function remove(s: Services, ctx: RequestContext, ids: string[]) {
  const tenant = tenantOf(ctx);
  const { pno } = tenant;
  ctx.audit.target = target(ids);
  await headsOf(s, ctx, tenant, ids, P.edit);
  const removed = await s.db.transaction().execute(async (trx) => {
    await s.deviceCredentials.remove(trx, pno, ids);
    return repo.deleteDevices(trx, tenant, ids);
  });
  await s.deviceCredentials.forget(ids);
  await runtimeOf(s).forgetStates(pno, ids);
  return { removed };
}

export async function resetCredential(s: Services, ctx: RequestContext, deviceId: string) {
  const tenant = tenantOf(ctx);
  ctx.audit.target = deviceId;
  const [device] = await headsOf(s, ctx, tenant, [deviceId], P.edit);
  const credential = await s.deviceCredentials.issue(
    s.db,
    { deviceId, pno: tenant.pno, name: device?.name || deviceId },
    s.now(),
  );
  await s.deviceCredentials.forget([deviceId]);
  // Mender device tokens stop too (revokeDeviceTokens drops the cached state on every instance).
  await revokeDeviceTokens(s, tenant, [deviceId]);
  return { deviceId, credential };
}

export async function admit(s: Services, ctx: RequestContext, ids: string[], accept: 0 | 1) {
  const tenant = tenantOf(ctx);
  ctx.audit.target = `${accept ? 'accept' : 'reject'}:${target(ids)}`;
  await headsOf(s, ctx, tenant, ids, P.admit);
  const changed = await repo.setAdmission(s.db, tenant, ids, accept ? 'accepted' : 'rejected', s.now());
  // A rejected device's Mender tokens are revoked: accepted again, it authenticates afresh.
  if (accept) await runtimeOf(s).forgetStates(tenant.pno, ids);
  else await revokeDeviceTokens(s, tenant, ids);
  return { changed };
}

/** `di/admitDeviceKey`: the new key a Mender device of the property presented, accepted or rejected. */
export async function admitKey(s: Services, ctx: RequestContext, deviceId: string, accept: 0 | 1) {
  const tenant = tenantOf(ctx);
  ctx.audit.target = `${accept ? 'accept' : 'reject'}:${deviceId}`;
  await headsOf(s, ctx, tenant, [deviceId], P.admit);
  return settleNewKey(s, tenant, deviceId, accept === 1);
}

interface BindLine {
  deviceId: string;
  uid?: string;
  phoneNum?: string;
}

const lineResult = (
  ctx: RequestContext,
  deviceId: string,
  uid: string | null,
  key: MessageKey,
  params: Record<string, string> = {},
): BindResult => ({
  deviceId,
  uid,
  status: messages[key].status,
  msg: formatMessage(key, ctx.locale, params),
});

/**
 * Binds each line's device to its user, independently: a device of another property (or none) is "not found", a
 * user who is not a member of the device's property `notAMember`, a device bound to someone else
 * `deviceBoundElsewhere`; a device already bound to the same user is fine and changes nothing. A phone number is
 * looked up among the members of the device's property only, and a line's result names no user the caller did not
 * name: a phone of no member answers `notAMember` without an id, whether or not it has an account elsewhere.
 */
export async function bindDevices(s: Services, ctx: RequestContext, lines: readonly BindLine[]) {
  const scope = ctx.property ? tenantOf(ctx) : operatorScope(ctx);
  const deviceIds = [...new Set(lines.map((l) => l.deviceId))];
  const devices = new Map(
    (await repo.findDeviceHeads(s.db, scope, deviceIds)).map((d) => [
      d.device_id,
      { pno: d.pno, uid: d.uid, sid: d.sid },
    ]),
  );
  const spaces = spacesInScope(ctx, P.bind);
  const inScope = (sid: string | null) => spaces === null || (sid !== null && spaces.includes(sid));
  // Per property of the lines' devices (in the caller's scope), the users named by id and the phones to look up.
  const wanted = new Map<string, { uids: Set<string>; phones: Set<string> }>();
  for (const line of lines) {
    const device = devices.get(line.deviceId);
    if (!device || !inScope(device.sid)) continue;
    const named = wanted.get(device.pno) ?? { uids: new Set(), phones: new Set() };
    wanted.set(device.pno, named);
    if (line.uid) named.uids.add(line.uid);
    else if (line.phoneNum && isMobile(line.phoneNum)) named.phones.add(line.phoneNum);
  }
  const key = (pno: string, id: string) => `${pno}\u0000${id}`;
  const members = new Set<string>();
  const memberByPhone = new Map<string, string>();
  for (const [pno, named] of wanted) {
    // The property of devices the caller's scope found.
    const tenant = propertyTenant(pno);
    for (const m of await org.findMembers(s.db, tenant, [...named.uids])) members.add(key(pno, m.uid));
    for (const m of await org.membersByPhone(s.db, tenant, [...named.phones])) {
      members.add(key(pno, m.uid));
      memberByPhone.set(key(pno, m.phone), m.uid);
    }
  }

  const now = s.now();
  const resultList: BindResult[] = [];
  const bound: string[] = [];
  for (const line of lines) {
    const device = devices.get(line.deviceId);
    // The user the line names: its uid as given, or the member holding its phone in the device's property.
    const uid = line.uid ?? (device && line.phoneNum ? memberByPhone.get(key(device.pno, line.phoneNum)) : undefined);
    const given = line.uid ?? null;
    if (!device) {
      resultList.push(lineResult(ctx, line.deviceId, given, 'notFound', { what: line.deviceId }));
    } else if (!inScope(device.sid)) {
      resultList.push(lineResult(ctx, line.deviceId, given, 'forbidden'));
    } else if (!line.uid && !line.phoneNum) {
      resultList.push(lineResult(ctx, line.deviceId, null, 'invalidInput', { field: 'uid' }));
    } else if (!line.uid && line.phoneNum && !isMobile(line.phoneNum)) {
      resultList.push(lineResult(ctx, line.deviceId, null, 'invalidInput', { field: 'phoneNum' }));
    } else if (!uid || !members.has(key(device.pno, uid))) {
      resultList.push(lineResult(ctx, line.deviceId, given, 'notAMember'));
    } else if (device.uid === uid) {
      resultList.push(lineResult(ctx, line.deviceId, uid, 'ok'));
    } else if (device.uid !== null || !(await repo.bind(s.db, propertyTenant(device.pno), line.deviceId, uid, now))) {
      resultList.push(lineResult(ctx, line.deviceId, uid, 'deviceBoundElsewhere'));
    } else {
      device.uid = uid;
      bound.push(line.deviceId);
      resultList.push(lineResult(ctx, line.deviceId, uid, 'ok'));
    }
  }
  ctx.audit.target = target(bound);
  return { bound: bound.length, resultList };
}

export async function unbindDevices(s: Services, ctx: RequestContext, ids: string[]) {
  const scope = ctx.property ? tenantOf(ctx) : operatorScope(ctx);
  ctx.audit.target = target(ids);
  const heads = await headsOf(s, ctx, scope, ids, P.bind);
  const byProperty = new Map<string, string[]>();
  for (const h of heads) byProperty.set(h.pno, [...(byProperty.get(h.pno) ?? []), h.device_id]);
  let unbound = 0;
  // Each property as its devices' rows name it.
  for (const [pno, list] of byProperty) unbound += await repo.unbind(s.db, propertyTenant(pno), list, s.now());
  return { unbound };
}

/** Devices per group of a space, for its group tree (registered with the spaces module in routes.ts). */
export const devicesPerGroup = (s: Services, tenant: Tenant, sid: string) => repo.countBySpaceGroup(s.db, tenant, sid);

/**
 * The property's devices per reported firmware version (of one model), with how many are online, most first: the
 * firmware overview's chart (modules/firmware). Devices outside the caller's space scope are not counted.
 */
export async function firmwareVersionCounts(s: Services, ctx: RequestContext, model?: string) {
  const sidIn = spacesInScope(ctx, [...DEVICE_READERS, FIRMWARE_PERMISSIONS.overview]);
  if (sidIn?.length === 0) return [];
  const tenant = tenantOf(ctx);
  const window = await propertyOnlineWindowMs(s, tenant.pno);
  return repo.countByFirmwareVersion(s.db, tenant, {
    model,
    ...(sidIn ? { sidIn } : {}),
    cutoff: s.now() - window,
  });
}
