import type { InstalledAppItem } from '@keel/contract/endpoints/app-install';
import { DEVICE_READERS } from '@keel/contract/endpoints/device-common';
import type { RequestContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { propertyDevices } from '../device/targets';
import { listFor } from './device-apps';
import { iconName, repositoryPath } from './fdroid';
import { installedOf } from './installs-repo';

/**
 * `ai/getDeviceAppList` (README "Devices"): what a device reported it has installed, each package with the app the
 * store has of it (its name in the reader's language, its icon from the repository) and whether a newer version is
 * on the shelf for the device's model. The shelf is read from the list devices are given (device-apps.ts).
 */
export async function deviceApps(s: Services, ctx: RequestContext, deviceId: string) {
  const t = tenantOf(ctx);
  const [device] = await propertyDevices(s, ctx, t, [deviceId], DEVICE_READERS);
  const rows = await installedOf(s.db, t, deviceId);
  const shelf = (await listFor(s, t, device?.modelId ?? '', '')).apps;
  const list: InstalledAppItem[] = rows.map((r) => {
    const latest = shelf.get(r.package_name);
    const versionCode = Number(r.version_code);
    return {
      packageName: r.package_name,
      versionCode,
      versionName: r.version_name,
      reportTime: Number(r.reported_at),
      appId: latest?.appId ?? '',
      appName: latest ? (latest.names[ctx.locale] ?? latest.name) : '',
      iconUrl: latest
        ? `${repositoryPath(t.pno, 'all')}/icons/${iconName(latest.packageName, latest.versionCode)}`
        : '',
      latestVersionCode: latest?.versionCode ?? null,
      latestVersionName: latest?.versionName ?? '',
      updateAvailable: latest && latest.versionCode > versionCode ? 1 : 0,
      forceUpdate: latest?.forceUpdate && latest.versionCode > versionCode ? 1 : 0,
    };
  });
  return { list };
}
