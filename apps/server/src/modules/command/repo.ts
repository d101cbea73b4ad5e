import { sql } from 'kysely';
import { withUserName, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/** Commands (`commands`): SQL only, on the tenant's scoped handle. Their devices' actions are device-action's. */

export interface CommandInsert {
  cmdId: string;
  type: string;
  name: string;
  payload: string;
  groupId: string;
  expiresAt: number;
  uid: string;
}

/** A command for `total` devices (in the caller's transaction; its devices' actions are device-action's). */
export async function insertCommand(db: Db, tenant: Tenant, c: CommandInsert, total: number, now: number) {
  await tenantDb(db, tenant)
    .insertInto('commands')
    .values({
      cmd_id: c.cmdId,
      type: c.type,
      name: c.name,
      payload: c.payload,
      group_id: c.groupId,
      total,
      state: 'active',
      expires_at: c.expiresAt,
      created_by: c.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export interface CommandFilter {
  type?: string;
  state?: string;
  deviceId?: string;
  str?: string;
}

const commandBase = (db: Db, tenant: Tenant, f: CommandFilter, only: readonly string[] | undefined) => {
  let q = tenantDb(db, tenant).selectFrom('commands as c');
  if (f.type) q = q.where('c.type', '=', f.type);
  if (f.state) q = q.where('c.state', '=', f.state);
  if (only) q = q.where('c.cmd_id', 'in', only.length > 0 ? [...only] : ['']);
  const { str } = f;
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
  'c.created_by',
] as const;

export type CommandRow = Awaited<ReturnType<typeof findCommand>> & object;

/** A page of the property's commands, newest first (of `only` when given: those sent to one device). */
export async function pageCommands(
  db: Db,
  tenant: Tenant,
  f: CommandFilter,
  only: readonly string[] | undefined,
  pageNum: number,
  pageSize: number,
) {
  const page = await readPage(
    () => countOf(commandBase(db, tenant, f, only)),
    (w) =>
      commandBase(db, tenant, f, only)
        .select(COMMAND_COLUMNS)
        .orderBy('c.created_at', w.dir)
        .orderBy('c.cmd_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  // The creators' names: one read for the page (users are platform/auth's).
  return { ...page, rows: await withUserNames(db, page.rows, 'created_by', 'creator_name') };
}

export const findCommand = async (db: Db, tenant: Tenant, cmdId: string) =>
  withUserName(
    db,
    await tenantDb(db, tenant)
      .selectFrom('commands as c')
      .select(COMMAND_COLUMNS)
      .where('c.cmd_id', '=', cmdId)
      .executeTakeFirst(),
    'created_by',
    'creator_name',
  );

/** The commands of `cmdIds` as a device receives them. */
export const commandsFor = (db: Db, tenant: Tenant, cmdIds: readonly string[]) =>
  cmdIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, tenant)
        .selectFrom('commands')
        .select(['cmd_id', 'type', 'name', 'payload', 'state', 'created_at', 'expires_at'])
        .where('cmd_id', 'in', [...cmdIds])
        .execute();

/** Ends an active command (`finished`: nothing left to answer; `cancelled`). False when it was not active. */
export async function endCommand(
  db: Db,
  tenant: Tenant,
  cmdId: string,
  state: 'cancelled' | 'finished',
  now: number,
): Promise<boolean> {
  const done = await tenantDb(db, tenant)
    .updateTable('commands')
    .set({ state, updated_at: now })
    .where('cmd_id', '=', cmdId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Active commands of the property past their expiry (of `cmdIds` when given). */
export const expiredActive = async (db: Db, tenant: Tenant, now: number, cmdIds?: readonly string[]) => {
  let q = tenantDb(db, tenant)
    .selectFrom('commands')
    .select('cmd_id')
    .where('state', '=', 'active')
    .where('expires_at', '<=', now);
  if (cmdIds) q = q.where('cmd_id', 'in', cmdIds.length > 0 ? [...cmdIds] : ['']);
  return (await q.limit(1000).execute()).map((r) => r.cmd_id);
};
