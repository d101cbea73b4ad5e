import type { AppItem, AppListingView, AppVersionItem } from '@keel/contract/endpoints/app-store';
import type { Locale } from '@keel/contract/status';
import { userNames } from '../../platform/auth/reads';
import { stringList } from '../../platform/db/json-text';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { catalogueNames } from '../device/catalogue';
import { analysisOf } from './files';
import { appFileUrl } from './links';
import * as repo from './repo';

/** Apps and versions as the lists answer them: one read per page for listings, owners, versions, models and files. */

/** A listing with links to its images; without an icon of its own, the newest version's APK icon (`fallbackIcon`). */
function listingOf(s: Services, t: Tenant, r: repo.ListingRow, fallbackIcon: string): AppListingView {
  const screenshots = stringList(r.screenshot_fids);
  return {
    language: r.language as AppListingView['language'],
    appName: r.app_name,
    summary: r.summary,
    description: r.description,
    appIconFid: r.icon_fid,
    appIconUrl: appFileUrl(s, t.pno, r.icon_fid || fallbackIcon),
    screenshotFidList: screenshots,
    screenshotUrlList: screenshots.map((fid) => appFileUrl(s, t.pno, fid)),
    developer: r.developer,
    developerLink: r.developer_link,
    labels: stringList(r.labels),
  };
}

const EMPTY_LISTING = {
  language: '',
  appName: '',
  summary: '',
  description: '',
  appIconFid: '',
  appIconUrl: '',
  screenshotFidList: [],
  screenshotUrlList: [],
  developer: '',
  developerLink: '',
  labels: [],
};

/** The reader's language, else the first, else empty. */
export const activeListing = <L extends { language: string }>(list: readonly L[], locale: Locale) =>
  list.find((l) => l.language === locale) ?? list[0] ?? EMPTY_LISTING;

export async function appItems(
  s: Services,
  t: Tenant,
  rows: readonly repo.AppRow[],
  locale: Locale,
): Promise<AppItem[]> {
  const ids = rows.map((r) => r.app_id);
  const [listings, owners, stats] = await Promise.all([
    repo.listingsOf(s.db, t, ids),
    userNames(s.db, [...new Set(rows.map((r) => r.owner_uid))]),
    repo.versionStats(s.db, t, ids),
  ]);
  // The newest versions' APK icons, for listings without an icon of their own.
  const icons = await repo.filesIn(
    s.db,
    t,
    [...stats.values()].map((v) => repo.apkIconFid(v.latestFid)),
  );
  return rows.map((r) => {
    const stat = stats.get(r.app_id);
    const fallback = stat && icons.has(repo.apkIconFid(stat.latestFid)) ? repo.apkIconFid(stat.latestFid) : '';
    const languageList = (listings.get(r.app_id) ?? []).map((l) => listingOf(s, t, l, fallback));
    return {
      appId: r.app_id,
      packageName: r.package_name,
      free: r.free === 1 ? 1 : 0,
      ageLevel: r.age_level,
      auditStatus: r.audit_status,
      appType: r.app_type,
      keystore: r.keystore,
      ukey: r.ukey,
      partKey: r.part_key,
      ownerUid: r.owner_uid,
      ownerName: owners.get(r.owner_uid) ?? '',
      languageList,
      activeLanguage: activeListing(languageList, locale),
      published: stat?.published ? 1 : 0,
      versionCount: stat?.count ?? 0,
      latestVersionName: stat?.latestName ?? '',
      auditComment: r.audit_comment,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    };
  });
}

export async function versionItems(
  s: Services,
  t: Tenant,
  packageName: string,
  rows: readonly repo.VersionRow[],
): Promise<AppVersionItem[]> {
  const [models, files] = await Promise.all([
    repo.modelsOf(
      s.db,
      t,
      rows.map((r) => r.app_version_id),
    ),
    repo.filesIn(
      s.db,
      t,
      rows.map((r) => r.fid),
    ),
  ]);
  const modelIds = [...new Set([...models.values()].flat())];
  const names = await catalogueNames(s, t, 'model', modelIds);
  return rows.map((r) => {
    const file = files.get(r.fid);
    const apk = file && analysisOf(file);
    if (!file || !apk) throw new Error(`app version ${r.app_version_id} has no analysed file`);
    return {
      appVersionId: r.app_version_id,
      appId: r.app_id,
      packageName,
      versionCode: Number(r.version_code),
      versionName: r.version_name,
      fid: r.fid,
      size: Number(file.size),
      sha256: file.sha256,
      downloadUrl: appFileUrl(s, t.pno, file.fid),
      iconUrl: appFileUrl(s, t.pno, apk.iconFid),
      apk,
      supportPlugin: r.support_plugin === 1 ? 1 : 0,
      forceUpdate: r.force_update === 1 ? 1 : 0,
      privacyStatement: r.privacy_statement,
      copyrights: r.copyrights,
      auditStatus: r.audit_status,
      auditComment: r.audit_comment,
      demandShelfTime: r.demand_shelf_time === null ? null : Number(r.demand_shelf_time),
      compatibleDeviceList: (models.get(r.app_version_id) ?? []).map((modelId) => ({
        modelId,
        name: names.get(modelId) ?? modelId,
      })),
      shelfStatus: r.shelf_status,
      shelfComment: r.shelf_comment,
      published: r.published === 1 ? 1 : 0,
      publishTime: r.publish_time === null ? null : Number(r.publish_time),
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    };
  });
}

/** The app's name for the reader (its listing in their language, else the first), else its package name. */
export async function appNameOf(s: Services, t: Tenant, app: repo.AppRow, locale: Locale): Promise<string> {
  const listings = (await repo.listingsOf(s.db, t, [app.app_id])).get(app.app_id) ?? [];
  const named = listings.map((l) => ({ language: l.language, appName: l.app_name }));
  return activeListing(named, locale).appName || app.package_name;
}
