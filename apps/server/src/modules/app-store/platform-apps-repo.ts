import { AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { AllTenants, Tenant } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import { SHELVED_COLUMNS } from './shelved-columns';

/**
 * The platform apps' SQL (`platform_apps`, `platform_app_repo`, README "Platform apps"). These are platform tables;
 * what they name lives in the properties holding the apps. Reads that follow a platform app into its property's
 * tables are the platform-scope functions marked `acrossProperties('platform-app')` below: every property sees
 * the platform apps, and only those (each joins `platform_apps`, and only apps that passed review with a version on
 * the shelf). The operator's list of candidates reads every property through `scopedDb` with `AllTenants`.
 */

const PLATFORM_KEY = 'platform';
const across = () => acrossProperties('platform-app');

// ---- platform apps -------------------------------------------------------------------------------------------

export const findPlatformApp = (db: Db, appId: string) =>
  db.selectFrom('platform_apps').selectAll().where('app_id', '=', appId).executeTakeFirst();

export const findPlatformPackage = (db: Db, packageName: string) =>
  db.selectFrom('platform_apps').selectAll().where('package_name', '=', packageName).executeTakeFirst();

export const insertPlatformApp = (
  db: Db,
  row: { app_id: string; app_pno: string; package_name: string; added_by: string; created_at: number },
) => db.insertInto('platform_apps').values(row).execute();

export async function deletePlatformApp(db: Db, appId: string): Promise<number> {
  const result = await db.deleteFrom('platform_apps').where('app_id', '=', appId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The platform apps of a set of ids (added by whom and when). */
export async function platformAppsIn(db: Db, appIds: readonly string[]) {
  if (appIds.length === 0) return new Map<string, { added_by: string; created_at: number }>();
  const rows = await db
    .selectFrom('platform_apps')
    .select(['app_id', 'added_by', 'created_at'])
    .where('app_id', 'in', [...appIds])
    .execute();
  return new Map(rows.map((r) => [r.app_id, r]));
}

export interface PlatformAppFilter {
  appId?: string;
  str?: string;
}

/** Platform apps still shown: their app passed review and has a version on the shelf (platform scope). */
const shownBase = (db: Db, f: PlatformAppFilter) => {
  let q = db
    .selectFrom('platform_apps as p')
    .innerJoin('apps as a', 'a.app_id', 'p.app_id')
    .where(across())
    .where('a.audit_status', '=', AUDIT_STATUS.passed)
    .where('p.app_id', 'in', db.selectFrom('app_versions').select('app_id').where(across()).where('published', '=', 1));
  if (f.appId) q = q.where('p.app_id', '=', f.appId);
  if (f.str) q = q.where(containsCi('a.search_text', f.str));
  return q;
};

/** A page of the platform apps shown, newest added first (platform scope: every property reads it). */
export const pageShownPlatformApps = (db: Db, f: PlatformAppFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(shownBase(db, f)),
    (w) =>
      shownBase(db, f)
        .select(['p.app_id', 'a.pno', 'a.package_name'])
        .orderBy('p.created_at', w.dir)
        .orderBy('p.app_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** The apps of every property that passed review and have a version on the shelf: an operator's candidates. */
const candidateBase = (db: Db, all: AllTenants, f: PlatformAppFilter) => {
  const h = scopedDb(db, all);
  let q = h
    .selectFrom('apps as a')
    .where('a.audit_status', '=', AUDIT_STATUS.passed)
    .where('a.app_id', 'in', h.selectFrom('app_versions').select('app_id').where('published', '=', 1));
  if (f.appId) q = q.where('a.app_id', '=', f.appId);
  if (f.str) q = q.where(containsCi('a.search_text', f.str));
  return q;
};

export const pageCandidateApps = (db: Db, all: AllTenants, f: PlatformAppFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(candidateBase(db, all, f)),
    (w) =>
      candidateBase(db, all, f)
        .select(['a.app_id', 'a.pno', 'a.package_name'])
        .orderBy('a.updated_at', w.dir)
        .orderBy('a.app_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** An app of any property, for the operator adding it. */
export const findAppOfAnyProperty = (db: Db, all: AllTenants, appId: string) =>
  scopedDb(db, all)
    .selectFrom('apps')
    .select(['app_id', 'pno', 'package_name', 'audit_status'])
    .where('app_id', '=', appId)
    .executeTakeFirst();

/** Per app of the property: its newest version on the shelf. */
export async function newestShelved(db: Db, t: Tenant, appIds: readonly string[]) {
  const out = new Map<
    string,
    { version_code: number; version_name: string; fid: string; publish_time: number | null }
  >();
  if (appIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_versions')
    .select(['app_id', 'version_code', 'version_name', 'fid', 'publish_time'])
    .where('app_id', 'in', [...appIds])
    .where('published', '=', 1)
    .orderBy('app_id')
    .orderBy('version_code', 'desc')
    .execute();
  for (const r of rows) if (!out.has(r.app_id)) out.set(r.app_id, r);
  return out;
}

// ---- the F-Droid repositories --------------------------------------------------------------------------------

/**
 * The versions on the shelf of the platform apps, for every property's index (platform scope), newest first per
 * package. With `anyModelOnly`, those naming no device model (a model is one property's: another's repository of
 * a model cannot match it).
 */
export async function shelvedPlatformVersions(db: Db, anyModelOnly: boolean) {
  let q = db
    .selectFrom('platform_apps as p')
    .innerJoin('apps as a', 'a.app_id', 'p.app_id')
    .innerJoin('app_versions as v', 'v.app_id', 'a.app_id')
    .innerJoin('app_files as f', 'f.fid', 'v.fid')
    .select(['a.pno', ...SHELVED_COLUMNS])
    .where(across())
    .where('v.published', '=', 1)
    .where('a.audit_status', '=', AUDIT_STATUS.passed);
  if (anyModelOnly) {
    q = q.where(
      'v.app_version_id',
      'not in',
      db.selectFrom('app_version_models').select('app_version_id').where(across()),
    );
  }
  return q.orderBy('a.package_name').orderBy('v.version_code', 'desc').execute();
}

/** Whether the property's own app of the package is on its shelf (its own then wins over a platform app's). */
export async function ownShelvesPackage(db: Db, t: Tenant, packageName: string): Promise<boolean> {
  const scoped = tenantDb(db, t);
  const row = await scoped
    .selectFrom('apps')
    .select('app_id')
    .where('package_name', '=', packageName)
    .where('audit_status', '=', AUDIT_STATUS.passed)
    .where('app_id', 'in', scoped.selectFrom('app_versions').select('app_id').where('published', '=', 1))
    .executeTakeFirst();
  return row !== undefined;
}

/** The platform-wide generation (0 before any change) and when it last rose. */
export async function platformGeneration(db: Db): Promise<{ generation: number; updatedAt: number }> {
  const row = await db
    .selectFrom('platform_app_repo')
    .select(['generation', 'updated_at'])
    .where('key', '=', PLATFORM_KEY)
    .executeTakeFirst();
  return { generation: Number(row?.generation ?? 0), updatedAt: Number(row?.updated_at ?? 0) };
}

/** What every repository shows of the platform apps changed (in the caller's transaction): the generation rises. */
export async function bumpPlatform(db: Db, now: number): Promise<void> {
  await db
    .insertInto('platform_app_repo')
    .values({ key: PLATFORM_KEY, generation: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ generation: eb('platform_app_repo.generation', '+', 1), updated_at: now })),
    )
    .execute();
}

/**
 * The property's repository changed (repo.ts `bumpRepository`): when it holds a platform app, what every property
 * shows of it may have changed too (a new version on the shelf, its listing), so the platform generation rises.
 */
export async function bumpPlatformIfHolding(db: Db, t: Tenant, now: number): Promise<void> {
  const holds = await db.selectFrom('platform_apps').select('app_id').where('app_pno', '=', t.pno).executeTakeFirst();
  if (holds) await bumpPlatform(db, now);
}
