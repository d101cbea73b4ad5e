import { type AppVersionItem, AUDIT_STATUS, SHELF_STATUS } from '@keel/contract/endpoints/app-store';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { catalogueNames } from '../device/catalogue';
import { certificateSha256 } from '../signing/reads';
import { submitApplication } from '../workflow/service';
import { withdrawReview } from './apps';
import { appOf, type Caller, versionOf } from './caller';
import { analysisOf } from './files';
import { appNameOf, versionItems } from './items';
import * as repo from './repo';
import { putOnShelf } from './shelf';

/** App versions (`av/`): one analysed APK each, saved as drafts or submitted for review (README "Versions"). */

export async function listVersions(
  s: Services,
  c: Caller,
  input: { appId: string; published?: 0 | 1; supportPlugin?: 0 | 1; pageNum: number; pageSize: number },
) {
  const app = await appOf(s, c, input.appId);
  const { rows, total } = await repo.pageVersions(s.db, c.t, app.app_id, input, input.pageNum, input.pageSize);
  return {
    list: await versionItems(s, c.t, app.package_name, rows),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

async function versionItem(s: Services, c: Caller, appVersionId: string): Promise<AppVersionItem> {
  const { version, app } = await versionOf(s, { ...c, ownOnly: false }, appVersionId);
  const [item] = await versionItems(s, c.t, app.package_name, [version]);
  return item as AppVersionItem;
}

export interface VersionSaveInput {
  appVersionId?: string;
  appId: string;
  fid: string;
  supportPlugin: 0 | 1;
  forceUpdate: 0 | 1;
  privacyStatement: string;
  copyrights: string;
  demandShelfTime: number | null;
  compatibleDeviceList: string[];
  submit: 0 | 1;
}

/**
 * The APK must be an analysed APK of the property (a developer's own upload), of the app's package, not another version's, with a versionCode
 * above every other version's and the certificate of the others (any one: they all share it).
 */
async function checkedApk(s: Services, c: Caller, app: repo.AppRow, fid: string, exceptId: string | null) {
  const file = await repo.findFile(s.db, c.t, fid);
  if (!file || (c.ownOnly && file.uid !== c.uid)) throw notFound('fid');
  const apk = analysisOf(file);
  if (file.kind !== 'apk' || !apk) throw new AppError('appFileNotApk', { name: file.name });
  if (apk.packageName !== app.package_name) {
    throw new AppError('apkPackageMismatch', { got: apk.packageName, want: app.package_name });
  }
  if (await repo.fileUsedByVersion(s.db, c.t, fid, exceptId)) throw new AppError('appFileUsed');
  const others = await repo.otherVersions(s.db, c.t, app.app_id, exceptId);
  const highest = others[0];
  if (highest && apk.versionCode <= Number(highest.version_code)) {
    throw new AppError('apkVersionCodeNotAbove', { got: apk.versionCode, last: Number(highest.version_code) });
  }
  // An app with a certificate of the signing service has its versions re-signed with it (resign.ts): what the
  // developer uploads is checked when it is submitted (`signedAsApp`), not against the earlier versions.
  if (highest && !app.keystore) {
    const earlier = await repo.findFile(s.db, c.t, highest.fid);
    const earlierApk = earlier && analysisOf(earlier);
    if (earlierApk && earlierApk.certSha256 !== apk.certSha256) throw new AppError('apkCertificateChanged');
  }
  return apk;
}

/** A version of an app with a certificate goes for review only signed with it. */
async function signedAsApp(s: Services, c: Caller, app: repo.AppRow, apk: { certSha256: string }) {
  if (!app.keystore) return;
  if ((await certificateSha256(s.db, c.t, app.keystore)) !== apk.certSha256) {
    throw new AppError('appVersionNotResigned');
  }
}

export async function saveVersion(s: Services, c: Caller, input: VersionSaveInput): Promise<AppVersionItem> {
  const existing = input.appVersionId ? await versionOf(s, c, input.appVersionId) : undefined;
  if (existing && existing.version.app_id !== input.appId) throw notFound('appVersionId');
  const app = existing?.app ?? (await appOf(s, c, input.appId));
  if (existing && existing.version.audit_status === AUDIT_STATUS.auditing) throw new AppError('appUnderReview');
  if (existing && existing.version.audit_status === AUDIT_STATUS.passed) throw new AppError('appUnderReview');
  const apk = await checkedApk(s, c, app, input.fid, existing?.version.app_version_id ?? null);
  if (input.submit === 1) await signedAsApp(s, c, app, apk);
  const models = [...new Set(input.compatibleDeviceList)];
  if ((await catalogueNames(s, c.t, 'model', models)).size !== models.length) throw notFound('compatibleDeviceList');

  const appVersionId = existing?.version.app_version_id ?? newId();
  const now = s.now();
  const fields = {
    version_code: apk.versionCode,
    version_name: apk.versionName,
    fid: input.fid,
    support_plugin: input.supportPlugin,
    force_update: input.forceUpdate,
    privacy_statement: input.privacyStatement,
    copyrights: input.copyrights,
    audit_status: input.submit === 1 ? AUDIT_STATUS.auditing : AUDIT_STATUS.draft,
    audit_comment: '',
    demand_shelf_time: input.demandShelfTime,
    updated_at: now,
  };
  const write = async (trx: Db) => {
    if (existing) await repo.updateVersion(trx, c.t, appVersionId, fields);
    else {
      await repo.insertVersion(trx, c.t, {
        app_version_id: appVersionId,
        app_id: app.app_id,
        created_by: c.uid,
        created_at: now,
        publish_time: null,
        ...fields,
      });
    }
    await repo.replaceModels(trx, c.t, appVersionId, models);
  };
  try {
    if (input.submit === 1) {
      const name = await appNameOf(s, c.t, app, c.locale);
      await submitApplication(
        s,
        {
          pno: c.t.pno,
          applyType: 'appVersion',
          applicantUid: c.uid,
          subjectId: appVersionId,
          subjectName: `${name} ${apk.versionName} (${apk.versionCode})`,
          snapshot: { appId: app.app_id, appVersionId, packageName: app.package_name, apk },
        },
        write,
      );
    } else {
      await s.db.transaction().execute(write);
    }
  } catch (error) {
    // Another save took the versionCode or the file first.
    if (isUniqueViolation(error)) throw new AppError('appFileUsed');
    throw error;
  }
  return versionItem(s, c, appVersionId);
}

/** Withdraws the version's review, or its shelf review when that is the one running. */
export async function cancelVersionReview(s: Services, c: Caller, appVersionId: string): Promise<AppVersionItem> {
  const { version } = await versionOf(s, c, appVersionId);
  if (version.shelf_status === SHELF_STATUS.auditing) {
    await withdrawReview(s, c, 'appShelf', appVersionId, AUDIT_STATUS.auditing, (db) =>
      repo.endShelfReview(db, c.t, appVersionId, SHELF_STATUS.none, '', s.now()),
    );
  } else {
    await withdrawReview(s, c, 'appVersion', appVersionId, version.audit_status, (db) =>
      repo.updateVersion(db, c.t, appVersionId, { audit_status: AUDIT_STATUS.draft, updated_at: s.now() }),
    );
  }
  return versionItem(s, c, appVersionId);
}

export const putVersionOnShelf = (s: Services, c: Caller, input: { appId: string; appVersionId: string }) =>
  putOnShelf(s, c, input, (id) => versionItem(s, c, id));

export async function deleteVersionDraft(s: Services, c: Caller, appVersionId: string): Promise<number> {
  const { version } = await versionOf(s, c, appVersionId);
  if (version.audit_status !== AUDIT_STATUS.draft) throw new AppError('appNotDraft');
  return s.db.transaction().execute((trx) => repo.deleteVersion(trx, c.t, appVersionId));
}
