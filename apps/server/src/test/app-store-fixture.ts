import { readFileSync } from 'node:fs';
import { buildApk, png } from './apk-builder';
import type { DeviceFixture } from './device-fixture';
import type { TestEnv } from './harness';
import { multipart } from './multipart';
import { realTools } from './real-tools';

/**
 * An app store's objects of someone, for the guard suites: a listing image, a draft app using it and, where aapt and
 * apksigner are installed, a draft version of a built APK (`appVersion` undefined otherwise).
 */
export async function appStoreObjects(
  env: TestEnv,
  who: { token: string; pno: string },
  packageName: string,
  calls: 'ByUser' | 'ByAdmin',
): Promise<{ appFile: string; app: string; appVersion?: string }> {
  const upload = async (kind: 'apk' | 'image', name: string, bytes: Buffer) => {
    const { body, contentType } = multipart(name, bytes);
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/ai/uploadAppFile?kind=${kind}`,
      headers: { ...who, 'content-type': contentType },
      payload: body,
    });
    const fid = (res.json() as { data: { fid?: string } | null }).data?.fid;
    if (!fid) throw new Error(`ai/uploadAppFile: ${res.body}`);
    return fid;
  };
  const call = async (path: string, input: Record<string, unknown>, key: string) => {
    const res = await env.call(path as never, input, who);
    if (res.status !== 0) throw new Error(`${path}: ${res.msg}`);
    return (res.data as Record<string, string>)[key] as string;
  };
  const appFile = await upload('image', 'icon.png', png(16));
  const app = await call(
    `ai/saveAppInfo${calls}`,
    { packageName, languageList: [{ language: 'en', appName: 'Guarded app', appIconFid: appFile }] },
    'appId',
  );
  if (!realTools('aapt', 'apksigner', 'openssl')) return { appFile, app };
  const apk = await upload(
    'apk',
    'app.apk',
    readFileSync(buildApk({ packageName, versionCode: 1, versionName: '1.0' })),
  );
  const appVersion = await call(`av/saveAppVerInfo${calls}`, { appId: app, fid: apk }, 'appVersionId');
  return { appFile, app, appVersion };
}

/** The owner's pending application of a type about a subject (an app, a version, a version's shelf), if any. */
export async function pendingReview(fx: DeviceFixture, applyType: string, subjectId: string) {
  const todo = await fx.ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 0, applyType, pageSize: 100 });
  return todo.list.find((a: { subjectId: string }) => a.subjectId === subjectId) as { applyId: string } | undefined;
}

/** The owner passes the subject's pending review, or rejects it with `reason`; the review must be waiting. */
export async function decideReview(fx: DeviceFixture, applyType: string, subjectId: string, reason?: string) {
  const application = await pendingReview(fx, applyType, subjectId);
  if (!application) throw new Error(`no ${applyType} review of ${subjectId} waits for the owner`);
  if (reason === undefined) await fx.ok('flowAudit/flowAudit', { applyId: application.applyId, comment: 'ok' });
  else await fx.ok('flowAudit/noPassFlowAudit', { applyId: application.applyId, reason });
}

/** An APK or image uploaded by `who` (a member of the demo property by default); the answer's data. */
export async function uploadAppFile(
  env: TestEnv,
  who: { token: string; pno: string },
  kind: 'apk' | 'image',
  bytes: Buffer,
) {
  const { body, contentType } = multipart(kind === 'apk' ? 'app.apk' : 'image.png', bytes);
  const res = await env.app.inject({
    method: 'POST',
    url: `/api/ai/uploadAppFile?kind=${kind}`,
    headers: { ...who, 'content-type': contentType },
    payload: body,
  });
  const json = res.json() as { status: number; msg: string; data: Record<string, unknown> & { fid: string } };
  if (json.status !== 0) throw new Error(`ai/uploadAppFile: ${json.msg}`);
  return json.data;
}

/**
 * A version of the member's app built as an APK (`versionName` 1.<versionCode>), passed review and on the shelf
 * (the owner decides the reviews); `modelIdList` its compatible models, `forceUpdate` its flag. Its id and file.
 */
export async function shelvedVersion(
  env: TestEnv,
  fx: DeviceFixture,
  o: { appId: string; packageName: string; versionCode: number; modelIdList?: string[]; forceUpdate?: 0 | 1 },
) {
  const file = await uploadAppFile(
    env,
    { token: fx.member.token, pno: fx.demo },
    'apk',
    readFileSync(
      buildApk({
        packageName: o.packageName,
        versionCode: o.versionCode,
        versionName: `1.${o.versionCode}`,
        abis: ['arm64-v8a'],
      }),
    ),
  );
  const version = await fx.ok(
    'av/saveAppVerInfoByUser',
    {
      appId: o.appId,
      fid: file.fid,
      submit: 1,
      ...(o.modelIdList ? { compatibleDeviceList: o.modelIdList } : {}),
      ...(o.forceUpdate ? { forceUpdate: o.forceUpdate } : {}),
    },
    fx.member,
  );
  await decideReview(fx, 'appVersion', version.appVersionId);
  await fx.ok('av/putOnShelfByUser', { appId: o.appId, appVersionId: version.appVersionId }, fx.member);
  await decideReview(fx, 'appShelf', version.appVersionId);
  return { appVersionId: version.appVersionId as string, file };
}

/** A member's app (English listing `name`) whose information passed review; its id. */
export async function passedApp(fx: DeviceFixture, packageName: string, name: string): Promise<string> {
  const app = await fx.ok(
    'ai/saveAppInfoByUser',
    {
      packageName,
      languageList: [
        { language: 'en', appName: name },
        { language: 'zh-cn', appName: `${name}（中文）` },
      ],
      submit: 1,
    },
    fx.member,
  );
  await decideReview(fx, 'app', app.appId);
  return app.appId as string;
}
