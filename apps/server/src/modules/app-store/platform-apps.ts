import type { PlatformAppItem } from '@keel/contract/endpoints/app-platform';
import { AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import type { Locale } from '@keel/contract/status';
import { propertyNames, userNames } from '../../platform/auth/reads';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { type AllTenants, operatorScope, propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { activeListing } from './items';
import { appFileUrl } from './links';
import * as platform from './platform-apps-repo';
import * as repo from './repo';

/**
 * Platform apps (README "Platform apps"): apps the operator picks from the shelf of any property, which every
 * property sees — listed on its platform apps page, and in its F-Droid repository beside its own apps (its own win
 * when they share a package name). An app is shown while it passed review and has a version on the shelf.
 */

export interface PlatformListInput {
  pageNum: number;
  pageSize: number;
  slaveAppId?: string;
  language?: Locale;
  str?: string;
  candidates?: 0 | 1;
}

/** The platform apps (any member), or with `candidates` the shelf apps of every property (operators only). */
export async function listPlatformApps(s: Services, ctx: RequestContext, input: PlatformListInput) {
  const language = input.language ?? ctx.locale;
  const filter = { appId: input.slaveAppId, str: input.str };
  const page =
    input.candidates === 1
      ? await platform.pageCandidateApps(s.db, operatorScope(ctx), filter, input.pageNum, input.pageSize)
      : await platform.pageShownPlatformApps(s.db, filter, input.pageNum, input.pageSize);
  return {
    list: await platformAppItems(s, page.rows, language),
    total: page.total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** Makes an app of any property a platform app: passed, with a version on the shelf, its package not yet taken. */
export async function addPlatformApp(s: Services, ctx: RequestContext, appId: string): Promise<PlatformAppItem> {
  const all: AllTenants = operatorScope(ctx);
  const uid = requireUser(ctx).uid;
  const app = await platform.findAppOfAnyProperty(s.db, all, appId);
  if (!app) throw notFound('appId');
  const t = propertyTenant(app.pno);
  const [item] = await platformAppItems(s, [app], ctx.locale);
  const name = item?.appName ?? app.package_name;
  if (app.audit_status !== AUDIT_STATUS.passed || (await platform.newestShelved(s.db, t, [appId])).size === 0) {
    throw new AppError('platformAppNotOnShelf', { app: name });
  }
  if (await platform.findPlatformApp(s.db, appId)) throw new AppError('platformAppExists', { app: name });
  if (await platform.findPlatformPackage(s.db, app.package_name)) {
    throw new AppError('platformAppPackageTaken', { packageName: app.package_name });
  }
  try {
    await s.db.transaction().execute(async (trx) => {
      await platform.insertPlatformApp(trx, {
        app_id: appId,
        app_pno: app.pno,
        package_name: app.package_name,
        added_by: uid,
        created_at: s.now(),
      });
      await platform.bumpPlatform(trx, s.now());
    });
  } catch (error) {
    // Another operator added it (or an app of its package) meanwhile.
    if (!isUniqueViolation(error)) throw error;
    if (await platform.findPlatformApp(s.db, appId)) throw new AppError('platformAppExists', { app: name });
    throw new AppError('platformAppPackageTaken', { packageName: app.package_name });
  }
  const [added] = await platformAppItems(s, [app], ctx.locale);
  if (!added) throw new Error(`platform app ${appId} vanished`);
  return added;
}

/** Stops an app being a platform app; "not found" when it is none. */
export async function removePlatformApp(s: Services, ctx: RequestContext, appId: string): Promise<{ removed: number }> {
  operatorScope(ctx);
  const removed = await s.db.transaction().execute(async (trx) => {
    const n = await platform.deletePlatformApp(trx, appId);
    if (n > 0) await platform.bumpPlatform(trx, s.now());
    return n;
  });
  if (removed === 0) throw notFound('appId');
  return { removed };
}

/** Rows of apps (each with its property) as the list answers them: one read per property for listings and versions. */
async function platformAppItems(
  s: Services,
  rows: readonly { app_id: string; pno: string; package_name: string }[],
  language: Locale,
): Promise<PlatformAppItem[]> {
  const byProperty = new Map<string, string[]>();
  for (const r of rows) byProperty.set(r.pno, [...(byProperty.get(r.pno) ?? []), r.app_id]);
  const listings = new Map<string, repo.ListingRow[]>();
  const shelved = new Map<
    string,
    { version_code: number; version_name: string; fid: string; publish_time: number | null }
  >();
  const icons = new Set<string>();
  await Promise.all(
    [...byProperty].map(async ([pno, ids]) => {
      const t = propertyTenant(pno);
      const [l, v] = await Promise.all([repo.listingsOf(s.db, t, ids), platform.newestShelved(s.db, t, ids)]);
      for (const [id, list] of l) listings.set(id, list);
      for (const [id, version] of v) shelved.set(id, version);
      const files = await repo.filesIn(
        s.db,
        t,
        [...v.values()].map((x) => repo.apkIconFid(x.fid)),
      );
      for (const fid of files.keys()) icons.add(fid);
    }),
  );
  const ids = rows.map((r) => r.app_id);
  const [added, properties] = await Promise.all([
    platform.platformAppsIn(s.db, ids),
    propertyNames(
      s.db,
      rows.map((r) => r.pno),
    ),
  ]);
  const adders = await userNames(
    s.db,
    [...added.values()].map((a) => a.added_by),
  );
  return rows.map((r) => {
    const own = listings.get(r.app_id) ?? [];
    const active = activeListing(own, language) as Partial<repo.ListingRow>;
    const version = shelved.get(r.app_id);
    const apkIcon = version && icons.has(repo.apkIconFid(version.fid)) ? repo.apkIconFid(version.fid) : '';
    const platformRow = added.get(r.app_id);
    return {
      appId: r.app_id,
      pno: r.pno,
      propertyName: properties.get(r.pno) ?? r.pno,
      packageName: r.package_name,
      appName: active.app_name || r.package_name,
      summary: active.summary ?? '',
      nameList: own.map((l) => ({ language: l.language, appName: l.app_name })),
      iconUrl: appFileUrl(s, r.pno, own.find((l) => l.icon_fid)?.icon_fid || apkIcon),
      versionName: version?.version_name ?? '',
      versionCode: Number(version?.version_code ?? 0),
      publishTime: version?.publish_time == null ? null : Number(version.publish_time),
      isPlatform: platformRow ? 1 : 0,
      addedBy: platformRow?.added_by ?? '',
      addedByName: platformRow ? (adders.get(platformRow.added_by) ?? '') : '',
      addTime: platformRow ? Number(platformRow.created_at) : null,
    };
  });
}

// ---- what every property's devices get -----------------------------------------------------------------------

export type ReleasedVersion = Awaited<ReturnType<typeof repo.shelvedVersions>>[number] & {
  /** The property holding the app: the property itself, or for a platform app the one it came from. */
  pno: string;
};

/**
 * The released apps a property's devices may get, platform apps included: every version on the shelf of its own
 * apps that passed review and of the platform apps (of one device model's when `modelId` is given: its own
 * versions naming it or none, the platform apps' naming none), newest first per package. A package the property
 * has on its own shelf is its own: a platform app of the same package is left out. With each app's listings.
 */
export async function releasedVersions(
  s: Services,
  t: Tenant,
  modelId: string | null,
): Promise<{ versions: ReleasedVersion[]; listings: Map<string, repo.ListingRow[]> }> {
  const [own, shared] = await Promise.all([
    repo.shelvedVersions(s.db, t, modelId),
    platform.shelvedPlatformVersions(s.db, modelId !== null),
  ]);
  const ownPackages = new Set(own.map((v) => v.package_name));
  const others = shared.filter((v) => v.pno !== t.pno && !ownPackages.has(v.package_name));
  const versions: ReleasedVersion[] = [...own.map((v) => ({ ...v, pno: t.pno })), ...others].sort(
    (a, b) =>
      (a.package_name < b.package_name ? -1 : a.package_name > b.package_name ? 1 : 0) ||
      Number(b.version_code) - Number(a.version_code),
  );
  const byProperty = new Map<string, Set<string>>();
  for (const v of versions) byProperty.set(v.pno, (byProperty.get(v.pno) ?? new Set()).add(v.app_id));
  const listings = new Map<string, repo.ListingRow[]>();
  for (const [pno, ids] of byProperty) {
    for (const [id, list] of await repo.listingsOf(s.db, propertyTenant(pno), [...ids])) listings.set(id, list);
  }
  return { versions, listings };
}

/** A version a property's repository offers by package and versionCode, with the tenant holding its files. */
export async function releasedVersion(s: Services, t: Tenant, packageName: string, versionCode: number) {
  const own = await repo.shelvedVersion(s.db, t, packageName, versionCode);
  if (own) return { ...own, t };
  if (await platform.ownShelvesPackage(s.db, t, packageName)) return null;
  // A platform app's: read in the property holding it, as a screenshot is.
  const shared = await platform.findPlatformPackage(s.db, packageName);
  if (!shared) return null;
  const holder = propertyTenant(shared.app_pno);
  const version = await repo.shelvedVersion(s.db, holder, packageName, versionCode);
  return version ? { ...version, t: holder } : null;
}

/** The tenant holding a screenshot a property's repository shows for the package, or null. */
export async function releasedScreenshot(s: Services, t: Tenant, packageName: string, fid: string) {
  if (await repo.shelvedScreenshot(s.db, t, packageName, fid)) return t;
  if (await platform.ownShelvesPackage(s.db, t, packageName)) return null;
  const shared = await platform.findPlatformPackage(s.db, packageName);
  if (!shared) return null;
  const holder = propertyTenant(shared.app_pno);
  return (await repo.shelvedScreenshot(s.db, holder, packageName, fid)) ? holder : null;
}

/**
 * The generation a property's index is kept under: its own plus the platform's. Both only ever rise, so the sum
 * changes exactly when either does — a change of its own shelf or of the platform apps — and nothing is made again
 * per request. When it last changed: the later of the two.
 */
export async function indexGeneration(s: Services, t: Tenant): Promise<{ generation: number; updatedAt: number }> {
  const [own, shared] = await Promise.all([repo.repositoryGeneration(s.db, t), platform.platformGeneration(s.db)]);
  return { generation: own.generation + shared.generation, updatedAt: Math.max(own.updatedAt, shared.updatedAt) };
}
