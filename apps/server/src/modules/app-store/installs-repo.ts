import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { AppPushesTable } from './tables';

/** The SQL of apps on devices (`installed_apps`, `app_pushes`), on the tenant's handle. */

// ---- installed apps ------------------------------------------------------------------------------------------

export interface InstalledApp {
  packageName: string;
  versionCode: number;
  versionName: string;
}

export const installedOf = (db: Db, t: Tenant, deviceId: string) =>
  tenantDb(db, t)
    .selectFrom('installed_apps')
    .select(['package_name', 'version_code', 'version_name', 'reported_at'])
    .where('device_id', '=', deviceId)
    .orderBy('package_name')
    .execute();

/**
 * Makes the device's rows the reported set (in the caller's transaction): removed packages go, new ones come,
 * changed versions change. Answers whether anything changed; an unchanged report writes nothing.
 */
export async function replaceInstalled(
  db: Db,
  t: Tenant,
  deviceId: string,
  apps: readonly InstalledApp[],
  now: number,
): Promise<boolean> {
  const scoped = tenantDb(db, t);
  const before = new Map((await installedOf(db, t, deviceId)).map((r) => [r.package_name, r]));
  const reported = new Map(apps.map((a) => [a.packageName, a]));
  const gone = [...before.keys()].filter((p) => !reported.has(p));
  const changed = [...reported.values()].filter((a) => {
    const was = before.get(a.packageName);
    return !was || Number(was.version_code) !== a.versionCode || was.version_name !== a.versionName;
  });
  if (gone.length > 0)
    await scoped
      .deleteFrom('installed_apps')
      .where('device_id', '=', deviceId)
      .where('package_name', 'in', gone)
      .execute();
  const updated = changed.filter((a) => before.has(a.packageName));
  for (const a of updated)
    await scoped
      .updateTable('installed_apps')
      .set({ version_code: a.versionCode, version_name: a.versionName, reported_at: now })
      .where('device_id', '=', deviceId)
      .where('package_name', '=', a.packageName)
      .execute();
  const added = changed.filter((a) => !before.has(a.packageName));
  for (let i = 0; i < added.length; i += 500)
    await scoped
      .insertInto('installed_apps')
      .values(
        added.slice(i, i + 500).map((a) => ({
          device_id: deviceId,
          package_name: a.packageName,
          version_code: a.versionCode,
          version_name: a.versionName,
          reported_at: now,
        })),
      )
      .execute();
  return gone.length + changed.length > 0;
}

/** The property's apps of these packages (id, package, when passed review). */
export const appsOfPackages = (db: Db, t: Tenant, packages: readonly string[]) =>
  packages.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('apps')
        .select(['app_id', 'package_name'])
        .where('package_name', 'in', [...packages])
        .execute();

// ---- pushes --------------------------------------------------------------------------------------------------

export type PushRow = Awaited<ReturnType<typeof findPush>> & object;

const pushColumns = (db: Db, t: Tenant) =>
  tenantDb(db, t)
    .selectFrom('app_pushes as p')
    .innerJoin('app_versions as v', 'v.app_version_id', 'p.app_version_id')
    .innerJoin('apps as a', 'a.app_id', 'p.app_id')
    .innerJoin('app_files as f', 'f.fid', 'v.fid')
    .select([
      'p.push_id',
      'p.app_id',
      'p.app_version_id',
      'p.force',
      'p.total',
      'p.state',
      'p.expires_at',
      'p.created_by',
      'p.created_at',
      'p.updated_at',
      'v.version_code',
      'v.version_name',
      'a.package_name',
      'f.sha256',
      'f.size',
    ]);

export const findPush = (db: Db, t: Tenant, pushId: string) =>
  pushColumns(db, t).where('p.push_id', '=', pushId).executeTakeFirst();

/** Pushes by id (an action's campaign). */
export const pushesIn = (db: Db, t: Tenant, pushIds: readonly string[]) =>
  pushIds.length === 0
    ? Promise.resolve([])
    : pushColumns(db, t)
        .where('p.push_id', 'in', [...pushIds])
        .execute();

export const insertPush = (db: Db, t: Tenant, row: Omit<Insertable<AppPushesTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_pushes').values(row).execute();

/** Ends an active push (`finished` or `cancelled`); false when it was not active. */
export async function endPush(db: Db, t: Tenant, pushId: string, state: 'finished' | 'cancelled', now: number) {
  const result = await tenantDb(db, t)
    .updateTable('app_pushes')
    .set({ state, updated_at: now })
    .where('push_id', '=', pushId)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A page of an app's pushes, newest first. */
export const pagePushes = (db: Db, t: Tenant, appId: string, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(tenantDb(db, t).selectFrom('app_pushes as p').where('p.app_id', '=', appId)),
    (w) =>
      pushColumns(db, t)
        .where('p.app_id', '=', appId)
        .orderBy('p.created_at', w.dir)
        .orderBy('p.push_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Active pushes past their expiry (of `pushIds` when given). */
export const expiredPushes = (db: Db, t: Tenant, now: number, pushIds?: readonly string[]) => {
  let q = tenantDb(db, t)
    .selectFrom('app_pushes')
    .select('push_id')
    .where('state', '=', 'active')
    .where('expires_at', '<=', now);
  if (pushIds) q = q.where('push_id', 'in', pushIds.length > 0 ? [...pushIds] : ['']);
  return q.execute();
};
