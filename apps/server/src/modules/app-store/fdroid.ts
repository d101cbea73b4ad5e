import { Readable } from 'node:stream';
import type { ApkAnalysis } from '@keel/contract/endpoints/app-store';
import { stringList } from '../../platform/db/json-text';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { catalogueNames } from '../device/catalogue';
import { appStoreIndexCertificate, signAppStoreIndex } from '../signing/reads';
import { indexGeneration, releasedVersions } from './platform-apps';
import * as repo from './repo';

/**
 * A property's F-Droid repository (README "F-Droid repository"): what stock F-Droid clients read — `index-v1.jar`, a
 * JAR signed with the property's app store index key (signing service) holding `index-v1.json` — for every app on the
 * shelf, its own and the platform apps (scope `all`), or those fitting one device model (scope: the model's id). The index is made when first asked
 * for after what the repository shows changed (its generation rose: a version went on the shelf, an app's information
 * passed), kept as a blob, and served with its SHA-256 as ETag; never made per request.
 */

export const FDROID_PREFIX = '/fdroid';
/** The index format F-Droid clients read (index-v1). */
const INDEX_VERSION = 21;
const LOCALES: Record<string, string> = { 'zh-cn': 'zh-CN', en: 'en-US' };

export const repositoryPath = (pno: string, scope: string) => `${FDROID_PREFIX}/${pno}/${scope}/repo`;
export const apkName = (packageName: string, versionCode: number) => `${packageName}_${versionCode}.apk`;
export const iconName = (packageName: string, versionCode: number) => `${packageName}.${versionCode}.png`;

/** index-v1.json of the scope, from the shelf as it is now. */
export async function indexJson(
  s: Services,
  t: Tenant,
  scope: string,
  repository: { name: string; address: string; timestamp: number },
): Promise<Buffer> {
  // The property's own apps and the platform apps (platform-apps.ts).
  const { versions, listings } = await releasedVersions(s, t, scope === 'all' ? null : scope);
  const apps: Record<string, unknown>[] = [];
  const packages: Record<string, Record<string, unknown>[]> = {};
  for (const v of versions) {
    const apk = JSON.parse(v.analysis) as ApkAnalysis;
    const versionCode = Number(v.version_code);
    const list = packages[v.package_name];
    const entry = {
      packageName: v.package_name,
      versionCode,
      versionName: v.version_name,
      apkName: apkName(v.package_name, versionCode),
      hash: v.sha256,
      hashType: 'sha256',
      size: Number(v.size),
      minSdkVersion: apk.minSdk,
      targetSdkVersion: apk.targetSdk,
      ...(apk.abis.length > 0 ? { nativecode: apk.abis } : {}),
      'uses-permission': apk.permissions.map((p) => [p, null]),
      signer: apk.certSha256,
      added: Number(v.publish_time ?? v.created_at),
    };
    if (list) {
      list.push(entry);
      continue;
    }
    packages[v.package_name] = [entry];
    // The newest version on the shelf is the one suggested.
    const own = listings.get(v.app_id) ?? [];
    const localized: Record<string, Record<string, unknown>> = {};
    for (const l of own) {
      localized[LOCALES[l.language] ?? l.language] = {
        name: l.app_name,
        summary: l.summary,
        description: l.description,
        ...(l.screenshot_fids !== '[]'
          ? { phoneScreenshots: stringList(l.screenshot_fids).map((fid) => `${fid}.png`) }
          : {}),
      };
    }
    const first = own[0];
    apps.push({
      packageName: v.package_name,
      name: first?.app_name ?? v.package_name,
      summary: first?.summary ?? '',
      description: first?.description ?? '',
      ...(first?.developer ? { authorName: first.developer } : {}),
      ...(first?.developer_link ? { webSite: first.developer_link } : {}),
      license: 'Unknown',
      categories: [],
      icon: iconName(v.package_name, versionCode),
      suggestedVersionCode: String(versionCode),
      suggestedVersionName: v.version_name,
      added: Number(v.app_created_at),
      lastUpdated: Number(v.publish_time ?? v.app_updated_at),
      localized,
    });
  }
  return Buffer.from(
    JSON.stringify({
      repo: {
        timestamp: repository.timestamp,
        version: INDEX_VERSION,
        name: repository.name,
        address: repository.address,
        description: repository.name,
        maxage: 0,
      },
      requests: { install: [], uninstall: [] },
      apps,
      packages,
    }),
  );
}

const indexOwner = (t: Tenant, scope: string) => `appIndex:${t.pno}:${scope}`;
/** Index generations being made, so that concurrent first requests make one. */
const making = new Map<string, Promise<{ sha256: string; size: number }>>();

/** The scope's signed index as it stands for the repository's generation: kept, or made now. */
export async function currentIndex(
  s: Services,
  t: Tenant,
  scope: string,
  repository: { name: string; address: string },
): Promise<{ sha256: string; size: number }> {
  const { generation, updatedAt } = await indexGeneration(s, t);
  const kept = await repo.findIndex(s.db, t, scope);
  if (kept && Number(kept.generation) === generation && kept.address === repository.address) {
    return { sha256: kept.sha256, size: Number(kept.size) };
  }
  const key = `${t.pno}\u0000${scope}\u0000${generation}\u0000${repository.address}`;
  let pending = making.get(key);
  if (!pending) {
    pending = (async () => {
      const json = await indexJson(s, t, scope, { ...repository, timestamp: updatedAt || s.now() });
      const jar = await signAppStoreIndex(s, t, [{ name: 'index-v1.json', data: json }]);
      const stored = await s.blobs.keep(Readable.from([jar]), { owner: indexOwner(t, scope), maxSize: jar.length });
      await repo.saveIndex(
        s.db,
        t,
        { scope, generation, address: repository.address, sha256: stored.sha256, size: stored.size },
        s.now(),
      );
      if (kept && kept.sha256 !== stored.sha256) await s.blobs.dropRef(kept.sha256, indexOwner(t, scope));
      return stored;
    })().finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

/** What the console shows to add the repository to a client: its path and the index certificate's fingerprint. */
export async function repositoryOfProperty(s: Services, t: Tenant, modelId: string | undefined) {
  if (modelId && (await catalogueNames(s, t, 'model', [modelId])).size === 0) throw notFound('modelId');
  const certificate = await appStoreIndexCertificate(s, t);
  return { path: repositoryPath(t.pno, modelId ?? 'all'), fingerprint: certificate.sha256 };
}
