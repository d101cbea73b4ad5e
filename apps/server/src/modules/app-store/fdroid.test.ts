import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildApk, png } from '../../test/apk-builder';
import { decideReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb, type Envelope } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * The property's F-Droid repository, read by Debian's fdroidcl as a stock client: an app on the shelf is listed,
 * shown in both languages and downloaded with the SHA-256 the index states; the index is a JAR signed with the
 * property's index certificate (checked with openssl), made once per change and served with an ETag.
 */

const unzip = (jar: Buffer): Promise<Map<string, Buffer>> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(jar, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });

const run = promisify(execFile);

describeEachDb('app store F-Droid repository', (env) => {
  let fx: DeviceFixture;
  const tools = ['aapt', 'apksigner', 'openssl', 'fdroidcl'];
  let hasTools = false;

  const upload = async (kind: 'apk' | 'image', name: string, bytes: Buffer) => {
    const { body, contentType } = multipart(name, bytes);
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/ai/uploadAppFile?kind=${kind}`,
      headers: { token: fx.member.token, pno: fx.demo, 'content-type': contentType },
      payload: body,
    });
    const json = res.json() as Envelope;
    expect(json.status, json.msg).toBe(0);
    return json.data;
  };
  /** A version of the app, passed and on the shelf. */
  const shelve = async (appId: string, packageName: string, versionCode: number) => {
    const file = await upload(
      'apk',
      'app.apk',
      readFileSync(buildApk({ packageName, versionCode, versionName: `1.${versionCode}`, abis: ['arm64-v8a'] })),
    );
    const version = await fx.ok('av/saveAppVerInfoByUser', { appId, fid: file.fid, submit: 1 }, fx.member);
    await decideReview(fx, 'appVersion', version.appVersionId);
    await fx.ok('av/putOnShelfByUser', { appId, appVersionId: version.appVersionId }, fx.member);
    await decideReview(fx, 'appShelf', version.appVersionId);
    return file;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
  });

  it('serves a signed index, icons, screenshots and APKs that fdroidcl lists, shows and downloads', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: F-Droid repository with fdroidcl', tools);
    const packageName = `com.example.fdroid${env().dialect}`;
    const shot = await upload('image', 'shot.png', png(32, [20, 120, 200]));
    const app = await fx.ok(
      'ai/saveAppInfoByUser',
      {
        packageName,
        languageList: [
          { language: 'en', appName: 'Field Notes', summary: 'Notes for the field', screenshotFidList: [shot.fid] },
          { language: 'zh-cn', appName: '外业笔记', summary: '外业用的笔记' },
        ],
        submit: 1,
      },
      fx.member,
    );
    await decideReview(fx, 'app', app.appId);
    const first = await shelve(app.appId, packageName, 1);

    const repository = await fx.ok('ai/getAppStoreRepository', {}, fx.member);
    expect(repository.path).toBe(`/fdroid/${fx.demo}/all/repo`);
    expect(repository.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    // The index: a JAR whose signature openssl verifies with the certificate of the fingerprint shown.
    const res = await env().app.inject({ method: 'GET', url: `${repository.path}/index-v1.jar` });
    expect(res.statusCode).toBe(200);
    const etag = res.headers.etag as string;
    const jar = await unzip(res.rawPayload);
    const dir = mkdtempSync(join(tmpdir(), 'keel-fdroid-'));
    writeFileSync(join(dir, 'CERT.RSA'), jar.get('META-INF/CERT.RSA') as Buffer);
    writeFileSync(join(dir, 'CERT.SF'), jar.get('META-INF/CERT.SF') as Buffer);
    const verified = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-noverify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        join(dir, 'CERT.RSA'),
        '-content',
        join(dir, 'CERT.SF'),
        '-certsout',
        join(dir, 'signer.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(verified.status, verified.stderr).toBe(0);
    const signer = execFileSync('openssl', ['x509', '-in', join(dir, 'signer.pem'), '-outform', 'DER']);
    expect(createHash('sha256').update(signer).digest('hex')).toBe(repository.fingerprint);
    const json = jar.get('index-v1.json') as Buffer;
    expect((jar.get('META-INF/MANIFEST.MF') as Buffer).toString()).toContain(
      `SHA-256-Digest: ${createHash('sha256').update(json).digest('base64')}`,
    );
    const index = JSON.parse(json.toString());
    expect(index.apps.map((a: { packageName: string }) => a.packageName)).toEqual([packageName]);
    expect(index.apps[0].localized['zh-CN'].name).toBe('外业笔记');

    // Not made again per request: the same bytes, and 304 to the ETag.
    const again = await env().app.inject({
      method: 'GET',
      url: `${repository.path}/index-v1.jar`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    // A stock client over a real port.
    const base = env().app.server.listening
      ? `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`
      : await env().app.listen({ port: 0, host: '127.0.0.1' });
    const home = mkdtempSync(join(tmpdir(), 'keel-fdroidcl-'));
    // Asynchronously: the server answering it runs in this process.
    const fdroidcl = async (...args: string[]) => {
      const env = {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CACHE_HOME: join(home, 'cache'),
      };
      const out = await run('fdroidcl', args, { encoding: 'utf8', timeout: 60_000, env }).catch(
        (error: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(`fdroidcl ${args.join(' ')}: ${error.message} ${error.stdout ?? ''}${error.stderr ?? ''}`);
        },
      );
      return out.stdout;
    };
    await fdroidcl('repo', 'add', 'keel', `${base}${repository.path}`);
    await fdroidcl('repo', 'disable', 'f-droid');
    await fdroidcl('update');
    expect(await fdroidcl('search', 'fdroid')).toContain(packageName);
    const shown = await fdroidcl('show', packageName);
    expect(shown).toContain('Field Notes');
    expect(shown).toContain('1.1');
    const downloaded = /APK available in (\S+)/.exec(await fdroidcl('download', packageName))?.[1] as string;
    expect(createHash('sha256').update(readFileSync(downloaded)).digest('hex')).toBe(first.sha256);

    // Icons and screenshots come from the repository too; a draft's files do not.
    const icon = await env().app.inject({ method: 'GET', url: `${repository.path}/icons-640/${packageName}.1.png` });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    const screenshot = await env().app.inject({
      method: 'GET',
      url: `${repository.path}/${packageName}/en-US/phoneScreenshots/${shot.fid}.png`,
    });
    expect(screenshot.statusCode).toBe(200);
    expect((await env().app.inject({ method: 'GET', url: `${repository.path}/${packageName}_2.apk` })).statusCode).toBe(
      404,
    );

    // A new version on the shelf: a new index (asked at the same address: made again because the shelf changed),
    // suggested by the client.
    await shelve(app.appId, packageName, 2);
    await fdroidcl('update');
    expect(await fdroidcl('show', packageName)).toContain('1.2');
    const changed = await env().app.inject({
      method: 'GET',
      url: `${repository.path}/index-v1.jar`,
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  it('answers "not found" for unknown properties, scopes and files, and for another model\'s repository', async () => {
    for (const url of [
      '/fdroid/nope/all/repo/index-v1.jar',
      `/fdroid/${fx.demo}/no-such-model/repo/index-v1.jar`,
      `/fdroid/${fx.demo}/all/repo/nothing.apk`,
      `/fdroid/${fx.demo}/all/repo/icons/x.1.png`,
      `/fdroid/${fx.demo}/all/repo/pkg/en-US/phoneScreenshots/x.png`,
    ]) {
      expect([url, (await env().app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
    const model = await fx.deviceModel('Repo model');
    const scoped = await fx.ok('ai/getAppStoreRepository', { modelId: model }, fx.member);
    expect(scoped.path).toBe(`/fdroid/${fx.demo}/${model}/repo`);
    const res = await env().app.inject({ method: 'GET', url: `${scoped.path}/index-v1.jar` });
    expect(res.statusCode).toBe(200);
    expect((await fx.call('ai/getAppStoreRepository', { modelId: 'nope' }, fx.member)).status).not.toBe(0);
  });
});
