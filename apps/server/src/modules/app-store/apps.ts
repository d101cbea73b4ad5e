import { type AppItem, type AppListing, AUDIT_STATUS } from '@keel/contract/endpoints/app-store';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { hasSigningCert, hasUkey } from '../signing/reads';
import { act, applicationOfSubject, submitApplication } from '../workflow/service';
import { appOf, type Caller } from './caller';
import { activeListing, appItems } from './items';
import * as repo from './repo';

/** Apps (`ai/`): their information and listings, saved as drafts or submitted for review (README "Apps"). */

export interface AppListInput {
  appId?: string;
  ownerUid?: string;
  str?: string;
  published?: 0 | 1;
  pageNum: number;
  pageSize: number;
}

export async function listApps(s: Services, c: Caller, input: AppListInput) {
  const filter = { ...input, ownerUid: c.ownOnly ? c.uid : input.ownerUid };
  const { rows, total } = await repo.pageApps(s.db, c.t, filter, input.pageNum, input.pageSize);
  return { list: await appItems(s, c.t, rows, c.locale), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function appItem(s: Services, c: Caller, appId: string): Promise<AppItem> {
  const [item] = await appItems(s, c.t, [await appOf(s, c, appId)], c.locale);
  return item as AppItem;
}

export interface AppSaveInput {
  appId?: string;
  packageName: string;
  free: 0 | 1;
  ageLevel: number;
  appType: number;
  keystore?: string;
  ukey?: string;
  partKey: string;
  languageList: AppListing[];
  submit: 0 | 1;
}

/** The listing images must be images of the property's app files (a developer's own uploads). */
async function assertImages(s: Services, c: Caller, listings: readonly AppListing[]) {
  const icons = listings.map((l) => l.appIconFid).filter(Boolean);
  const shots = listings.flatMap((l) => l.screenshotFidList);
  const files = await repo.filesIn(s.db, c.t, [...new Set([...icons, ...shots])]);
  for (const [field, fids] of [
    ['appIconFid', icons],
    ['screenshotFidList', shots],
  ] as const) {
    for (const fid of fids) {
      const file = files.get(fid);
      if (!file || (c.ownOnly && file.uid !== c.uid)) throw notFound(field);
      if (file.kind !== 'image') throw new AppError('appFileNotImage', { name: file.name });
    }
  }
}

const searchText = (input: AppSaveInput) =>
  [input.packageName, ...input.languageList.map((l) => l.appName)].join(' ').toLowerCase();

const listingRows = (appId: string, input: AppSaveInput): repo.ListingRow[] =>
  input.languageList.map((l, position) => ({
    app_id: appId,
    language: l.language,
    position,
    app_name: l.appName,
    summary: l.summary,
    description: l.description,
    icon_fid: l.appIconFid,
    screenshot_fids: JSON.stringify(l.screenshotFidList),
    developer: l.developer,
    developer_link: l.developerLink,
    labels: JSON.stringify(l.labels),
  }));

/** Creates or edits an app; with `submit`, its review opens in the same transaction. */
export async function saveApp(s: Services, c: Caller, input: AppSaveInput): Promise<AppItem> {
  const existing = input.appId ? await appOf(s, c, input.appId) : undefined;
  if (existing?.audit_status === AUDIT_STATUS.auditing) throw new AppError('appUnderReview');
  if (existing && existing.package_name !== input.packageName) {
    const versions = await repo.otherVersions(s.db, c.t, existing.app_id, null);
    if (versions.length > 0) throw new AppError('appPackageFixed');
  }
  const taken = await repo.findAppByPackage(s.db, c.t, input.packageName);
  if (taken && taken.app_id !== existing?.app_id) {
    throw new AppError('appPackageTaken', { packageName: input.packageName });
  }
  if (input.keystore && !(await hasSigningCert(s.db, c.t, input.keystore))) throw notFound('keystore');
  if (input.ukey && !(await hasUkey(s.db, c.t, input.ukey))) throw notFound('ukey');
  await assertImages(s, c, input.languageList);

  const appId = existing?.app_id ?? newId();
  const now = s.now();
  const fields = {
    package_name: input.packageName,
    free: input.free,
    age_level: input.ageLevel,
    app_type: input.appType,
    keystore: input.keystore ?? '',
    ukey: input.ukey ?? '',
    part_key: input.partKey,
    audit_status: input.submit === 1 ? AUDIT_STATUS.auditing : AUDIT_STATUS.draft,
    audit_comment: '',
    search_text: searchText(input),
    updated_at: now,
  };
  const write = async (trx: Db) => {
    if (existing) await repo.updateApp(trx, c.t, appId, fields);
    else await repo.insertApp(trx, c.t, { app_id: appId, owner_uid: c.uid, created_at: now, ...fields });
    await repo.replaceListings(trx, c.t, appId, listingRows(appId, input));
  };
  try {
    if (input.submit === 1) {
      await submitApplication(
        s,
        {
          pno: c.t.pno,
          applyType: 'app',
          applicantUid: c.uid,
          subjectId: appId,
          subjectName: `${activeListing(input.languageList, c.locale).appName} (${input.packageName})`,
          snapshot: { appId, packageName: input.packageName, languageList: input.languageList },
        },
        write,
      );
    } else {
      await s.db.transaction().execute(write);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('appPackageTaken', { packageName: input.packageName });
    throw error;
  }
  return appItemAfterWrite(s, c, appId);
}

/** The app as it is now (a review that passed at once, by a flow that skips its applicant, already shows). */
const appItemAfterWrite = (s: Services, c: Caller, appId: string) => appItem(s, { ...c, ownOnly: false }, appId);

/**
 * Withdraws a review (the workflow's withdrawal: the applicant's own; the engine's hook makes the subject a draft
 * again). Shared by apps and versions.
 */
export async function withdrawReview(
  s: Services,
  c: Caller,
  applyType: 'app' | 'appVersion' | 'appShelf',
  subjectId: string,
  status: number,
  setDraft: (db: Db) => Promise<unknown>,
) {
  if (status !== AUDIT_STATUS.auditing) throw new AppError('appNotAuditing');
  const application = await applicationOfSubject(s, c.t.pno, applyType, subjectId);
  if (application?.state === 'pending') {
    await act(s, {
      pno: c.t.pno,
      applyId: application.applyId,
      actorUid: c.uid,
      kind: 'withdraw',
      comment: '',
      // A developer withdraws their own submission; an administrator (…ByAdmin) anyone's.
      authority: c.ownOnly ? 'auditor' : 'area',
    });
  } else {
    await setDraft(s.db);
  }
}

export async function cancelAppReview(s: Services, c: Caller, appId: string): Promise<AppItem> {
  const row = await appOf(s, c, appId);
  await withdrawReview(s, c, 'app', appId, row.audit_status, (db) =>
    repo.updateApp(db, c.t, appId, { audit_status: AUDIT_STATUS.draft, updated_at: s.now() }),
  );
  return appItem(s, c, appId);
}

/** Deletes a draft app with its draft versions; one with a version past draft stays. */
export async function deleteAppDraft(s: Services, c: Caller, appId: string): Promise<number> {
  const row = await appOf(s, c, appId);
  if (row.audit_status !== AUDIT_STATUS.draft) throw new AppError('appNotDraft');
  const versions = await repo.otherVersions(s.db, c.t, appId, null);
  if (versions.some((v) => v.audit_status !== AUDIT_STATUS.draft)) throw new AppError('appHasVersions');
  return s.db.transaction().execute((trx) => repo.deleteApp(trx, c.t, appId));
}
