import {
  CMD_NAME_PATTERN,
  CMD_TARGETS_MAX,
  type CmdItem,
  type CmdResultItem,
  type CmdState,
  type CmdTargetState,
  type CmdType,
  DESTRUCTIVE_CMD_TYPES,
  COMMAND_PERMISSIONS as P,
} from '@keel/contract/endpoints/command';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { scopeRoots } from '../../platform/http/scope';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { deviceIdsInGroup, deviceSummaries, propertyDevices } from '../device/targets';
import * as actions from '../device-action/service';
import { spaceOfRef } from '../space/service';
import { commandActions, parseObject } from './actions';
import * as repo from './repo';

/**
 * Commands (README.md): sending commands to devices of the property, their results, cancelling, expiry. Each
 * device's part of a command is a device action (modules/device-action, `commandActions`); the device side (what a
 * device fetches and answers) is device-action's, given the command by `commandActionKind` (actions.ts). No SQL and
 * no HTTP here.
 */

export const EXPIRE_JOB = 'command.expire';

function itemOf(row: repo.CommandRow, counts: Map<string, number> | undefined): CmdItem {
  return {
    cmdId: row.cmd_id,
    type: row.type as CmdType,
    name: row.name,
    payload: parseObject(row.payload),
    groupId: row.group_id,
    total: Number(row.total),
    state: row.state as CmdState,
    counts: actions.resultCounts(counts),
    expireTime: Number(row.expires_at),
    creatorName: row.creator_name ?? '',
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
  };
}

async function commandItem(s: Services, tenant: Tenant, cmdId: string): Promise<CmdItem> {
  const row = await repo.findCommand(s.db, tenant, cmdId);
  if (!row) throw notFound('cmdId');
  return itemOf(row, (await actions.countsOf(s, tenant, commandActions, [cmdId])).get(cmdId));
}

/** Ends a command past its expiry: its open targets expire (the job at its expiry, and any read that finds it due). */
export async function expireCommand(s: Services, tenant: Tenant, cmdId: string): Promise<void> {
  const now = s.now();
  const devices = await s.db.transaction().execute(async (trx) => {
    if (!(await repo.endCommand(trx, tenant, cmdId, 'finished', now))) return [];
    const state = 'expired';
    return actions.closeCampaign(trx, tenant, commandActions, { sourceId: cmdId, state }, now);
  });
  await actions.devicesChanged(s, tenant, commandActions.kind, devices);
}

/** Expires the property's due commands (of `cmdIds` when given) before they are read. */
async function expireDue(s: Services, tenant: Tenant, cmdIds?: readonly string[]) {
  for (const cmdId of await repo.expiredActive(s.db, tenant, s.now(), cmdIds)) await expireCommand(s, tenant, cmdId);
}

/** The job `command.expire` (enqueued for each command's expiry). */
export async function runExpireJob(s: Services, payload: unknown): Promise<void> {
  const p = payload as { pno?: unknown; cmdId?: unknown };
  if (typeof p?.pno !== 'string' || typeof p.cmdId !== 'string') return;
  const tenant = propertyTenant(p.pno);
  const row = await repo.findCommand(s.db, tenant, p.cmdId);
  if (row?.state === 'active' && Number(row.expires_at) <= s.now()) await expireCommand(s, tenant, p.cmdId);
}

export interface SendInput {
  type: CmdType;
  name?: string;
  payload: Record<string, unknown>;
  deviceIdList?: string[];
  groupId?: string;
  expireMinutes: number;
  confirm: 0 | 1;
}

/** The devices a command goes to: those named (the property's, in the caller's space scope) and a group's. */
async function targetsOf(s: Services, ctx: RequestContext, tenant: Tenant, input: SendInput): Promise<string[]> {
  const ids = new Set<string>();
  if (input.deviceIdList && input.deviceIdList.length > 0) {
    for (const d of await propertyDevices(s, ctx, tenant, input.deviceIdList, P.send)) ids.add(d.deviceId);
  }
  if (input.groupId) {
    const sid = await spaceOfRef(s, tenant, 'spaceGroup', input.groupId);
    if (!sid) throw notFound('groupId');
    const scope = ctx.property ? scopeRoots(ctx.property, 'space', P.send) : null;
    if (scope !== null && !scope.includes(sid)) throw forbidden();
    for (const id of await deviceIdsInGroup(s, tenant, input.groupId, CMD_TARGETS_MAX + 1)) ids.add(id);
  }
  if (ids.size === 0) throw new AppError('cmdNoDevices');
  if (ids.size > CMD_TARGETS_MAX) throw new AppError('cmdTooManyDevices', { max: CMD_TARGETS_MAX });
  return [...ids].sort();
}

/**
 * `cmd/sendCmd`: checks what the type needs (a factory reset confirmed, a config push's payload, a custom command's
 * name), resolves the devices, and writes the command with one pending target per device in one transaction; the
 * devices' poll links appear at once on every instance (flags.ts), and the expiry job is queued.
 */
export async function sendCommand(s: Services, ctx: RequestContext, input: SendInput): Promise<CmdItem> {
  const tenant = tenantOf(ctx);
  if (DESTRUCTIVE_CMD_TYPES.includes(input.type) && input.confirm !== 1) throw new AppError('cmdConfirmRequired');
  if (input.type === 'configPush' && Object.keys(input.payload).length === 0) throw new AppError('cmdPayloadRequired');
  if (input.type === 'custom' && !(input.name && CMD_NAME_PATTERN.test(input.name))) {
    throw new AppError('cmdNameRequired');
  }
  const devices = await targetsOf(s, ctx, tenant, input);
  const now = s.now();
  const cmdId = newId();
  const expiresAt = now + input.expireMinutes * 60_000;
  await s.db.transaction().execute(async (trx) => {
    await repo.insertCommand(
      trx,
      tenant,
      {
        cmdId,
        type: input.type,
        name: input.type === 'custom' ? (input.name ?? '') : '',
        payload: JSON.stringify(input.payload),
        groupId: input.groupId ?? '',
        expiresAt,
        uid: requireUser(ctx).uid,
      },
      devices.length,
      now,
    );
    await actions.enqueue(trx, tenant, commandActions, { sourceId: cmdId, deviceIds: devices, expiresAt }, now);
  });
  ctx.audit.target = cmdId;
  await actions.devicesChanged(s, tenant, commandActions.kind, devices);
  await s.jobs.enqueue(
    EXPIRE_JOB,
    { pno: tenant.pno, cmdId },
    { runAt: expiresAt, dedupeKey: `${EXPIRE_JOB}:${cmdId}`, maxAttempts: 5 },
  );
  return commandItem(s, tenant, cmdId);
}

export async function listCommands(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number } & repo.CommandFilter,
) {
  const tenant = tenantOf(ctx);
  await expireDue(s, tenant);
  const { pageNum, pageSize, ...filter } = input;
  const only = filter.deviceId
    ? await actions.campaignsOfDevice(s, tenant, commandActions, filter.deviceId)
    : undefined;
  const { rows, total } = await repo.pageCommands(s.db, tenant, filter, only, pageNum, pageSize);
  const counts = await actions.countsOf(
    s,
    tenant,
    commandActions,
    rows.map((r) => r.cmd_id),
  );
  return { list: rows.map((r) => itemOf(r, counts.get(r.cmd_id))), total, pageNum, pageSize };
}

export async function listResults(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; cmdId: string; state?: CmdTargetState },
) {
  const tenant = tenantOf(ctx);
  if (!(await repo.findCommand(s.db, tenant, input.cmdId))) throw notFound('cmdId');
  await expireDue(s, tenant, [input.cmdId]);
  const states = input.state === 'delivered' ? (['delivered', 'running'] as const) : input.state && [input.state];
  const { rows, total } = await actions.pageOf(s, tenant, commandActions, input.cmdId, states, input);
  const names = await deviceSummaries(
    s,
    tenant,
    rows.map((r) => r.device_id),
  );
  const list: CmdResultItem[] = rows.map((r) => ({
    cmdId: r.source_id,
    deviceId: r.device_id,
    deviceName: names.get(r.device_id)?.name ?? '',
    state: actions.resultState(r.state),
    message: r.message,
    deliverTime: r.delivered_at === null ? null : Number(r.delivered_at),
    finishTime: r.finished_at === null ? null : Number(r.finished_at),
    updateTime: Number(r.updated_at),
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `cmd/cancelCmd`: the open targets are cancelled and the command with them; refused once it has ended. */
export async function cancelCommand(s: Services, ctx: RequestContext, cmdId: string): Promise<CmdItem> {
  const tenant = tenantOf(ctx);
  const row = await repo.findCommand(s.db, tenant, cmdId);
  if (!row) throw notFound('cmdId');
  ctx.audit.target = cmdId;
  await expireDue(s, tenant, [cmdId]);
  const now = s.now();
  const devices = await s.db.transaction().execute(async (trx) => {
    if (!(await repo.endCommand(trx, tenant, cmdId, 'cancelled', now))) return null;
    const state = 'cancelled';
    return actions.closeCampaign(trx, tenant, commandActions, { sourceId: cmdId, state }, now);
  });
  if (devices === null) throw new AppError('cmdNotActive');
  await actions.devicesChanged(s, tenant, commandActions.kind, devices);
  return commandItem(s, tenant, cmdId);
}
