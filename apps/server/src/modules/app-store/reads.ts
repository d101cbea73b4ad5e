import { type AppItem, type AppVersionItem, AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import type { Locale } from '@keel/contract/status';
import type { Db } from '../../platform/db/connect';
import { stringList } from '../../platform/db/json-text';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { analysisOf } from './files';
import { activeListing, appItems, versionItems } from './items';
import { appFileUrl } from './links';
import * as repo from './repo';

/**
 * The app store reads other modules build on (app groups, app review tasks): apps by id with their names, the apps
 * on the shelf as a store shows them, the listing images, and apps and versions as the app store answers them. This file imports no other module. Each takes the tenant of the property
 * its caller works in.
 */

/** An app as another module names it: package, review state, whether on the shelf, name in the reader's language. */
export interface AppHead {
  appId: string;
  packageName: string;
  appName: string;
  auditStatus: number;
  onShelf: boolean;
}

/** Which of `ids` are apps of the property, with their heads. */
export async function appHeads(
  db: Db,
  t: Tenant,
  ids: readonly string[],
  locale: Locale,
): Promise<Map<string, AppHead>> {
  const out = new Map<string, AppHead>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return out;
  const scoped = tenantDb(db, t);
  const [rows, listings, shelved] = await Promise.all([
    scoped
      .selectFrom('apps')
      .select(['app_id', 'package_name', 'audit_status'])
      .where('app_id', 'in', wanted)
      .execute(),
    repo.listingsOf(db, t, wanted),
    scoped
      .selectFrom('app_versions')
      .select('app_id')
      .distinct()
      .where('app_id', 'in', wanted)
      .where('published', '=', 1)
      .execute(),
  ]);
  const onShelf = new Set(shelved.map((r) => r.app_id));
  for (const r of rows) {
    const named = (listings.get(r.app_id) ?? []).map((l) => ({ language: l.language, appName: l.app_name }));
    out.set(r.app_id, {
      appId: r.app_id,
      packageName: r.package_name,
      appName: activeListing(named, locale).appName || r.package_name,
      auditStatus: r.audit_status,
      onShelf: r.audit_status === AUDIT_STATUS.passed && onShelf.has(r.app_id),
    });
  }
  return out;
}

/** Whether `fid` is an image of the property's app store uploads. */
export async function isAppImage(db: Db, t: Tenant, fid: string): Promise<boolean> {
  const file = await repo.findFile(db, t, fid);
  return file?.kind === 'image';
}

/** A signed link to an app store file of the property ('' for no file). */
export const appImageUrl = (s: Services, t: Tenant, fid: string) => appFileUrl(s, t.pno, fid);

/** An app on the shelf as a store shows it (contract `storeAppItem`). */
export interface ShelvedApp {
  appId: string;
  packageName: string;
  appName: string;
  summary: string;
  description: string;
  developer: string;
  developerLink: string;
  labels: string[];
  iconUrl: string;
  screenshotUrlList: string[];
  appVersionId: string;
  versionName: string;
  versionCode: number;
  size: number;
  minSdk: number;
  permissions: string[];
  publishTime: number | null;
}

/** The apps of the property on the shelf: passed review, with a version published. */
const shelvedBase = (db: Db, t: Tenant, str?: string) => {
  const scoped = tenantDb(db, t);
  let q = scoped
    .selectFrom('apps as a')
    .where('a.audit_status', '=', AUDIT_STATUS.passed)
    .where('a.app_id', 'in', scoped.selectFrom('app_versions as v').select('v.app_id').where('v.published', '=', 1));
  if (str) q = q.where(containsCi('a.search_text', str));
  return q;
};

/** Of `ids`, those on the shelf, as the store shows them (in no particular order: the caller orders them). */
export async function shelvedApps(s: Services, t: Tenant, ids: readonly string[], locale: Locale) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map<string, ShelvedApp>();
  const rows = await shelvedBase(s.db, t)
    .select(['a.app_id', 'a.package_name'])
    .where('a.app_id', 'in', wanted)
    .execute();
  return new Map((await storeApps(s, t, rows, locale)).map((a) => [a.appId, a]));
}

/** A page of the property's apps on the shelf, by package name; `str` searches package and names. */
export async function pageShelvedApps(
  s: Services,
  t: Tenant,
  f: { str?: string; pageNum: number; pageSize: number },
  locale: Locale,
) {
  const { rows, total } = await readPage(
    () => countOf(shelvedBase(s.db, t, f.str)),
    (w) =>
      shelvedBase(s.db, t, f.str)
        .select(['a.app_id', 'a.package_name'])
        .orderBy('a.package_name', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum: f.pageNum, pageSize: f.pageSize, order: 'asc' },
  );
  return { list: await storeApps(s, t, rows, locale), total };
}

/** The store's view of these apps: the reader's listing and the newest version on the shelf with its APK. */
async function storeApps(
  s: Services,
  t: Tenant,
  rows: readonly { app_id: string; package_name: string }[],
  locale: Locale,
): Promise<ShelvedApp[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.app_id);
  const [listings, versions] = await Promise.all([
    repo.listingsOf(s.db, t, ids),
    tenantDb(s.db, t)
      .selectFrom('app_versions')
      .select(['app_version_id', 'app_id', 'version_code', 'version_name', 'fid', 'publish_time'])
      .where('app_id', 'in', ids)
      .where('published', '=', 1)
      .orderBy('app_id')
      .orderBy('version_code', 'desc')
      .execute(),
  ]);
  const newest = new Map<string, (typeof versions)[number]>();
  for (const v of versions) if (!newest.has(v.app_id)) newest.set(v.app_id, v);
  const files = await repo.filesIn(
    s.db,
    t,
    [...newest.values()].map((v) => v.fid),
  );
  return rows.flatMap((r) => {
    const version = newest.get(r.app_id);
    const file = version && files.get(version.fid);
    if (!version || !file) return [];
    const apk = analysisOf(file);
    const listing = activeListing(listings.get(r.app_id) ?? [], locale) as Partial<repo.ListingRow>;
    const screenshots = stringList(listing.screenshot_fids ?? '[]');
    return [
      {
        appId: r.app_id,
        packageName: r.package_name,
        appName: listing.app_name || r.package_name,
        summary: listing.summary ?? '',
        description: listing.description ?? '',
        developer: listing.developer ?? '',
        developerLink: listing.developer_link ?? '',
        labels: stringList(listing.labels ?? '[]'),
        iconUrl: appFileUrl(s, t.pno, listing.icon_fid || apk?.iconFid || ''),
        screenshotUrlList: screenshots.map((fid) => appFileUrl(s, t.pno, fid)),
        appVersionId: version.app_version_id,
        versionName: version.version_name,
        versionCode: Number(version.version_code),
        size: Number(file.size),
        minSdk: apk?.minSdk ?? 0,
        permissions: apk?.permissions ?? [],
        publishTime: version.publish_time === null ? null : Number(version.publish_time),
      },
    ];
  });
}

// ---- the app review tasks (modules/app-review) -----------------------------------------------------------------

/** Of `ids`, the property's apps as the app store answers them (contract `appItem`), by id. */
export async function appItemsById(
  s: Services,
  t: Tenant,
  ids: readonly string[],
  locale: Locale,
): Promise<Map<string, AppItem>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tenantDb(s.db, t).selectFrom('apps').selectAll().where('app_id', 'in', wanted).execute();
  return new Map((await appItems(s, t, rows, locale)).map((a) => [a.appId, a]));
}

/** Of `ids`, the property's versions with their APK analysis (contract `appVersionItem`), by id. */
export async function versionItemsById(
  s: Services,
  t: Tenant,
  ids: readonly string[],
): Promise<Map<string, AppVersionItem>> {
  const out = new Map<string, AppVersionItem>();
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return out;
  const scoped = tenantDb(s.db, t);
  const rows = await scoped.selectFrom('app_versions').selectAll().where('app_version_id', 'in', wanted).execute();
  if (rows.length === 0) return out;
  const apps = await scoped
    .selectFrom('apps')
    .select(['app_id', 'package_name'])
    .where('app_id', 'in', [...new Set(rows.map((r) => r.app_id))])
    .execute();
  for (const app of apps) {
    const items = await versionItems(
      s,
      t,
      app.package_name,
      rows.filter((r) => r.app_id === app.app_id),
    );
    for (const item of items) out.set(item.appVersionId, item);
  }
  return out;
}

/** The ids of the property's apps whose package name or names contain `str` (case-insensitive), at most `limit`. */
export async function appIdsMatching(db: Db, t: Tenant, str: string, limit: number): Promise<string[]> {
  const rows = await tenantDb(db, t)
    .selectFrom('apps')
    .select('app_id')
    .where(containsCi('search_text', str))
    .limit(limit)
    .execute();
  return rows.map((r) => r.app_id);
}
