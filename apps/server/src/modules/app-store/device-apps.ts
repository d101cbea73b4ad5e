import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { installedAppsReport, type KeelApp } from '@keel/contract/device-api/keel-apps';
import type { ApkAnalysis } from '@keel/contract/endpoints/app-store';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Services } from '../../platform/services';
import { noneMatch } from '../../platform/storage/range';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall, DdiExtensionRoute } from '../device/extensions';
import { apkName, repositoryPath } from './fdroid';
import { replaceInstalled } from './installs-repo';
import { indexGeneration, releasedVersions } from './platform-apps';

/**
 * The device side of the app store (README "Devices"), on the device API's extension points: over DDI and Mender a
 * device (at a fixed address: no poll link announces it) lists the apps on the shelf for its model (the newest version each, the forced-update flag, the APK's link
 * in the property's F-Droid repository) and reports what it has installed.
 *
 * The list is made once per property, model, repository generation and address, kept in memory as its JSON bytes
 * with an ETag (and gzip-encoded, for devices that take it), and answered from there: a request costs the generation's
 * read and a map lookup. A device
 * without a model gets the versions that name no model.
 */

export const APP_STORE_BUSINESS = 'appstore';

interface KeptList {
  etag: string;
  body: Buffer;
  /** The same, gzip-encoded (what most devices take). */
  gzipped: Buffer;
  /** The same apps by package. */
  apps: ReadonlyMap<string, KeelApp>;
}

/** Per server: the lists kept, oldest first (a Map keeps insertion order; a bounded memory), and those being made. */
const memories = new WeakMap<Services, { kept: Map<string, KeptList>; making: Map<string, Promise<KeptList>> }>();
const KEPT_MAX = 256;

function memoryOf(s: Services) {
  let memory = memories.get(s);
  if (!memory) {
    memory = { kept: new Map(), making: new Map() };
    memories.set(s, memory);
  }
  return memory;
}

/** Where devices reach this server: PUBLIC_URL, else the address they called. */
const originOf = (s: Services, call: DdiExtensionCall) => s.config.publicUrl ?? call.origin;

/** The apps on the shelf for a model ('' for a device without one), newest version each. */
export async function appsForModel(s: Services, t: Tenant, modelId: string, origin: string): Promise<KeelApp[]> {
  const { versions, listings } = await releasedVersions(s, t, modelId);
  const repo = `${origin}${repositoryPath(t.pno, 'all')}`;
  const out: KeelApp[] = [];
  let last = '';
  for (const v of versions) {
    // Newest first within a package: the first of each is the one devices get.
    if (v.package_name === last) continue;
    last = v.package_name;
    const own = listings.get(v.app_id) ?? [];
    const apk = JSON.parse(v.analysis) as ApkAnalysis;
    const versionCode = Number(v.version_code);
    out.push({
      appId: v.app_id,
      packageName: v.package_name,
      name: own[0]?.app_name ?? v.package_name,
      names: Object.fromEntries(own.map((l) => [l.language, l.app_name])),
      versionCode,
      versionName: v.version_name,
      size: Number(v.size),
      sha256: v.sha256,
      minSdk: apk.minSdk,
      forceUpdate: Number(v.force_update) === 1,
      _links: { download: { href: `${repo}/${apkName(v.package_name, versionCode)}` } },
    });
  }
  return out;
}

/** The kept list of a model's apps at an address (made now when what the repository shows changed). */
export async function listFor(s: Services, t: Tenant, modelId: string, origin: string): Promise<KeptList> {
  const { generation } = await indexGeneration(s, t);
  const { kept, making } = memoryOf(s);
  const key = `${t.pno}\u0000${modelId}\u0000${generation}\u0000${origin}`;
  const known = kept.get(key);
  if (known) return known;
  let pending = making.get(key);
  if (!pending) {
    pending = (async () => {
      const apps = await appsForModel(s, t, modelId, origin);
      const body = Buffer.from(JSON.stringify({ apps }));
      const list = {
        etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
        body,
        gzipped: await gzipAsync(body),
        apps: new Map(apps.map((a) => [a.packageName, a])),
      };
      if (kept.size >= KEPT_MAX) {
        const oldest = kept.keys().next();
        if (!oldest.done) kept.delete(oldest.value);
      }
      kept.set(key, list);
      return list;
    })().finally(() => making.delete(key));
    making.set(key, pending);
  }
  return pending;
}

const gzipAsync = promisify(gzip);

/** `GET …/keelApps` (DDI) and `GET /api/devices/v1/keel/apps` (Mender). */
async function listApps(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const list = await listFor(s, propertyTenant(call.pno), call.modelId ?? '', originOf(s, call));
  const headers = { etag: list.etag, 'cache-control': 'private, no-cache', vary: 'accept-encoding' };
  if (noneMatch(call.ifNoneMatch, list.etag)) return { status: 304, headers };
  if (call.acceptsGzip) return { status: 200, body: list.gzipped, headers: { ...headers, 'content-encoding': 'gzip' } };
  return { status: 200, body: list.body, headers };
}

/** `PUT …/keelApps/installed`: the device's whole installed set replaces what was known (written only when it changed). */
async function reportInstalled(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = installedAppsReport.safeParse(call.body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return error(
      400,
      'badRequest',
      `Invalid report: ${first?.path.join('.') || 'body'} ${first?.message ?? ''}`.trim(),
    );
  }
  const unique = new Set(parsed.data.apps.map((a) => a.packageName));
  if (unique.size !== parsed.data.apps.length) return error(400, 'badRequest', 'Invalid report: a package named twice');
  const t = propertyTenant(call.pno);
  const now = s.now();
  const apps = parsed.data.apps.map((a) => ({ ...a, versionName: a.versionName ?? '' }));
  const changed = await s.db.transaction().execute((trx) => replaceInstalled(trx, t, call.deviceId, apps, now));
  if (changed)
    await appendAudit(s.db, {
      at: now,
      actor_uid: null,
      pno: call.pno,
      endpoint: 'ddi/keelApps/installed',
      target: call.deviceId,
      result: 0,
      address: call.ip,
      request_id: call.requestId,
    }).catch((err) => s.log.error({ err, reqId: call.requestId }, 'audit write failed'));
  return { status: 200 };
}

/** The routes, for both protocols (extensions.ts `mender`). */
export const deviceAppRoutes: DdiExtensionRoute[] = [
  {
    method: 'GET',
    suffix: '/keelApps',
    mender: '/apps',
    business: APP_STORE_BUSINESS,
    bucket: 'keelApps',
    handler: listApps,
  },
  {
    method: 'PUT',
    suffix: '/keelApps/installed',
    mender: '/apps/installed',
    report: true,
    bucket: 'keelAppsInstalled',
    handler: reportInstalled,
  },
];
