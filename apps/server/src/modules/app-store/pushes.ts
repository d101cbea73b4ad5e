import {
  APP_PUSH_EXPIRE_DAYS,
  type AppPushDeviceItem,
  type AppPushItem,
  type AppPushState,
} from '@keel/contract/endpoints/app-install';
import { APP_STORE_PERMISSIONS } from '@keel/contract/endpoints/app-store';
import { withUserNames } from '../../platform/auth/reads';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { deviceSummaries, propertyDevices } from '../device/targets';
import type { ActionKind, Command, DeliveredKind } from '../device-action/kinds';
import * as actions from '../device-action/service';
import { type Caller, versionOf } from './caller';
import { apkName, repositoryPath } from './fdroid';
import * as installs from './installs-repo';
import * as repo from './repo';

/**
 * Pushes (README "Devices"): an administrator asks chosen devices to install a version on the shelf, now or as a
 * forced update. A push is a campaign of device actions of kind `appInstall` (modules/device-action), one per device,
 * given through Keel's commands resource as a command of type `appInstall` whose payload names the APK (its path in
 * the property's F-Droid repository, SHA-256 and size). A device's answer ends its action; the push finishes when
 * no device is left to answer, or expires with its actions after `APP_PUSH_EXPIRE_DAYS`.
 */

export const PUSH_EXPIRE_JOB = 'appStore.pushExpire';
const MESSAGE_MAX = 4000;

/** App installs as device actions: a push whose last open action ends is finished. */
export const appInstallActions: ActionKind = {
  kind: 'appInstall',
  priority: 0,
  async campaignEnded(db, tenant, pushId, now) {
    await installs.endPush(db, tenant, pushId, 'finished', now);
  },
};

/** As the delivery gives them: a command per open action of an active push (contributed in routes.ts). */
export const appInstallActionKind: DeliveredKind = {
  ...appInstallActions,
  business: 'appstore',
  messageMax: MESSAGE_MAX,
  delivery: {
    as: 'command',
    async describe(s, tenant, open) {
      const pushes = new Map(
        (
          await installs.pushesIn(
            s.db,
            tenant,
            open.map((a) => a.source_id),
          )
        ).map((p) => [p.push_id, p]),
      );
      const out = new Map<number, Command>();
      for (const a of open) {
        const p = pushes.get(a.source_id);
        if (p?.state !== 'active') continue;
        const versionCode = Number(p.version_code);
        out.set(Number(a.action_id), {
          type: 'appInstall',
          name: p.package_name,
          payload: {
            appId: p.app_id,
            packageName: p.package_name,
            versionCode,
            versionName: p.version_name,
            sha256: p.sha256,
            size: Number(p.size),
            path: `${repositoryPath(tenant.pno, 'all')}/${apkName(p.package_name, versionCode)}`,
            force: Number(p.force) === 1,
          },
          issuedAt: Number(p.created_at),
          expiresAt: Number(p.expires_at),
        });
      }
      return out;
    },
  },
};

type PushRow = installs.PushRow & { creator_name?: string | null };

function itemOf(row: PushRow, counts: Map<string, number> | undefined): AppPushItem {
  return {
    pushId: row.push_id,
    appId: row.app_id,
    appVersionId: row.app_version_id,
    versionCode: Number(row.version_code),
    versionName: row.version_name,
    force: Number(row.force) === 1 ? 1 : 0,
    state: row.state as AppPushState,
    total: Number(row.total),
    counts: actions.resultCounts(counts),
    expireTime: Number(row.expires_at),
    creatorName: row.creator_name ?? '',
    createTime: Number(row.created_at),
  };
}

async function pushItems(s: Services, t: Tenant, rows: readonly installs.PushRow[]): Promise<AppPushItem[]> {
  const named = await withUserNames(s.db, [...rows], 'created_by', 'creator_name');
  const counts = await actions.countsOf(
    s,
    t,
    appInstallActions,
    rows.map((r) => r.push_id),
  );
  return named.map((r) => itemOf(r, counts.get(r.push_id)));
}

/** Ends a push past its expiry: its open actions expire (the job at its expiry, and any read that finds it due). */
async function expirePush(s: Services, t: Tenant, pushId: string): Promise<void> {
  const now = s.now();
  const devices = await s.db.transaction().execute(async (trx) => {
    if (!(await installs.endPush(trx, t, pushId, 'finished', now))) return [];
    return actions.closeCampaign(trx, t, appInstallActions, { sourceId: pushId, state: 'expired' }, now);
  });
  await actions.devicesChanged(s, t, appInstallActions.kind, devices);
}

async function expireDue(s: Services, t: Tenant, pushIds?: readonly string[]) {
  for (const r of await installs.expiredPushes(s.db, t, s.now(), pushIds)) await expirePush(s, t, r.push_id);
}

/** The job `appStore.pushExpire` (enqueued for each push's expiry). */
export async function runPushExpiry(s: Services, payload: unknown): Promise<void> {
  const p = payload as { pno?: unknown; pushId?: unknown };
  if (typeof p?.pno !== 'string' || typeof p.pushId !== 'string') return;
  await expireDue(s, propertyTenant(p.pno), [p.pushId]);
}

/**
 * `av/pushAppVersion`: a version on the shelf (`appVersionNotOnShelf`), to the property's devices of `deviceIds`
 * (another property's is "not found"), each of a model the version fits (`appVersionNotForModel`, naming it). The push
 * and one pending action per device are written in one transaction; the devices' poll links appear at once.
 */
export async function pushVersion(
  s: Services,
  ctx: RequestContext,
  c: Caller,
  input: { appVersionId: string; deviceIdList: string[]; force: 0 | 1 },
): Promise<AppPushItem> {
  const { version, app } = await versionOf(s, c, input.appVersionId);
  if (Number(version.published) !== 1) throw new AppError('appVersionNotOnShelf');
  const devices = await propertyDevices(s, ctx, c.t, input.deviceIdList, APP_STORE_PERMISSIONS.manage);
  const models = (await repo.modelsOf(s.db, c.t, [version.app_version_id])).get(version.app_version_id) ?? [];
  if (models.length > 0) {
    const misfit = devices.find((d) => d.modelId === null || !models.includes(d.modelId));
    if (misfit) throw new AppError('appVersionNotForModel', { deviceId: misfit.deviceId });
  }
  const now = s.now();
  const pushId = newId();
  const expiresAt = now + APP_PUSH_EXPIRE_DAYS * 24 * 3600_000;
  const ids = devices.map((d) => d.deviceId);
  await s.db.transaction().execute(async (trx) => {
    await installs.insertPush(trx, c.t, {
      push_id: pushId,
      app_id: app.app_id,
      app_version_id: version.app_version_id,
      force: input.force,
      total: ids.length,
      state: 'active',
      expires_at: expiresAt,
      created_by: c.uid,
      created_at: now,
      updated_at: now,
    });
    await actions.enqueue(trx, c.t, appInstallActions, { sourceId: pushId, deviceIds: ids, expiresAt }, now);
  });
  await actions.devicesChanged(s, c.t, appInstallActions.kind, ids);
  await s.jobs.enqueue(
    PUSH_EXPIRE_JOB,
    { pno: c.t.pno, pushId },
    { runAt: expiresAt, dedupeKey: `${PUSH_EXPIRE_JOB}:${pushId}`, maxAttempts: 5 },
  );
  return pushOf(s, c.t, pushId);
}

async function pushOf(s: Services, t: Tenant, pushId: string): Promise<AppPushItem> {
  const row = await installs.findPush(s.db, t, pushId);
  if (!row) throw notFound('pushId');
  return (await pushItems(s, t, [row]))[0] as AppPushItem;
}

export async function listPushes(s: Services, c: Caller, input: { appId: string; pageNum: number; pageSize: number }) {
  const app = await repo.findApp(s.db, c.t, input.appId);
  if (!app) throw notFound('appId');
  await expireDue(s, c.t);
  const { rows, total } = await installs.pagePushes(s.db, c.t, input.appId, input.pageNum, input.pageSize);
  return { list: await pushItems(s, c.t, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function listPushDevices(
  s: Services,
  c: Caller,
  input: { pushId: string; pageNum: number; pageSize: number },
) {
  if (!(await installs.findPush(s.db, c.t, input.pushId))) throw notFound('pushId');
  await expireDue(s, c.t, [input.pushId]);
  const { rows, total } = await actions.pageOf(s, c.t, appInstallActions, input.pushId, undefined, input);
  const names = await deviceSummaries(
    s,
    c.t,
    rows.map((r) => r.device_id),
  );
  const list: AppPushDeviceItem[] = rows.map((r) => ({
    deviceId: r.device_id,
    deviceName: names.get(r.device_id)?.name ?? '',
    state: actions.resultState(r.state),
    message: r.message,
    updateTime: Number(r.updated_at),
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `av/cancelAppPush`: its open actions are cancelled (a device already installing may finish; its answer is late). */
export async function cancelPush(s: Services, c: Caller, pushId: string): Promise<AppPushItem> {
  if (!(await installs.findPush(s.db, c.t, pushId))) throw notFound('pushId');
  await expireDue(s, c.t, [pushId]);
  const now = s.now();
  const devices = await s.db.transaction().execute(async (trx) => {
    if (!(await installs.endPush(trx, c.t, pushId, 'cancelled', now))) throw new AppError('appPushNotActive');
    return actions.closeCampaign(trx, c.t, appInstallActions, { sourceId: pushId, state: 'cancelled' }, now);
  });
  await actions.devicesChanged(s, c.t, appInstallActions.kind, devices);
  return pushOf(s, c.t, pushId);
}
