import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import { buildApk } from '../../test/apk-builder';
import { uploadAppFile } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';

const run = promisify(execFile);

/**
 * Re-signing an app's version with its certificate through the signing service: the signed APK becomes the
 * version's file and apksigner verifies it with that certificate; an app with a certificate submits only versions
 * signed with it; the refusals say why.
 */
describeEachDb('app store re-signing', (env) => {
  let fx: DeviceFixture;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;
  let certId: string;
  let apkModule: string;
  let rawModule: string;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
    certId = (
      await fx.ok('cert/generateCert', {
        name: `App key ${env().dialect}`,
        keyType: 'RSA',
        subject: { CN: 'Keel apps' },
      })
    ).certId;
    apkModule = (
      await fx.ok('sm/addSignModule', { name: `APK ${env().dialect}`, signType: 'apk', algorithm: 'SHA256WITHRSA' })
    ).moduleId;
    rawModule = (
      await fx.ok('sm/addSignModule', { name: `Raw ${env().dialect}`, signType: 'raw', algorithm: 'SHA256WITHRSA' })
    ).moduleId;
    await fx.ok('cs/saveCertSignRel', { moduleId: apkModule, certId });
    await fx.ok('cs/saveCertSignRel', { moduleId: rawModule, certId });
  });

  const draftOf = async (packageName: string, keystore: string | undefined, versionCode = 1) => {
    const app = await fx.ok(
      'ai/saveAppInfoByUser',
      { packageName, languageList: [{ language: 'en', appName: 'Signed app' }], ...(keystore ? { keystore } : {}) },
      fx.member,
    );
    const file = await uploadAppFile(
      env(),
      { token: fx.member.token, pno: fx.demo },
      'apk',
      readFileSync(buildApk({ packageName, versionCode, versionName: `1.${versionCode}` })),
    );
    const version = await fx.ok('av/saveAppVerInfoByUser', { appId: app.appId, fid: file.fid }, fx.member);
    return { appId: app.appId as string, version, file };
  };

  it('signs the version with the app certificate; apksigner verifies it; only then may it be submitted', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: re-signed APK verified by apksigner', tools);
    const packageName = `com.example.resign${env().dialect}`;
    const { appId, version, file } = await draftOf(packageName, certId);
    const submit = (v: { appVersionId: string; fid: string }) =>
      fx.call('av/saveAppVerInfoByUser', { appVersionId: v.appVersionId, appId, fid: v.fid, submit: 1 }, fx.member);
    // Signed by the developer's own key: not to be submitted for an app with a certificate.
    expect((await submit({ appVersionId: version.appVersionId, fid: file.fid })).msg).toBe(
      "The app's versions must be re-signed with its certificate before they are submitted for review",
    );

    // The member may not sign with the certificate until authorised for it.
    const refused = await fx.call(
      'av/resignAppVerInfoByUser',
      { appVersionId: version.appVersionId, moduleId: apkModule },
      fx.member,
    );
    expect(refused.status).not.toBe(0);
    await fx.ok('ca/addUsers', { certId, uidList: [fx.member.uid] });
    const signed = await fx.ok(
      'av/resignAppVerInfoByUser',
      { appVersionId: version.appVersionId, moduleId: apkModule },
      fx.member,
    );
    expect(signed.fid).not.toBe(file.fid);
    expect(signed.versionCode).toBe(1);

    // The signed APK is signed with the app's certificate, and apksigner verifies it.
    const download = await env().app.inject({ method: 'GET', url: new URL(signed.downloadUrl, 'http://x').pathname });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(signed.sha256);
    const dir = mkdtempSync(join(tmpdir(), 'keel-resign-'));
    try {
      writeFileSync(join(dir, 'signed.apk'), download.rawPayload);
      const verified = await run('apksigner', ['verify', '--print-certs', '-v', join(dir, 'signed.apk')]);
      expect(verified.stdout).toContain('Verified using v2 scheme (APK Signature Scheme v2): true');
      expect(verified.stdout).toContain('CN=Keel apps');
      const der = await env()
        .app.keel.db.withoutPlugins()
        .selectFrom('signing_certs')
        .select('cert_der')
        .where('cert_id', '=', certId)
        .executeTakeFirstOrThrow();
      const sha = createHash('sha256')
        .update(Buffer.from(der.cert_der as string, 'base64'))
        .digest('hex');
      expect(signed.apk.certSha256).toBe(sha);
      expect(verified.stdout.replace(/:/g, '').toLowerCase()).toContain(sha);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Now it may be submitted; under review it is not signed again.
    expect((await submit(signed)).status).toBe(0);
    const again = await fx.call(
      'av/resignAppVerInfoByUser',
      { appVersionId: version.appVersionId, moduleId: apkModule },
      fx.member,
    );
    expect(again.msg).toBe('It is under review: withdraw it from review before changing it');
  });

  it('refuses an app without a certificate, and a module that does not sign APKs', async () => {
    if (!hasTools) return;
    const plain = await draftOf(`com.example.plain${env().dialect}`, undefined);
    const none = await fx.call(
      'av/resignAppVerInfoByAdmin',
      { appVersionId: plain.version.appVersionId, moduleId: apkModule },
      fx.owner,
    );
    expect(none.msg).toBe('The app has no signing certificate: it cannot be re-signed');
    const keyed = await draftOf(`com.example.keyed${env().dialect}`, certId);
    const raw = await fx.call(
      'av/resignAppVerInfoByAdmin',
      { appVersionId: keyed.version.appVersionId, moduleId: rawModule },
      fx.owner,
      { lang: 'zh-cn' },
    );
    expect(raw.msg).toBe(`签名模块“Raw ${env().dialect}”不是 APK 签名模块`);
  });
});
