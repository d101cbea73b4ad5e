import { createHash } from 'node:crypto';

/**
 * The app store as a simulated Android device uses it (apps/server/src/modules/app-store/README.md "Devices"): it
 * asks for the apps on the shelf for its model (`keelApps`, with its last ETag), downloads the APKs it decides to
 * install, checks their SHA-256 and size, "installs" them, and reports its whole installed set when it changed. An
 * app store push (Keel command `appInstall`) installs the version it names. Downloads are checked, never kept.
 */

export interface AppBehaviour {
  /**
   * Which listed apps a device installs by itself: `all` (every app, and every newer version: a store that keeps
   * itself up to date), `forced` (only versions marked as forced updates, and newer versions of apps it has).
   */
  install?: 'all' | 'forced';
  /** A share (0–1) of installs that fail (the device reports the failure of a push). */
  failRate?: number;
}

export interface InstalledApp {
  packageName: string;
  versionCode: number;
  versionName: string;
}

/** One device's apps: what it has installed, the list's last ETag, and whether its server knows the set. */
export interface DeviceApps {
  installed: Map<string, InstalledApp>;
  etag?: string;
  reported: boolean;
}

export const deviceApps = (): DeviceApps => ({ installed: new Map(), reported: false });

export interface AppCounters {
  /** Apps installed, and installs that failed (a bad download, a simulated failure). */
  appInstalls: number;
  appInstallFailures: number;
  /** Installed sets the server took (a report after each change). */
  appReports: number;
}

interface ListedApp {
  packageName: string;
  versionCode: number;
  versionName: string;
  size: number;
  sha256: string;
  forceUpdate: boolean;
  _links?: { download?: { href?: string } };
}

/** Downloads an APK and checks it is the one named; the reason when it is not. */
async function fetchApk(
  href: string,
  want: { sha256: string; size: number },
  authorization: string | undefined,
  signal: AbortSignal,
): Promise<string | null> {
  const res = await fetch(href, { headers: authorization ? { authorization } : {}, signal });
  if (res.status !== 200) {
    await res.arrayBuffer();
    return `download answered ${res.status}`;
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length !== want.size) return `size ${bytes.length}, expected ${want.size}`;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return sha256 === want.sha256 ? null : 'SHA-256 mismatch';
}

const fails = (behaviour: AppBehaviour, random: () => number) =>
  behaviour.failRate !== undefined && random() < behaviour.failRate;

/** Whether the device installs a listed app by itself. */
export function wants(app: ListedApp, apps: DeviceApps, behaviour: AppBehaviour): boolean {
  const have = apps.installed.get(app.packageName);
  if (have && have.versionCode >= app.versionCode) return false;
  if ((behaviour.install ?? 'all') === 'all') return true;
  return app.forceUpdate || have !== undefined;
}

/**
 * Asks for the list (`listUrl`: DDI's `…/keelApps` or Mender's `/api/devices/v1/keel/apps`), installs what the
 * behaviour wants, and reports the installed set to `listUrl + '/installed'` when it changed. A property without
 * the app store answers 404: nothing happens.
 */
export async function syncApps(
  listUrl: string,
  authorization: string,
  apps: DeviceApps,
  behaviour: AppBehaviour,
  counters: AppCounters,
  signal: AbortSignal,
  random: () => number = Math.random,
): Promise<void> {
  const res = await fetch(listUrl, {
    headers: { authorization, accept: 'application/json', ...(apps.etag ? { 'if-none-match': apps.etag } : {}) },
    signal,
  });
  if (res.status === 200) {
    apps.etag = res.headers.get('etag') ?? undefined;
    const body = (await res.json()) as { apps?: ListedApp[] };
    for (const app of body.apps ?? []) {
      if (!wants(app, apps, behaviour)) continue;
      const href = app._links?.download?.href;
      const problem = href ? await fetchApk(href, app, undefined, signal) : 'no download link';
      if (problem || fails(behaviour, random)) {
        counters.appInstallFailures += 1;
        continue;
      }
      apps.installed.set(app.packageName, {
        packageName: app.packageName,
        versionCode: app.versionCode,
        versionName: app.versionName,
      });
      apps.reported = false;
      counters.appInstalls += 1;
    }
  } else await res.arrayBuffer();
  if (res.status !== 404) await reportApps(`${listUrl}/installed`, authorization, apps, counters, signal);
}

/** PUTs the installed set when the server does not know it yet. */
export async function reportApps(
  url: string,
  authorization: string,
  apps: DeviceApps,
  counters: AppCounters,
  signal: AbortSignal,
) {
  if (apps.reported) return;
  const put = await fetch(url, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ apps: [...apps.installed.values()] }),
    signal,
  });
  await put.arrayBuffer();
  if (put.status === 200) {
    apps.reported = true;
    counters.appReports += 1;
  }
}

/**
 * A push (`appInstall` command): downloads the APK from the server (`origin` + the command's `path`), checks it and
 * installs it; the answer the device gives the command.
 */
export async function installPushed(
  origin: string,
  payload: Record<string, unknown>,
  apps: DeviceApps,
  behaviour: AppBehaviour,
  counters: AppCounters,
  signal: AbortSignal,
  random: () => number = Math.random,
): Promise<{ finished: 'success' | 'failure'; details: string[] }> {
  const packageName = String(payload.packageName ?? '');
  const versionCode = Number(payload.versionCode);
  const problem =
    typeof payload.path === 'string'
      ? await fetchApk(
          `${origin}${payload.path}`,
          { sha256: String(payload.sha256), size: Number(payload.size) },
          undefined,
          signal,
        )
      : 'no APK path';
  if (problem || fails(behaviour, random)) {
    counters.appInstallFailures += 1;
    return { finished: 'failure', details: [`${packageName}: ${problem ?? 'simulated install failure'}`] };
  }
  apps.installed.set(packageName, { packageName, versionCode, versionName: String(payload.versionName ?? '') });
  apps.reported = false;
  counters.appInstalls += 1;
  return { finished: 'success', details: [`installed ${packageName} ${versionCode}`] };
}
