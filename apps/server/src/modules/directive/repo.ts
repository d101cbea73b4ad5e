import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { countsByState } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';

/** Commands and their targets (`fw_commands`, `fw_command_targets`): SQL only, filtered by `pno`. */

const OPEN = ['pending', 'delivered'];
/** Targets inserted per statement. */
const INSERT_SLICE = 500;

export interface CommandInsert {
  cmdId: string;
  type: string;
  name: string;
  payload: string;
  groupId: string;
  expiresAt: number;
  uid: string;
}

/** A command and its devices' targets, pending (in the caller's transaction). */
export async function insertCommand(
  db: Db,
  tenant: Tenant,
  c: CommandInsert,
  deviceIds: readonly string[],
  now: number,
) {
  await db
    .insertInto('fw_commands')
    .values({
      cmd_id: c.cmdId,
      pno: tenant.pno,
      type: c.type,
      name: c.name,
      payload: c.payload,
      group_id: c.groupId,
      total: deviceIds.length,
      state: 'active',
      expires_at: c.expiresAt,
      created_by: c.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let i = 0; i < deviceIds.length; i += INSERT_SLICE) {
    await db
      .insertInto('fw_command_targets')
      .values(
        deviceIds.slice(i, i + INSERT_SLICE).map((deviceId) => ({
          cmd_id: c.cmdId,
          pno: tenant.pno,
          device_id: deviceId,
          state: 'pending',
          updated_at: now,
        })),
      )
      .execute();
  }
}

export interface CommandFilter {
  type?: string;
  state?: string;
  deviceId?: string;
  str?: string;
}

const commandBase = (db: Db, tenant: Tenant, f: CommandFilter) => {
  let q = db.selectFrom('fw_commands as c').where('c.pno', '=', tenant.pno);
  if (f.type) q = q.where('c.type', '=', f.type);
  if (f.state) q = q.where('c.state', '=', f.state);
  const { deviceId, str } = f;
  if (deviceId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('fw_command_targets as t')
          .select('t.cmd_id')
          .where('t.pno', '=', tenant.pno)
          .whereRef('t.cmd_id', '=', 'c.cmd_id')
          .where('t.device_id', '=', deviceId),
      ),
    );
  }
  if (str) {
    const pattern = `%${str.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    q = q.where((eb) => eb.or([eb('c.cmd_id', '=', str), sql<boolean>`lower(c.name) like ${pattern} escape '\\'`]));
  }
  return q;
};

const COMMAND_COLUMNS = [
  'c.cmd_id',
  'c.type',
  'c.name',
  'c.payload',
  'c.group_id',
  'c.total',
  'c.state',
  'c.expires_at',
  'c.created_at',
  'c.updated_at',
  'u.name as creator_name',
] as const;

export type CommandRow = Awaited<ReturnType<typeof findCommand>> & object;

export const pageCommands = (db: Db, tenant: Tenant, f: CommandFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(commandBase(db, tenant, f)),
    (w) =>
      commandBase(db, tenant, f)
        .leftJoin('users as u', 'u.uid', 'c.created_by')
        .select(COMMAND_COLUMNS)
        .orderBy('c.created_at', w.dir)
        .orderBy('c.cmd_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

export const findCommand = (db: Db, tenant: Tenant, cmdId: string) =>
  db
    .selectFrom('fw_commands as c')
    .leftJoin('users as u', 'u.uid', 'c.created_by')
    .select(COMMAND_COLUMNS)
    .where('c.pno', '=', tenant.pno)
    .where('c.cmd_id', '=', cmdId)
    .executeTakeFirst();

/** Each command's targets counted by state. */
export async function countsOf(db: Db, tenant: Tenant, cmdIds: readonly string[]) {
  if (cmdIds.length === 0) return new Map<string, Map<string, number>>();
  const rows = await db
    .selectFrom('fw_command_targets')
    .select(['cmd_id as owner', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', '=', tenant.pno)
    .where('cmd_id', 'in', [...cmdIds])
    .groupBy(['cmd_id', 'state'])
    .execute();
  return countsByState(rows);
}

const targetBase = (db: Db, tenant: Tenant, cmdId: string, state: string | undefined) => {
  let q = db.selectFrom('fw_command_targets as t').where('t.pno', '=', tenant.pno).where('t.cmd_id', '=', cmdId);
  if (state) q = q.where('t.state', '=', state);
  return q;
};

export const pageTargets = (
  db: Db,
  tenant: Tenant,
  cmdId: string,
  state: string | undefined,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(targetBase(db, tenant, cmdId, state), db),
    (w) =>
      targetBase(db, tenant, cmdId, state)
        .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 't.device_id').on('d.pno', '=', tenant.pno))
        .select([
          't.cmd_id',
          't.device_id',
          't.state',
          't.message',
          't.delivered_at',
          't.finished_at',
          't.updated_at',
          'd.name as device_name',
        ])
        .orderBy('t.device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );

/** The devices of a command whose targets are still open. */
export const openTargetDevices = async (db: Db, tenant: Tenant, cmdId: string) =>
  (
    await db
      .selectFrom('fw_command_targets')
      .select('device_id')
      .where('pno', '=', tenant.pno)
      .where('cmd_id', '=', cmdId)
      .where('state', 'in', OPEN)
      .execute()
  ).map((r) => r.device_id);

/**
 * Ends a command's open targets with `state` (cancelled, expired) and the command with `commandState`, if it is
 * still active. The number of targets changed.
 */
export async function closeCommand(
  db: Db,
  tenant: Tenant,
  cmdId: string,
  state: 'cancelled' | 'expired',
  commandState: 'cancelled' | 'finished',
  now: number,
): Promise<number> {
  const done = await db
    .updateTable('fw_commands')
    .set({ state: commandState, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return 0;
  const targets = await db
    .updateTable('fw_command_targets')
    .set({ state, finished_at: now, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('state', 'in', OPEN)
    .executeTakeFirst();
  return Number(targets.numUpdatedRows);
}

/** Active commands of the property past their expiry (of `cmdIds` when given). */
export const expiredActive = async (db: Db, tenant: Tenant, now: number, cmdIds?: readonly string[]) => {
  let q = db
    .selectFrom('fw_commands')
    .select('cmd_id')
    .where('pno', '=', tenant.pno)
    .where('state', '=', 'active')
    .where('expires_at', '<=', now);
  if (cmdIds) q = q.where('cmd_id', 'in', cmdIds.length > 0 ? [...cmdIds] : ['']);
  return (await q.limit(1000).execute()).map((r) => r.cmd_id);
};

// The device side.

/** The property's devices with open targets (device-flags: read once per property). */
export const devicesWithOpenTargets = async (db: Db, tenant: Tenant) =>
  (
    await db
      .selectFrom('fw_command_targets')
      .select('device_id')
      .distinct()
      .where('pno', '=', tenant.pno)
      .where('state', 'in', OPEN)
      .execute()
  ).map((r) => r.device_id);

export const deviceHasOpenTarget = async (db: Db, tenant: Tenant, deviceId: string) =>
  (await db
    .selectFrom('fw_command_targets')
    .select('cmd_id')
    .where('pno', '=', tenant.pno)
    .where('state', 'in', OPEN)
    .where('device_id', '=', deviceId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** A device's open commands not yet expired, oldest first (at most `limit`). */
export const openCommandsOf = (db: Db, tenant: Tenant, deviceId: string, now: number, limit: number) =>
  db
    .selectFrom('fw_command_targets as t')
    .innerJoin('fw_commands as c', (j) => j.onRef('c.cmd_id', '=', 't.cmd_id').on('c.pno', '=', tenant.pno))
    .select(['c.cmd_id', 'c.type', 'c.name', 'c.payload', 'c.created_at', 'c.expires_at', 't.state'])
    .where('t.pno', '=', tenant.pno)
    .where('t.device_id', '=', deviceId)
    .where('t.state', 'in', OPEN)
    .where('c.state', '=', 'active')
    .where('c.expires_at', '>', now)
    .orderBy('c.created_at')
    .orderBy('c.cmd_id')
    .limit(limit)
    .execute();

/** Marks the device's pending targets of these commands delivered. */
export const markDelivered = (db: Db, tenant: Tenant, deviceId: string, cmdIds: readonly string[], now: number) =>
  cmdIds.length === 0
    ? Promise.resolve()
    : db
        .updateTable('fw_command_targets')
        .set({ state: 'delivered', delivered_at: now, updated_at: now })
        .where('pno', '=', tenant.pno)
        .where('device_id', '=', deviceId)
        .where('cmd_id', 'in', [...cmdIds])
        .where('state', '=', 'pending')
        .execute()
        .then(() => undefined);

/** The state of a device's target of a command (undefined when there is none), with the command's state and expiry. */
export const targetOf = (db: Db, tenant: Tenant, cmdId: string, deviceId: string) =>
  db
    .selectFrom('fw_command_targets as t')
    .innerJoin('fw_commands as c', (j) => j.onRef('c.cmd_id', '=', 't.cmd_id').on('c.pno', '=', tenant.pno))
    .select(['t.state', 'c.state as command_state', 'c.expires_at'])
    .where('t.pno', '=', tenant.pno)
    .where('t.cmd_id', '=', cmdId)
    .where('t.device_id', '=', deviceId)
    .executeTakeFirst();

/**
 * Records a device's answer to an open target (delivered → succeeded/failed; a device may answer without having
 * fetched it, e.g. after a restart); finishes the command when it was its last open target. False when the target
 * was not open.
 */
export async function finishTarget(
  db: Db,
  tenant: Tenant,
  cmdId: string,
  deviceId: string,
  state: 'succeeded' | 'failed',
  message: string,
  now: number,
): Promise<boolean> {
  const done = await db
    .updateTable('fw_command_targets')
    .set({ state, message, finished_at: now, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('device_id', '=', deviceId)
    .where('state', 'in', OPEN)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  const open = await db
    .selectFrom('fw_command_targets')
    .select('device_id')
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('state', 'in', OPEN)
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable('fw_commands')
    .set(open ? { updated_at: now } : { state: 'finished', updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('state', '=', 'active')
    .execute();
  return true;
}

/** Notes a device's progress message on a delivered target ("proceeding"). */
export const noteProgress = (db: Db, tenant: Tenant, cmdId: string, deviceId: string, message: string, now: number) =>
  db
    .updateTable('fw_command_targets')
    .set({ message, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('cmd_id', '=', cmdId)
    .where('device_id', '=', deviceId)
    .where('state', 'in', OPEN)
    .execute();
