import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { buildApk } from '../../apps/server/src/test/apk-builder';
import { expect } from './fixtures';
import { apiCall } from './tenancy';

/**
 * Helpers of the app store specs (app-store, app-review, app-group, app-platform, app-devices): setting the scene
 * through the API (an app on the shelf, reviews decided by the owner, an auditor). The page checks they make are in
 * page-checks.ts.
 */

/** Passes the application of `applyType` whose snapshot names the package, as the owner (an auditor). */
export async function decide(
  request: APIRequestContext,
  headers: Record<string, string>,
  applyType: 'app' | 'appVersion' | 'appShelf',
  pkg: string,
) {
  const todo = await apiCall(
    request,
    'GET',
    'flowAudit/getAuditOrNoAuditList',
    { auditStatus: 0, applyType, pageNum: 1, pageSize: 100 },
    headers,
  );
  const application = todo.list.find((a: { snapshot: { packageName?: string } }) => a.snapshot.packageName === pkg);
  expect(application, `the ${applyType} application of ${pkg} is on the owner's to-do list`).toBeTruthy();
  await apiCall(request, 'POST', 'flowAudit/flowAudit', { applyId: application.applyId }, headers);
}

/** An APK uploaded through `ai/uploadAppFile` by `headers`' member; its file id. */
export async function uploadApk(
  request: APIRequestContext,
  headers: Record<string, string>,
  apk: Parameters<typeof buildApk>[0],
): Promise<string> {
  const response = await request.post('/api/ai/uploadAppFile?kind=apk', {
    headers,
    multipart: {
      file: {
        name: 'app.apk',
        mimeType: 'application/vnd.android.package-archive',
        buffer: readFileSync(buildApk(apk)),
      },
    },
  });
  const body = await response.json();
  expect(body, `ai/uploadAppFile: ${body.msg}`).toMatchObject({ status: 0 });
  return body.data.fid as string;
}

/**
 * An app of the developer (`developer`'s session and property) with a listing in each language, its information and
 * version `versionCode` (named `versionName`, else 1.0.<versionCode>) passed and on the shelf, the owner (`owner`) deciding each review. Its id and version's.
 */
export async function shelvedAppByApi(
  request: APIRequestContext,
  developer: Record<string, string>,
  owner: Record<string, string>,
  app: { packageName: string; nameEn: string; nameZh: string; versionCode: number; versionName?: string },
): Promise<{ appId: string; appVersionId: string }> {
  const { appId } = await apiCall(
    request,
    'POST',
    'ai/saveAppInfoByUser',
    {
      packageName: app.packageName,
      languageList: [
        { language: 'zh-cn', appName: app.nameZh, summary: `${app.nameZh}的简介` },
        { language: 'en', appName: app.nameEn, summary: `About ${app.nameEn}` },
      ],
      submit: 1,
    },
    developer,
  );
  await decide(request, owner, 'app', app.packageName);
  const fid = await uploadApk(request, developer, {
    packageName: app.packageName,
    versionCode: app.versionCode,
    versionName: app.versionName ?? `1.0.${app.versionCode}`,
  });
  const { appVersionId } = await apiCall(
    request,
    'POST',
    'av/saveAppVerInfoByUser',
    { appId, fid, submit: 1 },
    developer,
  );
  await decide(request, owner, 'appVersion', app.packageName);
  await apiCall(request, 'POST', 'av/putOnShelfByUser', { appId, appVersionId }, developer);
  await decide(request, owner, 'appShelf', app.packageName);
  return { appId, appVersionId };
}
