import {
  type FuncRecordSource,
  ROUTED_CMD_OPEN_STATES,
  ROUTED_CMD_READERS,
  type RoutedCmdItem,
  type RoutedCmdState,
  SECURITY_RECORD_PERMISSIONS,
} from '@keel/contract/endpoints/security-records';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { deviceIdsAmong } from '../device/reads';
import * as actions from '../device-action/service';
import { assertReach, type Caller } from './caller';
import { issueFuncToken } from './issue';
import { type NameReader, namesOf } from './record-names';
import * as repo from './repo';
import { securityCommandActions } from './routed-kind';
import * as routed from './routed-repo';
import { assertSecuritySpace } from './spaces';

/**
 * Routed commands (README "Security routes and records"): a member runs a function on a device through the platform.
 * `sendFuncCommand` takes the decision and a token for the caller (`issueFuncToken`: a refusal is recorded there and
 * answered as its message) and delivers it to the device as a `securityCommand` action (routed-kind.ts), which ends
 * with the device's answer; the command expires with its token (a job at its expiry, and any read that finds it due).
 */

/** Commands one read expires at most (the rest at the next read). */
export const EXPIRE_BATCH = 100;

export async function items(s: Services, c: NameReader, rows: readonly routed.RoutedRow[]): Promise<RoutedCmdItem[]> {
  const names = await namesOf(s, c, rows);
  return rows.map((r, i) => {
    const n = names[i] as (typeof names)[number];
    return {
      cmdId: r.cmd_id,
      sid: r.sid,
      funcId: r.func_id,
      funcCode: n.funcCode,
      funcName: n.funcName,
      deviceId: r.device_id,
      deviceName: n.deviceName,
      uid: r.uid,
      userName: n.userName,
      argument: r.argument,
      state: r.state as RoutedCmdState,
      source: (r.source || '') as FuncRecordSource | '',
      responseCode: r.response_code,
      responseName: n.responseName,
      message: r.message,
      expireTime: Number(r.expires_at),
      deliverTime: r.delivered_at === null ? null : Number(r.delivered_at),
      finishTime: r.finished_at === null ? null : Number(r.finished_at),
      createTime: Number(r.created_at),
    };
  });
}

/** The job that expires a routed command when its token runs out (enqueued for each command's expiry). */
export const ROUTED_EXPIRE_JOB = 'securityChain.routedExpire';

/** Expires the tenant's open commands whose token ran out (of `cmdIds` only, when given), with their device actions. */
export async function expireDue(s: Services, t: Tenant, cmdIds?: readonly string[]): Promise<void> {
  const now = s.now();
  const due = await routed.expiredOpen(s.db, t, ROUTED_CMD_OPEN_STATES, now, EXPIRE_BATCH, cmdIds);
  const changed: string[] = [];
  for (const cmd of due) {
    const done = await s.db.transaction().execute(async (trx) => {
      if (
        !(await routed.updateRouted(trx, t, cmd.cmd_id, ROUTED_CMD_OPEN_STATES, {
          state: 'expired',
          finished_at: now,
          updated_at: now,
        }))
      )
        return false;
      await actions.closeCampaign(trx, t, securityCommandActions, { sourceId: cmd.cmd_id, state: 'expired' }, now);
      return true;
    });
    if (done) changed.push(cmd.device_id);
  }
  if (changed.length > 0) await actions.devicesChanged(s, t, securityCommandActions.kind, changed);
}

/** The job `securityChain.routedExpire`: the command expires if it still waits. */
export async function runRoutedExpiry(s: Services, payload: unknown): Promise<void> {
  const p = payload as { pno?: unknown; cmdId?: unknown };
  if (typeof p?.pno !== 'string' || typeof p.cmdId !== 'string') return;
  await expireDue(s, propertyTenant(p.pno), [p.cmdId]);
}

/** A command the caller may see: their own, or one of a space they read routed commands in. */
async function commandOf(s: Services, c: Caller, cmdId: string, permissions: readonly string[]) {
  const row = await routed.findRouted(s.db, c.t, cmdId);
  if (!row) throw notFound('cmdId');
  if (row.uid !== c.uid) assertReach(c, permissions, row.sid);
  return row;
}

async function itemOf(s: Services, c: NameReader, cmdId: string): Promise<RoutedCmdItem> {
  const row = await routed.findRouted(s.db, c.t, cmdId);
  if (!row) throw notFound('cmdId');
  return (await items(s, c, [row]))[0] as RoutedCmdItem;
}

/**
 * `seclink/channel/sendFuncCommand`: the function (of the property: else "not found") on the device, for the
 * caller. The token is issued (and recorded) first; the command and its device action are written in one transaction.
 */
export async function sendCommand(
  s: Services,
  c: Caller,
  input: { deviceId: string; funcId: string; argument: string },
): Promise<RoutedCmdItem> {
  const func = await repo.findFunc(s.db, c.t, input.funcId);
  if (!func) throw notFound('funcId');
  if (!(await deviceIdsAmong(s.db, c.t, [input.deviceId])).has(input.deviceId)) throw notFound('deviceId');
  const issued = await issueFuncToken(s, c, { deviceId: input.deviceId, funcId: input.funcId });
  const now = s.now();
  const cmdId = newId();
  await s.db.transaction().execute(async (trx) => {
    await routed.insertRouted(trx, c.t, {
      cmd_id: cmdId,
      sid: func.sid,
      func_id: func.func_id,
      device_id: input.deviceId,
      uid: c.uid,
      argument: input.argument,
      token: issued.token,
      nonce: issued.nonce,
      source: issued.source,
      record_id: issued.recordId,
      state: 'pending',
      response_code: '',
      message: '',
      expires_at: issued.expiresAt,
      delivered_at: null,
      finished_at: null,
      created_at: now,
      updated_at: now,
    });
    await actions.enqueue(
      trx,
      c.t,
      securityCommandActions,
      { sourceId: cmdId, deviceIds: [input.deviceId], expiresAt: issued.expiresAt },
      now,
    );
  });
  await actions.devicesChanged(s, c.t, securityCommandActions.kind, [input.deviceId]);
  await s.jobs.enqueue(
    ROUTED_EXPIRE_JOB,
    { pno: c.t.pno, cmdId },
    { runAt: issued.expiresAt, dedupeKey: `${ROUTED_EXPIRE_JOB}:${cmdId}`, maxAttempts: 5 },
  );
  return itemOf(s, c, cmdId);
}

/**
 * Cancels a command of the property while it waits for its device (`routedCmdNotOpen` after), with its device
 * action; the caller checked who may.
 */
export async function cancelOpen(s: Services, t: Tenant, row: routed.RoutedRow): Promise<void> {
  const now = s.now();
  const done = await s.db.transaction().execute(async (trx) => {
    if (
      !(await routed.updateRouted(trx, t, row.cmd_id, ROUTED_CMD_OPEN_STATES, {
        state: 'cancelled',
        finished_at: now,
        updated_at: now,
      }))
    )
      return false;
    await actions.closeCampaign(trx, t, securityCommandActions, { sourceId: row.cmd_id, state: 'cancelled' }, now);
    return true;
  });
  if (!done) throw new AppError('routedCmdNotOpen');
  await actions.devicesChanged(s, t, securityCommandActions.kind, [row.device_id]);
}

/** `seclink/channel/cancelFuncCommand`: while the command waits for its device; its sender or a routed commands reader. */
export async function cancelCommand(s: Services, c: Caller, cmdId: string): Promise<RoutedCmdItem> {
  await expireDue(s, c.t);
  const row = await commandOf(s, c, cmdId, [SECURITY_RECORD_PERMISSIONS.routedCmd]);
  await cancelOpen(s, c.t, row);
  return itemOf(s, c, row.cmd_id);
}

/** `seclink/channel/getFuncCommand`: one command, as it stands now. */
export async function getCommand(s: Services, c: Caller, cmdId: string): Promise<RoutedCmdItem> {
  await commandOf(s, c, cmdId, ROUTED_CMD_READERS);
  await expireDue(s, c.t);
  return itemOf(s, c, cmdId);
}

export type RoutedQuery = routed.RoutedFilter & { pageNum: number; pageSize: number };

/** `seclink/channel/getCmdRecordList`: a space's routed commands, newest first. */
export async function listCommands(s: Services, c: Caller, f: RoutedQuery) {
  await assertSecuritySpace(s, c, f.sid);
  if (f.funcId) {
    const func = await repo.findFunc(s.db, c.t, f.funcId);
    if (!func || func.sid !== f.sid) throw notFound('funcId');
  }
  if (f.deviceId && !(await deviceIdsAmong(s.db, c.t, [f.deviceId])).has(f.deviceId)) throw notFound('deviceId');
  await expireDue(s, c.t);
  const { rows, total } = await routed.pageRouted(s.db, c.t, f, f.pageNum, f.pageSize);
  return { list: await items(s, c, rows), total, pageNum: f.pageNum, pageSize: f.pageSize };
}
