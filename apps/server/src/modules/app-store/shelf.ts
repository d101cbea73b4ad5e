import { type AppVersionItem, AUDIT_STATUS, SHELF_STATUS } from '@keel/contract/endpoints/app-store';
import type { Db } from '../../platform/db/connect';
import { AppError, notFound } from '../../platform/http/errors';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { submitApplication } from '../workflow/service';
import { type Caller, versionOf } from './caller';
import { appNameOf } from './items';
import * as repo from './repo';

/**
 * The shelf (README "Shelf"): a passed version of a passed app goes on the shelf after the shelf review (apply type
 * `appShelf`) passes: at once, or at its `demandShelfTime` by a job, which outlives a restart (jobs are rows) and
 * publishes only a version still waiting. The developer hears when a scheduled version goes on the shelf.
 */

export const SHELVE_JOB = 'appStore.shelve';

interface ShelvePayload {
  pno: string;
  appVersionId: string;
}

export async function putOnShelf(
  s: Services,
  c: Caller,
  input: { appId: string; appVersionId: string },
  answer: (id: string) => Promise<AppVersionItem>,
): Promise<AppVersionItem> {
  const { version, app } = await versionOf(s, c, input.appVersionId);
  if (version.app_id !== input.appId) throw notFound('appVersionId');
  if (version.audit_status !== AUDIT_STATUS.passed) throw new AppError('appVersionNotPassed');
  if (app.audit_status !== AUDIT_STATUS.passed) throw new AppError('appNotPassed');
  const onItsWay = version.shelf_status === SHELF_STATUS.auditing || version.shelf_status === SHELF_STATUS.scheduled;
  if (version.published === 1 || onItsWay) throw new AppError('appVersionOnShelf');
  const name = await appNameOf(s, c.t, app, c.locale);
  await submitApplication(
    s,
    {
      pno: c.t.pno,
      applyType: 'appShelf',
      applicantUid: c.uid,
      subjectId: version.app_version_id,
      subjectName: `${name} ${version.version_name} (${version.version_code})`,
      snapshot: {
        appId: app.app_id,
        appVersionId: version.app_version_id,
        packageName: app.package_name,
        versionName: version.version_name,
        demandShelfTime: version.demand_shelf_time,
      },
    },
    (trx) => repo.askShelf(trx, c.t, version.app_version_id, s.now()),
  );
  return answer(version.app_version_id);
}

/**
 * The shelf review passed (in the engine's transaction): on the shelf now, or waiting for its time with a job to put
 * it there.
 */
export async function shelfPassed(s: Services, trx: Db, t: Tenant, appVersionId: string, now: number) {
  const version = await repo.findVersion(trx, t, appVersionId);
  if (!version || version.shelf_status !== SHELF_STATUS.auditing) return;
  const at = version.demand_shelf_time === null ? null : Number(version.demand_shelf_time);
  if (at !== null && at > now) {
    await repo.scheduleShelf(trx, t, appVersionId, now);
    // In the review's transaction: the job exists if and only if the version waits for it.
    await s.jobs.enqueue(SHELVE_JOB, { pno: t.pno, appVersionId } satisfies ShelvePayload, { runAt: at, trx });
  } else {
    await repo.publishVersion(trx, t, appVersionId, now, SHELF_STATUS.auditing);
  }
}

/** The job: puts a version still waiting on the shelf and tells its developer. */
export async function runShelving(s: Services, payload: unknown): Promise<void> {
  const { pno, appVersionId } = payload as ShelvePayload;
  const t = propertyTenant(pno);
  const now = s.now();
  if (!(await repo.publishVersion(s.db, t, appVersionId, now, SHELF_STATUS.scheduled))) return;
  const version = await repo.findVersion(s.db, t, appVersionId);
  if (!version) return;
  const listings = await repo.listingsOf(s.db, t, [version.app_id]);
  const app = await repo.findApp(s.db, t, version.app_id);
  const name = listings.get(version.app_id)?.[0]?.app_name ?? app?.package_name ?? '';
  await notify(s, {
    uid: version.created_by,
    pno,
    type: 'review',
    key: 'appOnShelf',
    params: { app: name, version: version.version_name },
    link: { kind: 'appVersion', id: appVersionId },
  });
}
