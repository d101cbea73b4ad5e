import { insertRows } from '../../platform/db/bulk-insert';
import type { Db } from '../../platform/db/connect';
import { nextActionIds } from '../../platform/db/counters';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { OPEN_STATES } from './machine';

/** The SQL of device actions (README.md): every query on the tenant's scoped handle. No rules here. */

const OPEN = [...OPEN_STATES];

export type ActionRow = Awaited<ReturnType<typeof findAction>> & object;

const COLUMNS = [
  'action_id',
  'pno',
  'device_id',
  'kind',
  'source_id',
  'priority',
  'state',
  'stage',
  'progress',
  'message',
  'protocol',
  'cancel_state',
  'expires_at',
  'created_at',
  'delivered_at',
  'finished_at',
  'cancel_at',
  'updated_at',
] as const;

/**
 * New pending actions of one kind and campaign, one per device, with consecutive ids from the platform-wide action
 * counter; inside the caller's transaction. Answers the first id (the devices' ids follow in their order).
 */
export async function insertActions(
  db: Db,
  tenant: Tenant,
  a: { kind: string; sourceId: string; deviceIds: readonly string[]; priority: number; expiresAt: number | null },
  now: number,
): Promise<number> {
  if (a.deviceIds.length === 0) return 0;
  const first = await nextActionIds(db, a.deviceIds.length);
  // Written here, not by the query builder: thousands of rows (platform/db/bulk-insert.ts); each row names its pno.
  await insertRows(
    db,
    'device_actions',
    a.deviceIds.map((deviceId, i) => ({
      action_id: first + i,
      pno: tenant.pno,
      device_id: deviceId,
      kind: a.kind,
      source_id: a.sourceId,
      priority: a.priority,
      state: 'pending',
      expires_at: a.expiresAt,
      created_at: now,
      updated_at: now,
    })),
  );
  return first;
}

export const findAction = (db: Db, tenant: Tenant, actionId: number) =>
  tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select(COLUMNS)
    .where('action_id', '=', actionId)
    .executeTakeFirst();

/** A device's open actions of these kinds, its queue's order: higher priority first, then the oldest. */
export const openActionsOf = (db: Db, tenant: Tenant, deviceId: string, kinds: readonly string[], limit: number) =>
  tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select(COLUMNS)
    .where('device_id', '=', deviceId)
    .where('state', 'in', OPEN)
    .where('kind', 'in', kinds)
    .orderBy('priority', 'desc')
    .orderBy('action_id', 'asc')
    .limit(limit)
    .execute();

/** The property's devices with an open action of these kinds. */
export const devicesWithOpen = async (db: Db, tenant: Tenant, kinds: readonly string[]) =>
  (
    await tenantDb(db, tenant)
      .selectFrom('device_actions')
      .select('device_id')
      .distinct()
      .where('state', 'in', OPEN)
      .where('kind', 'in', kinds)
      .execute()
  ).map((r) => r.device_id);

/** A device's action cancelled while it held it and not answered yet (DDI cancelAction), of these kinds. */
export const requestedCancelOf = (db: Db, tenant: Tenant, deviceId: string, kinds: readonly string[]) =>
  tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select(['action_id', 'kind', 'source_id'])
    .where('cancel_state', '=', 'requested')
    .where('device_id', '=', deviceId)
    .where('kind', 'in', kinds)
    .orderBy('action_id', 'asc')
    .executeTakeFirst();

export const devicesWithRequestedCancels = async (db: Db, tenant: Tenant, kinds: readonly string[]) =>
  (
    await tenantDb(db, tenant)
      .selectFrom('device_actions')
      .select('device_id')
      .distinct()
      .where('cancel_state', '=', 'requested')
      .where('kind', 'in', kinds)
      .execute()
  ).map((r) => r.device_id);

/** Changes an action if it is still in one of `from` (another writer may have moved it): whether it did. */
export async function updateAction(
  db: Db,
  tenant: Tenant,
  actionId: number,
  from: readonly string[],
  patch: Partial<Omit<ActionRow, 'action_id' | 'pno' | 'device_id' | 'kind' | 'source_id'>>,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('device_actions')
    .set(patch)
    .where('action_id', '=', actionId)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Marks a device's pending actions of `ids` fetched. */
export const markDelivered = (db: Db, tenant: Tenant, ids: readonly number[], now: number) =>
  ids.length === 0
    ? Promise.resolve()
    : tenantDb(db, tenant)
        .updateTable('device_actions')
        .set({ state: 'delivered', delivered_at: now, updated_at: now })
        .where('action_id', 'in', [...ids])
        .where('state', '=', 'pending')
        .execute()
        .then(() => undefined);

/** The answer to a cancel the device was told about: recorded once (false when none was waiting). */
export async function answerCancel(
  db: Db,
  tenant: Tenant,
  actionId: number,
  answer: 'confirmed' | 'rejected',
  message: string,
  now: number,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('device_actions')
    .set({ cancel_state: answer, cancel_at: now, ...(message ? { message } : {}), updated_at: now })
    .where('action_id', '=', actionId)
    .where('cancel_state', '=', 'requested')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// A campaign's actions (its producer's questions).

/** How many of each campaign's actions are in each state. */
export async function countsBySource(db: Db, tenant: Tenant, kind: string, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return [];
  return tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select((eb) => ['source_id', 'state', eb.fn.countAll<number>().as('n')])
    .where('kind', '=', kind)
    .where('source_id', 'in', [...sourceIds])
    .groupBy(['source_id', 'state'])
    .execute();
}

const sourceBase = (db: Db, tenant: Tenant, kind: string, sourceId: string, states: readonly string[] | undefined) => {
  let q = tenantDb(db, tenant).selectFrom('device_actions').where('kind', '=', kind).where('source_id', '=', sourceId);
  if (states) q = q.where('state', 'in', [...states]);
  return q;
};

/** A page of a campaign's actions (in `states` when given), in the order they were made, then by device id. */
export const pageBySource = (
  db: Db,
  tenant: Tenant,
  kind: string,
  sourceId: string,
  states: readonly string[] | undefined,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(sourceBase(db, tenant, kind, sourceId, states), db),
    (w) =>
      sourceBase(db, tenant, kind, sourceId, states)
        .select(COLUMNS)
        .orderBy('created_at', w.dir)
        .orderBy('device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );

/** The devices whose actions of the campaign are open. */
export const openDevicesOfSource = async (db: Db, tenant: Tenant, kind: string, sourceId: string) =>
  (await sourceBase(db, tenant, kind, sourceId, OPEN).select('device_id').execute()).map((r) => r.device_id);

export const hasOpenOfSource = async (db: Db, tenant: Tenant, kind: string, sourceId: string) =>
  Boolean(await sourceBase(db, tenant, kind, sourceId, OPEN).select('action_id').limit(1).executeTakeFirst());

export const hasActionOf = async (db: Db, tenant: Tenant, kind: string, sourceId: string, deviceId: string) =>
  Boolean(
    await sourceBase(db, tenant, kind, sourceId, undefined)
      .select('action_id')
      .where('device_id', '=', deviceId)
      .limit(1)
      .executeTakeFirst(),
  );

/** Of `deviceIds`, those the campaign sent an action (any state). */
export const devicesOfSource = async (
  db: Db,
  tenant: Tenant,
  kind: string,
  sourceId: string,
  deviceIds: readonly string[],
) =>
  deviceIds.length === 0
    ? []
    : (
        await sourceBase(db, tenant, kind, sourceId, undefined)
          .select('device_id')
          .where('device_id', 'in', [...deviceIds])
          .execute()
      ).map((r) => r.device_id);

/** The campaigns of the kind that sent the device an action (any state). */
export const sourcesOfDevice = async (db: Db, tenant: Tenant, kind: string, deviceId: string) =>
  (
    await tenantDb(db, tenant)
      .selectFrom('device_actions')
      .select('source_id')
      .distinct()
      .where('kind', '=', kind)
      .where('device_id', '=', deviceId)
      .execute()
  ).map((r) => r.source_id);

/** The device's action of a campaign (the latest, when there were several), any state. */
export const actionOfSource = (db: Db, tenant: Tenant, kind: string, sourceId: string, deviceId: string) =>
  tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select(COLUMNS)
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .where('device_id', '=', deviceId)
    .orderBy('action_id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Of `deviceIds`, those with an open action of the kind, with its campaign. */
export const openOfDevices = (db: Db, tenant: Tenant, kind: string, deviceIds: readonly string[]) =>
  deviceIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, tenant)
        .selectFrom('device_actions')
        .select(['device_id', 'source_id'])
        .where('kind', '=', kind)
        .where('state', 'in', OPEN)
        .where('device_id', 'in', [...deviceIds])
        .execute();

/** Which open actions a close tells their device about (DDI cancelAction): in these states, not over these protocols. */
export interface TellHolders {
  states: readonly string[];
  exceptProtocols?: readonly string[];
}

/**
 * Closes a campaign's open actions (of `deviceIds` only, when given) with `state`; those `tell` picks are told to
 * their device (`cancel_state` requested). Answers the devices whose actions changed.
 */
export async function closeOpenOfSource(
  db: Db,
  tenant: Tenant,
  a: {
    kind: string;
    sourceId: string;
    deviceIds?: readonly string[];
    state: 'cancelled' | 'expired';
    tell?: TellHolders;
  },
  now: number,
): Promise<string[]> {
  if (a.deviceIds?.length === 0) return [];
  const open = () => {
    let q = tenantDb(db, tenant)
      .updateTable('device_actions')
      .where('kind', '=', a.kind)
      .where('source_id', '=', a.sourceId)
      .where('state', 'in', OPEN);
    if (a.deviceIds) q = q.where('device_id', 'in', [...a.deviceIds]);
    return q;
  };
  let devicesQuery = sourceBase(db, tenant, a.kind, a.sourceId, OPEN).select('device_id');
  if (a.deviceIds) devicesQuery = devicesQuery.where('device_id', 'in', [...a.deviceIds]);
  const devices = (await devicesQuery.execute()).map((r) => r.device_id);
  if (devices.length === 0) return [];
  const close = { state: a.state, finished_at: now, updated_at: now };
  if (a.tell) {
    let told = open()
      .set({ ...close, cancel_state: 'requested' })
      .where('state', 'in', [...a.tell.states]);
    if (a.tell.exceptProtocols?.length) told = told.where('protocol', 'not in', [...a.tell.exceptProtocols]);
    await told.execute();
  }
  await open().set(close).execute();
  return devices;
}

/** Campaigns of the kind with open actions past their expiry (all, or of `sourceIds`). */
export const expiredSources = async (
  db: Db,
  tenant: Tenant,
  kind: string,
  now: number,
  sourceIds?: readonly string[],
) => {
  let q = tenantDb(db, tenant)
    .selectFrom('device_actions')
    .select('source_id')
    .distinct()
    .where('kind', '=', kind)
    .where('state', 'in', OPEN)
    .where('expires_at', '<=', now);
  if (sourceIds) q = q.where('source_id', 'in', [...sourceIds]);
  return (await q.execute()).map((r) => r.source_id);
};

export const deleteBySource = (db: Db, tenant: Tenant, kind: string, sourceId: string) =>
  tenantDb(db, tenant)
    .deleteFrom('device_actions')
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .executeTakeFirst()
    .then((r) => Number(r.numDeletedRows));
