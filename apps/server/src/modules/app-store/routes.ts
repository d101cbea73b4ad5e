import { appStoreEndpoints } from '@keel/contract/endpoints/app-store';
import { defineModule } from '../../platform/http/mount';
import { tenantOf } from '../../platform/tenancy/tenant';
import * as apps from './apps';
import { callerOf } from './caller';
import { repositoryOfProperty } from './fdroid';
import * as files from './files';
import { resignVersion } from './resign';
import { appReviews, shelfReviews, versionReviews } from './reviews';
import { runShelving, SHELVE_JOB } from './shelf';
import * as versions from './versions';

/** The app store: apps (`ai/`), versions (`av/`) and their files. Model: README.md. */
export const appStoreModule = defineModule(
  appStoreEndpoints,
  (s) => {
    s.jobs.register(files.SWEEP_JOB, async () => {
      await files.sweepUnusedFiles(s);
    });
    s.jobs.register(SHELVE_JOB, (payload) => runShelving(s, payload));
    return {
      'ai/getAppInfoListByUser': async (input, ctx) => apps.listApps(s, callerOf(ctx, true), input),
      'ai/getAppInfoListByAdmin': async (input, ctx) => apps.listApps(s, callerOf(ctx, false), input),
      'ai/saveAppInfoByUser': async (input, ctx) => audited(ctx, await apps.saveApp(s, callerOf(ctx, true), input)),
      'ai/saveAppInfoByAdmin': async (input, ctx) => audited(ctx, await apps.saveApp(s, callerOf(ctx, false), input)),
      'ai/cancelAuditingAppInfoByUser': async (input, ctx) =>
        audited(ctx, await apps.cancelAppReview(s, callerOf(ctx, true), input.appId)),
      'ai/cancelAuditingAppInfoByAdmin': async (input, ctx) =>
        audited(ctx, await apps.cancelAppReview(s, callerOf(ctx, false), input.appId)),
      'ai/deleteAppInfoDraftByUser': async (input, ctx) => {
        ctx.audit.target = input.appId;
        return { deleted: await apps.deleteAppDraft(s, callerOf(ctx, true), input.appId) };
      },
      'ai/deleteAppInfoDraftByAdmin': async (input, ctx) => {
        ctx.audit.target = input.appId;
        return { deleted: await apps.deleteAppDraft(s, callerOf(ctx, false), input.appId) };
      },
      'ai/uploadAppFile': async (input, ctx) => files.uploadAppFile(s, ctx, input.kind),
      'ai/getAppStoreRepository': async (input, ctx) => repositoryOfProperty(s, tenantOf(ctx), input.modelId),
      'av/getAppVerInfoListByUser': async (input, ctx) => versions.listVersions(s, callerOf(ctx, true), input),
      'av/getAppVerInfoListByAdmin': async (input, ctx) => versions.listVersions(s, callerOf(ctx, false), input),
      'av/saveAppVerInfoByUser': async (input, ctx) =>
        versionAudited(ctx, await versions.saveVersion(s, callerOf(ctx, true), input)),
      'av/saveAppVerInfoByAdmin': async (input, ctx) =>
        versionAudited(ctx, await versions.saveVersion(s, callerOf(ctx, false), input)),
      'av/putOnShelfByUser': async (input, ctx) =>
        versionAudited(ctx, await versions.putVersionOnShelf(s, callerOf(ctx, true), input)),
      'av/putOnShelfByAdmin': async (input, ctx) =>
        versionAudited(ctx, await versions.putVersionOnShelf(s, callerOf(ctx, false), input)),
      'av/cancelAuditingAppVerInfoByUser': async (input, ctx) =>
        versionAudited(ctx, await versions.cancelVersionReview(s, callerOf(ctx, true), input.appVersionId)),
      'av/cancelAuditingAppVerInfoByAdmin': async (input, ctx) =>
        versionAudited(ctx, await versions.cancelVersionReview(s, callerOf(ctx, false), input.appVersionId)),
      'av/resignAppVerInfoByUser': async (input, ctx) =>
        versionAudited(ctx, await resignVersion(s, callerOf(ctx, true), input)),
      'av/resignAppVerInfoByAdmin': async (input, ctx) =>
        versionAudited(ctx, await resignVersion(s, callerOf(ctx, false), input)),
      'av/deleteAppVerInfoDraftByUser': async (input, ctx) => {
        ctx.audit.target = input.appVersionId;
        return { deleted: await versions.deleteVersionDraft(s, callerOf(ctx, true), input.appVersionId) };
      },
      'av/deleteAppVerInfoDraftByAdmin': async (input, ctx) => {
        ctx.audit.target = input.appVersionId;
        return { deleted: await versions.deleteVersionDraft(s, callerOf(ctx, false), input.appVersionId) };
      },
    };
  },
  { contributes: [appReviews, versionReviews, shelfReviews] },
);

function audited<T extends { appId: string }>(ctx: { audit: { target?: string } }, item: T): T {
  ctx.audit.target = item.appId;
  return item;
}

function versionAudited<T extends { appVersionId: string }>(ctx: { audit: { target?: string } }, item: T): T {
  ctx.audit.target = item.appVersionId;
  return item;
}
