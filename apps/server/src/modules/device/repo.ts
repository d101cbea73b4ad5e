import {
  type ExpressionBuilder,
  type Insertable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { deviceCredentialExists } from '../../platform/auth/device-credentials';
import { userHeads, withPropertyNames } from '../../platform/auth/reads';
import { type Db, precompile } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Database } from '../../platform/db/schema';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import { isAllTenants, propertyTenant, type Tenant, type TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import type { DevicesTable } from './tables';

/**
 * SQL of the device registry (`devices`, with `device_credentials` for whether one exists). No rules here. Queries
 * run on the tenant's scoped handle, which adds the property (platform/tenancy/tenant-scope.ts), but for the
 * precompiled reads (`precompile`, which bind the property as a parameter) and those keyed by a user's own uid.
 */

/**
 * The property condition of a precompiled query that names its devices by id (joined to a page of ids): the same
 * `pno = ?`, written so that no index serves it. SQLite, without statistics, would otherwise read the property's
 * rows through a `(pno, …)` index and check each against the ids — 10 000 rows for a page of ten — instead of
 * looking the ids up by primary key (measured: 120 ms against 1 ms with 10 000 devices in the property and
 * 1 000 000 in all).
 */
const ofProperty = (column: string, pno: string) => sql<SqlBool>`coalesce(${sql.ref(column)}, '') = ${pno}`;

/** `ids`, each once, as a table (`(values (?), …) as ids`, whose column is `column1` on both databases). */
const idList = (ids: readonly string[]) =>
  sql<{ column1: string }>`(values ${sql.join([...new Set(ids)].map((id) => sql`(${id})`))})`.as('ids');

/**
 * Devices named by id (`devices as d`), on a scoped handle: read from a list of the ids (`idList`), each looked up by
 * primary key. Named with `d.device_id in (…)`, the scope's `d.pno = ?` beside it would lead SQLite to a `(pno, …)`
 * index as above (`ofProperty`). `ids` must not be empty.
 */
export const devicesById = (handle: TenantDb, ids: readonly string[]) =>
  handle.selectFrom(idList(ids)).innerJoin('devices as d', 'd.device_id', 'ids.column1') as unknown as DeviceQuery;

export interface DeviceFilter {
  business?: string;
  groupId?: string;
  label?: string;
  mockup?: number;
  model?: string;
  osType?: string;
  sid?: string;
  /** Only devices in these spaces (an administrator limited to spaces); never empty (the service answers none). */
  sidIn?: readonly string[];
  str?: string;
  uid?: string;
  admission?: string;
  /** Online (1) or not (0): seen since `cutoff` (epoch ms) or not. */
  online?: { value: 0 | 1; cutoff: number };
}

// biome-ignore lint/complexity/noBannedTypes: Kysely's empty selection.
type DeviceQuery = SelectQueryBuilder<Database & { d: DevicesTable }, 'd', {}>;

function filtered(q: DeviceQuery, f: DeviceFilter): DeviceQuery {
  if (f.business !== undefined) q = q.where('d.business', '=', f.business);
  if (f.groupId !== undefined) q = q.where('d.group_id', '=', f.groupId);
  if (f.label !== undefined) q = q.where('d.label', '=', f.label);
  if (f.mockup !== undefined) q = q.where('d.mockup', '=', f.mockup);
  if (f.model !== undefined) q = q.where('d.model_id', '=', f.model);
  if (f.osType !== undefined) q = q.where('d.os_type', '=', f.osType);
  if (f.sid !== undefined) q = q.where('d.sid', '=', f.sid);
  if (f.sidIn !== undefined) q = q.where('d.sid', 'in', f.sidIn);
  if (f.uid !== undefined) q = q.where('d.uid', '=', f.uid);
  if (f.admission !== undefined) q = q.where('d.admission', '=', f.admission);
  if (f.online) {
    const { cutoff } = f.online;
    // Seen since the cutoff: a presence row (migration 0034) that recent; a device never seen has none.
    const seen = (eb: ExpressionBuilder<Database & { d: DevicesTable }, 'd'>) =>
      eb.exists(
        eb
          .selectFrom('device_presence as s')
          .select('s.device_id')
          .whereRef('s.device_id', '=', 'd.device_id')
          .where('s.last_seen_at', '>=', cutoff),
      );
    q = f.online.value === 1 ? q.where(seen) : q.where((eb) => eb.not(seen(eb)));
  }
  if (f.str) {
    q = q.where(containsAnyCi(['d.device_id', 'd.name', 'd.label'], f.str));
  }
  return q;
}

/** Every column an item or a detail shows, with the model, its platform and type (names: `withNames`). */
function detailed(devices: DeviceQuery) {
  return devices
    .leftJoin('device_models as m', 'm.model_id', 'd.model_id')
    .leftJoin('device_platforms as dp', 'dp.platform_id', 'm.platform_id')
    .leftJoin('device_types as dt', 'dt.type_id', 'm.type_id')
    .leftJoin('device_presence as s', 's.device_id', 'd.device_id')
    .select([
      'd.device_id',
      'd.pno',
      'd.name',
      'd.label',
      'd.business',
      'd.model_id',
      'm.name as model_name',
      'dp.name as platform_name',
      'dt.name as type_name',
      'd.os_type',
      'd.mockup',
      'd.sid',
      'd.group_id',
      'd.uid',
      'd.bound_at',
      'd.admission',
      'd.enrolment',
      'd.remark',
      'd.firmware_version',
      'd.app_version',
      'd.attributes',
      'd.attributes_at',
      's.first_seen_at',
      's.last_seen_at',
      's.last_address',
      'd.created_at',
      'd.updated_at',
    ])
    .select((eb) => deviceCredentialExists(eb.ref('d.device_id'), true).as('has_credential'));
}

type DetailedRow = Awaited<ReturnType<ReturnType<typeof detailed>['executeTakeFirstOrThrow']>>;
export type DeviceRow = DetailedRow & { property_name: string; user_name: string | null; user_phone: string | null };

/** The rows with their property's name and their user's name and phone (one read each per page). */
async function withNames(db: Db, rows: readonly DetailedRow[]): Promise<DeviceRow[]> {
  const [people, named] = await Promise.all([
    userHeads(
      db,
      rows.map((r) => r.uid),
    ),
    withPropertyNames(db, rows, 'pno', 'property_name'),
  ]);
  return named.map((r) => {
    const user = r.uid ? people.get(r.uid) : undefined;
    return { ...r, user_name: user?.name ?? null, user_phone: user?.phone ?? null };
  });
}

/** The rows of these devices, in the order of `ids` (the page's order). */
async function rowsOf(db: Db, scope: TenantScope | { uid: string }, ids: string[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return [];
  const q =
    'uid' in scope
      ? detailed(db.selectFrom('devices as d'))
          .where('d.device_id', 'in', ids)
          .where(acrossProperties('own-uid'))
          .where('d.uid', '=', scope.uid)
      : detailed(devicesById(scopedDb(db, scope), ids));
  const rows = await q.execute();
  const byId = new Map(rows.map((r) => [r.device_id, r]));
  return withNames(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** One page of ids, newest first, read from the nearer end (platform/db/paging.ts), then their rows. */
async function page(
  db: Db,
  base: () => DeviceQuery,
  scope: TenantScope | { uid: string },
  pageNum: number,
  pageSize: number,
) {
  const { rows: ids, total } = await readPage(
    () => countOf(base(), db),
    async (w) =>
      (
        await base()
          .select('d.device_id')
          .orderBy('d.created_at', w.dir)
          .orderBy('d.device_id', w.dir)
          .limit(w.limit)
          .offset(w.offset)
          .execute()
      ).map((r) => r.device_id),
    { pageNum, pageSize, order: 'desc' },
  );
  return { rows: await rowsOf(db, scope, ids), total };
}

/** A page of a property's devices (or, for an operator's handle, every property's). */
export function pageDevices(db: Db, tenant: TenantScope, f: DeviceFilter, pageNum: number, pageSize: number) {
  if (!isAllTenants(tenant) && Object.values(f).every((v) => v === undefined)) {
    return wholePropertyPage(db, tenant, pageNum, pageSize);
  }
  const scoped = scopedDb(db, tenant);
  const base = () => filtered(scoped.selectFrom('devices as d') as unknown as DeviceQuery, f);
  return page(db, base, tenant, pageNum, pageSize);
}

const wholePropertyQueries = new WeakMap<Db, ReturnType<typeof compileWholeProperty>>();
// Precompiled on the plain handle, the property bound as a parameter: a scoped handle is one property's.
function compileWholeProperty(db: Db) {
  const rowsIn = (dir: 'asc' | 'desc') =>
    precompile(
      db,
      (param: (name: 'pno' | 'limit' | 'offset') => string) =>
        detailed(db.selectFrom('devices as d'))
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('devices as pg')
                .select(['pg.device_id'])
                // not a tenant filter: precompiled once for every property, pno bound as a parameter
                .where('pg.pno', '=', param('pno'))
                .orderBy('pg.created_at', dir)
                .orderBy('pg.device_id', dir)
                .limit(param('limit') as unknown as number)
                .offset(param('offset') as unknown as number)
                .as('pg'),
            (j) => j.onRef('pg.device_id', '=', 'd.device_id'),
          )
          .where(ofProperty('d.pno', param('pno')))
          .orderBy('d.created_at', dir)
          .orderBy('d.device_id', dir),
      // As the count: consoles read the same pages again and again; on SQLite a page's rows are reused for up to a
      // second while nothing was written (a sighting's flush, any change, makes the next call read again).
      { reuseMs: 1000 },
    );
  return {
    // A console's list is read again and again while nothing changes: on SQLite the count is reused for up to a
    // second as long as nothing was written meanwhile (platform/db/connect.ts `reuseMs`).
    count: precompile(
      db,
      (param: (name: 'pno') => string) =>
        // not a tenant filter: precompiled once for every property, pno bound as a parameter
        db.selectFrom('devices as d').select(sql<number>`count(*)`.as('n')).where('d.pno', '=', param('pno')),
      // In the side thread on SQLite: 10–16 ms for a property of 100 000 devices.
      { reuseMs: 1000, aside: true },
    ),
    asc: rowsIn('asc'),
    desc: rowsIn('desc'),
  };
}

/**
 * A page of the whole property (no filter: the list's first view and the commonest read), compiled once per
 * database: the count, then the page's ids and their rows in one statement (platform/db/connect.ts `precompile`).
 */
async function wholePropertyPage(db: Db, tenant: Tenant, pageNum: number, pageSize: number) {
  const { pno } = tenant;
  let queries = wholePropertyQueries.get(db);
  if (!queries) {
    queries = compileWholeProperty(db);
    wholePropertyQueries.set(db, queries);
  }
  const q = queries;
  return readPage<DeviceRow>(
    async () => Number((await q.count({ pno }))[0]?.n ?? 0),
    async (w) => withNames(db, await q[w.dir]({ pno, limit: w.limit, offset: w.offset })),
    { pageNum, pageSize, order: 'desc' },
  );
}

/** A page of the devices bound to a user, in every property (keyed by the user's own uid). */
export function pageUserDevices(db: Db, uid: string, str: string | undefined, pageNum: number, pageSize: number) {
  const base = () =>
    filtered(db.selectFrom('devices as d').where(acrossProperties('own-uid')).where('d.uid', '=', uid), { str });
  return page(db, base, { uid }, pageNum, pageSize);
}

export const findDevice = async (db: Db, tenant: TenantScope, deviceId: string) =>
  (await rowsOf(db, tenant, [deviceId]))[0];

export const findUserDevice = async (db: Db, uid: string, deviceId: string) =>
  (await rowsOf(db, { uid }, [deviceId]))[0];

/** The devices of `ids` in the property (or any property, for an operator's handle): what batch calls check. */
export const findDeviceHeads = (db: Db, tenant: TenantScope, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : devicesById(scopedDb(db, tenant), ids)
        .select(['d.device_id', 'd.pno', 'd.uid', 'd.admission', 'd.name', 'd.sid', 'd.group_id'])
        .execute();

/**
 * Registers a device in `row.pno`, a property the caller resolved. Takes the row's pno rather than a tenant: the
 * demo seed (seed/devices.ts) calls it so.
 */
export const insertDevice = (db: Db, row: Insertable<DevicesTable>) => {
  const { pno, ...values } = row;
  return tenantDb(db, propertyTenant(pno)).insertInto('devices').values(values).execute();
};

export async function updateDevice(
  db: Db,
  tenant: Tenant,
  deviceId: string,
  set: Omit<Updateable<DevicesTable>, 'pno'>,
): Promise<number> {
  const r = await tenantDb(db, tenant)
    .updateTable('devices')
    .set(set)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Deletes the property's devices of `ids`. SQLite has no `delete … using` to read them from a list (`devicesById`):
 * it finds them among the property's entries of the `(pno, created_at, device_id)` index, reading no other row.
 */
export async function deleteDevices(db: Db, tenant: Tenant, ids: readonly string[]): Promise<number> {
  const r = await tenantDb(db, tenant).deleteFrom('devices').where('device_id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** An update of the property's devices of `ids` (not empty), read from a list of them as `devicesById` reads. */
const updateById = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  tenantDb(db, tenant).updateTable('devices as d').from(idList(ids)).whereRef('d.device_id', '=', 'ids.column1');

/** Sets the admission of those devices not already in it; answers how many changed. */
export async function setAdmission(db: Db, tenant: Tenant, ids: readonly string[], admission: string, now: number) {
  if (ids.length === 0) return 0;
  const r = await updateById(db, tenant, ids)
    .set({ admission, updated_at: now })
    .where('d.admission', '!=', admission)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Binds a device to a user unless it is bound to someone else; answers whether the device is now the user's. */
export async function bind(db: Db, tenant: Tenant, deviceId: string, uid: string, now: number): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('devices')
    .set({ uid, bound_at: now, updated_at: now })
    .where('device_id', '=', deviceId)
    .where('uid', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function unbind(db: Db, tenant: Tenant, ids: readonly string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await updateById(db, tenant, ids)
    .set({ uid: null, bound_at: null, updated_at: now })
    .where('d.uid', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Unbinds every device of the property bound to the user (they leave the property). */
export const unbindUser = (db: Db, tenant: Tenant, uid: string, now: number) =>
  tenantDb(db, tenant)
    .updateTable('devices')
    .set({ uid: null, bound_at: null, updated_at: now })
    .where('uid', '=', uid)
    .execute();

/** The labels in use in a property, in order (at most `limit`). */
export async function labelsOf(db: Db, tenant: Tenant, limit: number): Promise<string[]> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('devices')
    .select('label')
    .distinct()
    .where('label', '!=', '')
    .orderBy('label')
    .limit(limit)
    .execute();
  return rows.map((r) => r.label);
}

const deviceStates = new WeakMap<Db, ReturnType<typeof compileDeviceState>>();
// Precompiled on the plain handle, the property bound as a parameter (the device API's hot path: no scoped handle).
function compileDeviceState(db: Db) {
  return precompile(db, (param: (name: 'pno' | 'deviceId') => string) =>
    db
      .selectFrom('devices as d')
      .leftJoin('mender_identities as mi', 'mi.device_id', 'd.device_id')
      .select([
        'd.admission',
        'mi.generation as mender_generation',
        'd.model_id',
        'd.attributes',
        'd.attributes_at',
        (eb) => deviceCredentialExists(eb.ref('d.device_id'), false).as('has_credential'),
      ])
      // not a tenant filter: precompiled once for every property, pno bound as a parameter
      .where('d.pno', '=', param('pno'))
      .where('d.device_id', '=', param('deviceId')),
  );
}

/**
 * What the device API needs of a device to serve it. Compiled once per database (platform/db/connect.ts
 * `precompile`): a poll whose device is not cached runs it, and building it with Kysely cost more than running it.
 */
export async function deviceState(db: Db, tenant: Tenant, deviceId: string) {
  let query = deviceStates.get(db);
  if (!query) {
    query = compileDeviceState(db);
    deviceStates.set(db, query);
  }
  return (await query({ pno: tenant.pno, deviceId }))[0];
}

/**
 * Inserts a device that enrolled itself; false when the id exists already (in any property: the key is unique on the
 * platform).
 */
export async function insertEnrolled(
  db: Db,
  tenant: Tenant,
  row: Omit<Insertable<DevicesTable>, 'pno'>,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .insertInto('devices')
    .values(row)
    .onConflict((oc) => oc.column('device_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Stores reported attributes and the versions read from them. */
export const saveAttributes = (
  db: Db,
  tenant: Tenant,
  deviceId: string,
  v: { attributes: string; firmwareVersion: string; appVersion: string; now: number },
) =>
  tenantDb(db, tenant)
    .updateTable('devices')
    .set({
      attributes: v.attributes,
      firmware_version: v.firmwareVersion,
      app_version: v.appVersion,
      attributes_at: v.now,
      updated_at: v.now,
    })
    .where('device_id', '=', deviceId)
    .execute();

/** The property's devices in space `sid`, per group (devices in no group under the sid, the tree's root). */
export async function countBySpaceGroup(db: Db, tenant: Tenant, sid: string): Promise<Map<string, number>> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('devices')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sid', '=', sid)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id ?? sid, Number(r.n)]));
}

/**
 * The property's devices per reported firmware version (of one model, in some spaces), with how many were seen
 * since `cutoff`; most devices first.
 */
export async function countByFirmwareVersion(
  db: Db,
  tenant: Tenant,
  f: { model?: string; sidIn?: readonly string[]; cutoff: number },
) {
  let q = tenantDb(db, tenant)
    .selectFrom('devices as d')
    .leftJoin('device_presence as s', 's.device_id', 'd.device_id')
    .select([
      'd.firmware_version',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when s.last_seen_at >= ${f.cutoff} then 1 else 0 end)`.as('online'),
    ]);
  if (f.model !== undefined) q = q.where('d.model_id', '=', f.model);
  if (f.sidIn !== undefined) q = q.where('d.sid', 'in', f.sidIn);
  const rows = await q.groupBy('d.firmware_version').orderBy('n', 'desc').orderBy('d.firmware_version').execute();
  return rows.map((r) => ({ version: r.firmware_version, count: Number(r.n), online: Number(r.online ?? 0) }));
}
