import { AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { stringList } from '../../platform/db/json-text';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { bumpPlatformIfHolding } from './platform-apps-repo';
import { SHELVED_COLUMNS } from './shelved-columns';
import type { AppFilesTable, AppListingsTable, AppsTable, AppVersionsTable } from './tables';

/** The app store's SQL (`apps`, `app_listings`, `app_versions`, `app_version_models`, `app_files`), on the tenant's handle. */

// ---- apps ----------------------------------------------------------------------------------------------------

export type AppRow = Awaited<ReturnType<typeof findApp>> & object;

export const findApp = (db: Db, t: Tenant, appId: string) =>
  tenantDb(db, t).selectFrom('apps').selectAll().where('app_id', '=', appId).executeTakeFirst();

export const findAppByPackage = (db: Db, t: Tenant, packageName: string) =>
  tenantDb(db, t).selectFrom('apps').select('app_id').where('package_name', '=', packageName).executeTakeFirst();

export const insertApp = (db: Db, t: Tenant, row: Omit<Insertable<AppsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('apps').values(row).execute();

export const updateApp = (db: Db, t: Tenant, appId: string, set: Omit<Updateable<AppsTable>, 'pno' | 'app_id'>) =>
  tenantDb(db, t).updateTable('apps').set(set).where('app_id', '=', appId).execute();

export async function deleteApp(db: Db, t: Tenant, appId: string): Promise<number> {
  const scoped = tenantDb(db, t);
  const versions = scoped.selectFrom('app_versions').select('app_version_id').where('app_id', '=', appId);
  await scoped.deleteFrom('app_version_models').where('app_version_id', 'in', versions).execute();
  await scoped.deleteFrom('app_versions').where('app_id', '=', appId).execute();
  await scoped.deleteFrom('app_listings').where('app_id', '=', appId).execute();
  const result = await scoped.deleteFrom('apps').where('app_id', '=', appId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface AppFilter {
  appId?: string;
  ownerUid?: string;
  str?: string;
  published?: 0 | 1;
}

const appBase = (db: Db, t: Tenant, f: AppFilter) => {
  const scoped = tenantDb(db, t);
  let q = scoped.selectFrom('apps as a');
  if (f.appId) q = q.where('a.app_id', '=', f.appId);
  if (f.ownerUid) q = q.where('a.owner_uid', '=', f.ownerUid);
  if (f.str) q = q.where(containsCi('a.search_text', f.str));
  if (f.published !== undefined) {
    const shelved = scoped.selectFrom('app_versions as v').select('v.app_id').where('v.published', '=', 1);
    q = q.where('a.app_id', f.published === 1 ? 'in' : 'not in', shelved);
  }
  return q;
};

/** A page of apps, newest first. */
export const pageApps = (db: Db, t: Tenant, f: AppFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(appBase(db, t, f)),
    (w) =>
      appBase(db, t, f)
        .selectAll('a')
        .orderBy('a.created_at', w.dir)
        .orderBy('a.app_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

// ---- listings ------------------------------------------------------------------------------------------------

export type ListingRow = Selectable<Omit<AppListingsTable, 'pno'>>;

/** Replaces an app's listings (in the caller's transaction). */
export async function replaceListings(db: Db, t: Tenant, appId: string, rows: readonly ListingRow[]) {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_listings').where('app_id', '=', appId).execute();
  if (rows.length > 0)
    await scoped
      .insertInto('app_listings')
      .values([...rows])
      .execute();
}

/** The listings of some apps, each app's in its order. */
export async function listingsOf(db: Db, t: Tenant, appIds: readonly string[]): Promise<Map<string, ListingRow[]>> {
  const out = new Map<string, ListingRow[]>();
  if (appIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_listings')
    .select([
      'app_id',
      'language',
      'position',
      'app_name',
      'summary',
      'description',
      'icon_fid',
      'screenshot_fids',
      'developer',
      'developer_link',
      'labels',
    ])
    .where('app_id', 'in', [...appIds])
    .orderBy('app_id')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.app_id, [...(out.get(r.app_id) ?? []), r]);
  return out;
}

// ---- versions ------------------------------------------------------------------------------------------------

export type VersionRow = Awaited<ReturnType<typeof findVersion>> & object;

export const findVersion = (db: Db, t: Tenant, appVersionId: string) =>
  tenantDb(db, t).selectFrom('app_versions').selectAll().where('app_version_id', '=', appVersionId).executeTakeFirst();

export const insertVersion = (db: Db, t: Tenant, row: Omit<Insertable<AppVersionsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_versions').values(row).execute();

export const updateVersion = (
  db: Db,
  t: Tenant,
  appVersionId: string,
  set: Omit<Updateable<AppVersionsTable>, 'pno' | 'app_version_id' | 'app_id'>,
) => tenantDb(db, t).updateTable('app_versions').set(set).where('app_version_id', '=', appVersionId).execute();

export async function deleteVersion(db: Db, t: Tenant, appVersionId: string): Promise<number> {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_version_models').where('app_version_id', '=', appVersionId).execute();
  const result = await scoped.deleteFrom('app_versions').where('app_version_id', '=', appVersionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface VersionFilter {
  published?: 0 | 1;
  supportPlugin?: 0 | 1;
}

const versionBase = (db: Db, t: Tenant, appId: string, f: VersionFilter) => {
  let q = tenantDb(db, t).selectFrom('app_versions as v').where('v.app_id', '=', appId);
  if (f.published !== undefined) q = q.where('v.published', '=', f.published);
  if (f.supportPlugin !== undefined) q = q.where('v.support_plugin', '=', f.supportPlugin);
  return q;
};

/** A page of an app's versions, highest versionCode first. */
export const pageVersions = (db: Db, t: Tenant, appId: string, f: VersionFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(versionBase(db, t, appId, f)),
    (w) =>
      versionBase(db, t, appId, f)
        .selectAll('v')
        .orderBy('v.version_code', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** The versions of an app other than `exceptId`: their codes and files, highest first. */
export const otherVersions = (db: Db, t: Tenant, appId: string, exceptId: string | null) =>
  tenantDb(db, t)
    .selectFrom('app_versions')
    .select(['app_version_id', 'version_code', 'fid', 'audit_status'])
    .where('app_id', '=', appId)
    .$if(exceptId !== null, (q) => q.where('app_version_id', '!=', exceptId as string))
    .orderBy('version_code', 'desc')
    .execute();

/** Per app: how many versions, the newest one's name and file, and whether one is on the shelf. */
export async function versionStats(db: Db, t: Tenant, appIds: readonly string[]) {
  const out = new Map<string, { count: number; latestName: string; latestFid: string; published: boolean }>();
  if (appIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_versions')
    .select(['app_id', 'version_code', 'version_name', 'fid', 'published'])
    .where('app_id', 'in', [...appIds])
    .orderBy('app_id')
    .orderBy('version_code', 'desc')
    .execute();
  for (const r of rows) {
    const s = out.get(r.app_id);
    if (s) {
      s.count += 1;
      s.published ||= r.published === 1;
    } else {
      out.set(r.app_id, { count: 1, latestName: r.version_name, latestFid: r.fid, published: r.published === 1 });
    }
  }
  return out;
}

/** Replaces a version's compatible models (in the caller's transaction). */
export async function replaceModels(db: Db, t: Tenant, appVersionId: string, modelIds: readonly string[]) {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_version_models').where('app_version_id', '=', appVersionId).execute();
  if (modelIds.length > 0) {
    await scoped
      .insertInto('app_version_models')
      .values(modelIds.map((model_id) => ({ app_version_id: appVersionId, model_id })))
      .execute();
  }
}

export async function modelsOf(db: Db, t: Tenant, versionIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (versionIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_version_models')
    .select(['app_version_id', 'model_id'])
    .where('app_version_id', 'in', [...versionIds])
    .orderBy('model_id')
    .execute();
  for (const r of rows) out.set(r.app_version_id, [...(out.get(r.app_version_id) ?? []), r.model_id]);
  return out;
}

// ---- files ---------------------------------------------------------------------------------------------------

export type AppFileRow = Selectable<AppFilesTable>;

export const insertFile = (db: Db, t: Tenant, row: Omit<Insertable<AppFilesTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_files').values(row).execute();

export const findFile = (db: Db, t: Tenant, fid: string) =>
  tenantDb(db, t).selectFrom('app_files').selectAll().where('fid', '=', fid).executeTakeFirst();

export async function filesIn(db: Db, t: Tenant, fids: readonly string[]): Promise<Map<string, AppFileRow>> {
  if (fids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('app_files')
    .selectAll()
    .where('fid', 'in', [...fids])
    .execute();
  return new Map(rows.map((r) => [r.fid, r]));
}

/** Whether a version other than `exceptId` holds the file. */
export async function fileUsedByVersion(db: Db, t: Tenant, fid: string, exceptId: string | null): Promise<boolean> {
  const row = await tenantDb(db, t)
    .selectFrom('app_versions')
    .select('app_version_id')
    .where('fid', '=', fid)
    .$if(exceptId !== null, (q) => q.where('app_version_id', '!=', exceptId as string))
    .executeTakeFirst();
  return row !== undefined;
}

/** The fid of the icon read from an APK (stored as an image beside it). */
export const apkIconFid = (apkFid: string) => `${apkFid}-icon`;

/**
 * Files uploaded before `before` that no version or listing names (an APK's icon counts as named with its APK),
 * across properties (the sweep job, acting per row with the row's property): at most `limit`.
 */
export async function unusedFiles(db: Db, before: number, limit: number) {
  const across = acrossProperties('system-job');
  return db
    .selectFrom('app_files as f')
    .select(['f.fid', 'f.pno', 'f.sha256'])
    .where(across)
    .where('f.created_at', '<', before)
    .where('f.fid', 'not in', db.selectFrom('app_versions').select('fid').where(across))
    .where(
      'f.fid',
      'not in',
      db.selectFrom('app_versions').select(sql<string>`fid || '-icon'`.as('icon')).where(across),
    )
    .where('f.fid', 'not in', db.selectFrom('app_listings').select('icon_fid').where(across))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('app_listings as l')
            .select('l.app_id')
            .where(across)
            .where(sql<boolean>`l.screenshot_fids like '%"' || f.fid || '"%'`),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

export async function deleteFile(db: Db, t: Tenant, fid: string): Promise<void> {
  await tenantDb(db, t).deleteFrom('app_files').where('fid', '=', fid).execute();
}

// ---- reviews -------------------------------------------------------------------------------------------------

export interface ReviewOutcome {
  audit_status: number;
  audit_comment: string;
  updated_at: number;
}

/** An app's review ended (only one still under review changes). */
export const decideAppReview = (db: Db, t: Tenant, appId: string, set: ReviewOutcome) =>
  tenantDb(db, t).updateTable('apps').set(set).where('app_id', '=', appId).where('audit_status', '=', 1).execute();

/** A version's review ended (only one still under review changes). */
export const decideVersionReview = (db: Db, t: Tenant, appVersionId: string, set: ReviewOutcome) =>
  tenantDb(db, t)
    .updateTable('app_versions')
    .set(set)
    .where('app_version_id', '=', appVersionId)
    .where('audit_status', '=', 1)
    .execute();

// ---- shelf ---------------------------------------------------------------------------------------------------

/** A passed version enters its shelf review (in the engine's transaction). */
export const askShelf = (db: Db, t: Tenant, appVersionId: string, now: number) =>
  tenantDb(db, t)
    .updateTable('app_versions')
    .set({ shelf_status: 1, shelf_comment: '', updated_at: now })
    .where('app_version_id', '=', appVersionId)
    .execute();

/** The shelf review passed; the version waits for its time. */
export const scheduleShelf = (db: Db, t: Tenant, appVersionId: string, now: number) =>
  tenantDb(db, t)
    .updateTable('app_versions')
    .set({ shelf_status: 2, updated_at: now })
    .where('app_version_id', '=', appVersionId)
    .where('shelf_status', '=', 1)
    .execute();

/** Puts a version on the shelf if it still stands at `from` (its review, or its wait); answers whether it did. */
export async function publishVersion(db: Db, t: Tenant, appVersionId: string, now: number, from: number) {
  const result = await tenantDb(db, t)
    .updateTable('app_versions')
    .set({ published: 1, publish_time: now, shelf_status: 0, shelf_comment: '', updated_at: now })
    .where('app_version_id', '=', appVersionId)
    .where('shelf_status', '=', from)
    .executeTakeFirst();
  const published = Number(result.numUpdatedRows) > 0;
  if (published) await bumpRepository(db, t, now);
  return published;
}

/** The shelf review was rejected (3, with the reason) or withdrawn (0). */
export async function endShelfReview(
  db: Db,
  t: Tenant,
  appVersionId: string,
  status: number,
  comment: string,
  now: number,
): Promise<void> {
  await tenantDb(db, t)
    .updateTable('app_versions')
    .set({ shelf_status: status, shelf_comment: comment, updated_at: now })
    .where('app_version_id', '=', appVersionId)
    .where('shelf_status', '=', 1)
    .execute();
}

// ---- the F-Droid repository ----------------------------------------------------------------------------------

/** What the repository shows changed (in the caller's transaction): its generation rises. */
export async function bumpRepository(db: Db, t: Tenant, now: number): Promise<void> {
  await tenantDb(db, t)
    .insertInto('app_store_repos')
    .values({ generation: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet((eb) => ({ generation: eb('app_store_repos.generation', '+', 1), updated_at: now })),
    )
    .execute();
  // What every property shows of a platform app this property holds may have changed with it.
  await bumpPlatformIfHolding(db, t, now);
}

export async function repositoryGeneration(db: Db, t: Tenant): Promise<{ generation: number; updatedAt: number }> {
  const row = await tenantDb(db, t)
    .selectFrom('app_store_repos')
    .select(['generation', 'updated_at'])
    .executeTakeFirst();
  return { generation: Number(row?.generation ?? 0), updatedAt: Number(row?.updated_at ?? 0) };
}

export const findIndex = (db: Db, t: Tenant, scope: string) =>
  tenantDb(db, t).selectFrom('app_store_indexes').selectAll().where('scope', '=', scope).executeTakeFirst();

/** Keeps a scope's index, replacing the one before. */
export async function saveIndex(
  db: Db,
  t: Tenant,
  v: { scope: string; generation: number; address: string; sha256: string; size: number },
  now: number,
): Promise<void> {
  const scoped = tenantDb(db, t);
  const { scope, ...rest } = v;
  const updated = await scoped
    .updateTable('app_store_indexes')
    .set({ ...rest, created_at: now })
    .where('scope', '=', scope)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await scoped
    .insertInto('app_store_indexes')
    .values({ ...v, created_at: now })
    .onConflict((oc) => oc.columns(['pno', 'scope']).doNothing())
    .execute();
}

/** The versions on the shelf of apps that passed review, for the index (of one model's when given), newest first. */
export async function shelvedVersions(db: Db, t: Tenant, modelId: string | null) {
  const scoped = tenantDb(db, t);
  let q = scoped
    .selectFrom('app_versions as v')
    .innerJoin('apps as a', 'a.app_id', 'v.app_id')
    .innerJoin('app_files as f', 'f.fid', 'v.fid')
    .select(SHELVED_COLUMNS)
    .where('v.published', '=', 1)
    .where('a.audit_status', '=', AUDIT_STATUS.passed);
  if (modelId !== null) {
    const fitting = scoped.selectFrom('app_version_models').select('app_version_id').where('model_id', '=', modelId);
    const anyModel = scoped.selectFrom('app_version_models').select('app_version_id');
    q = q.where((eb) => eb.or([eb('v.app_version_id', 'in', fitting), eb('v.app_version_id', 'not in', anyModel)]));
  }
  return q.orderBy('a.package_name').orderBy('v.version_code', 'desc').execute();
}

/** A version on the shelf by package and versionCode (what a repository's file name names). */
export const shelvedVersion = (db: Db, t: Tenant, packageName: string, versionCode: number) =>
  tenantDb(db, t)
    .selectFrom('app_versions as v')
    .innerJoin('apps as a', 'a.app_id', 'v.app_id')
    .select(['v.app_version_id', 'v.app_id', 'v.fid'])
    .where('a.package_name', '=', packageName)
    .where('v.version_code', '=', versionCode)
    .where('v.published', '=', 1)
    .where('a.audit_status', '=', AUDIT_STATUS.passed)
    .executeTakeFirst();

/** Whether a listing of an app on the shelf shows the screenshot. */
export async function shelvedScreenshot(db: Db, t: Tenant, packageName: string, fid: string): Promise<boolean> {
  const scoped = tenantDb(db, t);
  const row = await scoped
    .selectFrom('app_listings as l')
    .innerJoin('apps as a', 'a.app_id', 'l.app_id')
    .select('l.screenshot_fids')
    .where('a.package_name', '=', packageName)
    .where('a.audit_status', '=', AUDIT_STATUS.passed)
    .where('a.app_id', 'in', scoped.selectFrom('app_versions').select('app_id').where('published', '=', 1))
    .execute();
  return row.some((r) => stringList(r.screenshot_fids).includes(fid));
}
