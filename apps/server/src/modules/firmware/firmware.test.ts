import { execFileSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { manifestVerifies, menderArtifact, selfSigned, swuImage } from '../../test/firmware-artifacts';
import { type CallOptions, describeEachDb } from '../../test/harness';
import { upload as uploadFile } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import { bestDelta } from './service';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A firmware-like image: text and tables (low entropy), `seed` varying it. */
function image(size: number, seed: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = ((i >> 4) * 7 + (i % 13 === 0 ? seed : 0)) & 0x3f;
  return b;
}

describeEachDb('firmware packages and deltas', (env) => {
  let token = '';
  let demo = '';
  let partner = '';
  let sid = '';
  let partnerSid = '';
  let modelId = '';
  let otherModel = '';
  const as = (pno = demo, lang: 'zh-cn' | 'en' = 'en'): CallOptions => ({ token, pno, lang });
  const ok = <P extends EndpointPath>(path: P, input: Record<string, unknown>, o: CallOptions = as()) =>
    env().ok(path, input, o);
  const upload = async (name: string, content: Buffer) => (await uploadFile(env(), as(), sid, name, content)).fid;
  const add = (input: Record<string, unknown>) =>
    env().call('sw/addSw', { sid, swType: 'firmware', name: 'Gateway image', modelIdList: [modelId], ...input }, as());

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const me = await env().login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    token = me.token;
    [demo, partner] = me.propertyList.map((p: { pno: string }) => p.pno) as [string, string];
    sid = (await ok('space/addSpace', { name: 'Firmware', business: 'firmware', category: 'file', quota: 50_000_000 }))
      .sid;
    const type = (await ok('dm/addDeviceType', { name: 'FW gateway' })).typeId;
    const platform = (await ok('dm/addDevicePlatform', { name: 'FW Linux', osType: 'linux' })).platformId;
    modelId = (await ok('dm/addDeviceModel', { name: 'FW-1', typeId: type, platformId: platform })).modelId;
    otherModel = (await ok('dm/addDeviceModel', { name: 'FW-2', typeId: type, platformId: platform })).modelId;
    const op = await env().login('13800000000', 'Operator123');
    const opAs = { token: op.token, lang: 'en' as const };
    partnerSid = (
      await ok(
        'space/addSpace',
        { pno: partner, name: 'Partner fw', business: 'firmware', category: 'file', quota: 1_000_000 },
        opAs,
      )
    ).sid;
  });

  let v1 = '';
  let v2 = '';
  let v1File = '';
  const img1 = image(300_000, 1);
  const img2 = Buffer.concat([image(150_000, 1), Buffer.from('patched '.repeat(100)), image(150_000, 2)]);

  it('adds packages with a signed manifest the property key verifies, ordered by version', async () => {
    v1File = await upload('gw-1.9.bin', img1);
    const added = await add({ version: '1.9.0', fidList: [v1File], notesZh: '修复', notesEn: 'Fixes' });
    expect(added.status, added.msg).toBe(0);
    v1 = added.data.id;
    v2 = (
      await ok('sw/addSw', {
        sid,
        swType: 'firmware',
        name: 'Gateway image',
        version: '1.10.0',
        fidList: [await upload('gw-1.10.bin', img2)],
        modelIdList: [modelId],
      })
    ).id;
    const info = await ok('sw/getSwInfo', { id: v1 });
    expect(info).toMatchObject({
      version: '1.9.0',
      size: img1.length,
      sha256: sha(img1),
      published: 0,
      notesEn: 'Fixes',
    });
    expect(info.models).toEqual([{ id: modelId, name: 'FW-1' }]);
    expect(info.files[0]).toMatchObject({ kind: 'raw', signature: 'none', size: img1.length });
    const keys = await ok('sw/getSwKeys', {});
    expect(keys.manifestKeyId).toBe(info.manifest.keyId);
    const body = JSON.parse(info.manifest.manifest);
    expect(body).toMatchObject({
      pno: demo,
      version: '1.9.0',
      models: [modelId],
      size: img1.length,
      sha256: sha(img1),
    });
    expect(manifestVerifies(info.manifest, keys.manifestPublicKey)).toBe(true);
    // Lists: newest first, filtered, and the type list counts.
    const list = await ok('sw/getSwList', { swType: 'firmware', str: '1.1' });
    expect(list.list.map((p) => p.version)).toEqual(['1.10.0']);
    const types = await ok('sw/getSwTypeList', {});
    expect(types.find((t) => t.swType === 'firmware')).toMatchObject({ count: 2, published: 0 });
    // A version is unique per type (1.9 = 1.9.0 is another spelling), and the model must be the property's.
    const dup = await add({ version: 'v1.9', fidList: [v1File] });
    expect(dup.status).toBe(Status.conflict);
    const foreign = await env().call(
      'sw/addSw',
      { sid: partnerSid, swType: 'os', name: 'x', version: '1', fidList: [v1File] },
      as(),
    );
    expect(foreign.status).toBe(Status.notFound);
  });

  it('keeps files a package uses, publishes, shares with customers, and lists upgrades', async () => {
    const del = await env().call('fis/fi/deleteFile', { fidList: [v1File] }, as());
    expect(del.status).toBe(Status.conflict);
    expect(del.msg).toContain('Gateway image 1.9.0');
    const cid = (await ok('cu/addOrUpdateCustomer', { name: 'FW customer' })).cid;
    const early = await env().call('sw/pushSwToCustomer', { id: v2, cidList: [cid] }, as());
    expect(early.status).toBe(Status.conflict);
    expect((await ok('sw/setSwPublished', { id: v2, published: 1 })).published).toBe(1);
    await ok('sw/setSwPublished', { id: v1, published: 1 });
    expect(await ok('sw/pushSwToCustomer', { id: v2, cidList: [cid] })).toEqual({ customerCount: 1 });
    const withdraw = await env().call('sw/setSwPublished', { id: v2, published: 0 }, as());
    expect(withdraw.status).toBe(Status.conflict);
    // A published package's files and version are fixed; its notes are not.
    const locked = await env().call(
      'sw/editSw',
      { id: v2, name: 'Gateway image', version: '1.10.1', modelIdList: [modelId] },
      as(),
    );
    expect(locked.status).toBe(Status.conflict);
    const edited = await ok('sw/editSw', {
      id: v2,
      name: 'Gateway image',
      modelIdList: [modelId],
      notesEn: 'Faster boot',
    });
    expect(edited.notesEn).toBe('Faster boot');
    expect((await ok('sw/getSwInfo', { id: v2 })).customers.map((c) => c.id)).toEqual([cid]);
    const upgrades = await ok('up/getUpgradeSwList', { modelId, version: '1.9.0' });
    expect(upgrades.list.map((p) => p.version)).toEqual(['1.10.0']);
    expect((await ok('up/getUpgradeSwList', { modelId: otherModel })).total).toBe(0);
    expect((await ok('up/getUpgradeRecordList', { swId: v2 })).total).toBe(0);
  });

  it('makes a verified bsdiff delta in the background that bspatch applies, and refuses compressed inputs', async () => {
    const bad = await env().call('dp/addSwDiffPack', { sourceId: v2, targetId: v1 }, as());
    expect(bad.status).toBe(Status.invalidInput);
    const made = await ok('dp/addSwDiffPack', { sourceId: v1, targetId: v2 });
    expect(made.state).toBe('queued');
    const again = await env().call('dp/addSwDiffPack', { sourceId: v1, targetId: v2 }, as());
    expect(again.status).toBe(Status.conflict);
    await env().app.keel.jobs.runDue();
    const [item] = (await ok('dp/getSwDiffPackList', { swId: v2 })).list;
    expect(item).toMatchObject({
      state: 'ready',
      verified: 1,
      sourceVersion: '1.9.0',
      targetVersion: '1.10.0',
      fullSize: img2.length,
    });
    expect(item?.size).toBeGreaterThan(0);
    expect(item?.size).toBeLessThan(img2.length / 10);
    const best = await bestDelta(env().app.keel, propertyTenant(demo), v2, '1.9');
    expect(best).toMatchObject({ id: item?.id, sha256: item?.sha256, targetSha256: sha(img2) });
    expect(await bestDelta(env().app.keel, propertyTenant(demo), v2, '1.8.0')).toBeNull();
    expect((await ok('sw/getSwInfo', { id: v2 })).deltas).toEqual([
      { id: item?.id, fromVersion: '1.9.0', size: item?.size },
    ]);
    expect((await ok('up/getUpgradeSwList', { modelId, version: '1.9.0' })).list[0]?.deltaSize).toBe(item?.size);
    if (realTools('bspatch')) {
      recordRealToolRun('firmware: bspatch applies a delta', ['bspatch']);
      const dir = mkdtempSync(join(tmpdir(), 'keel-fw-test-'));
      try {
        const stream = await env().app.keel.blobs.store.read(item?.sha256 as string);
        const chunks: Buffer[] = [];
        for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
        writeFileSync(join(dir, 'old'), img1);
        writeFileSync(join(dir, 'patch'), Buffer.concat(chunks));
        execFileSync('bspatch', [join(dir, 'old'), join(dir, 'new'), join(dir, 'patch')]);
        expect(sha(readFileSync(join(dir, 'new')))).toBe(sha(img2));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    // Already compressed inputs: refused with the reason.
    const random = async (version: string) =>
      (
        await ok('sw/addSw', {
          sid,
          swType: 'os',
          name: 'Random',
          version,
          fidList: [await upload(`r${version}.bin`, randomBytes(200_000))],
        })
      ).id;
    const r1 = await random('1');
    const r2 = await random('2');
    await ok('dp/addSwDiffPack', { sourceId: r1, targetId: r2 });
    await env().app.keel.jobs.runDue();
    const [refused] = (await ok('dp/getSwDiffPackList', { swId: r2 })).list;
    expect(refused).toMatchObject({ state: 'refused', verified: 0 });
    expect(refused?.reason).toMatch(/already compressed/);
    const zh = (await ok('dp/getSwDiffPackList', { swId: r2 }, as(demo, 'zh-cn'))).list[0];
    expect(zh?.reason).toMatch(/压缩/);
    // Deleting a package drops its deltas.
    expect(await ok('sw/delSw', { id: r1 })).toEqual({ deleted: 1 });
    expect((await ok('dp/getSwDiffPackList', { swId: r2 })).total).toBe(0);
    expect(await ok('dp/delSwDiffPack', { idList: [item?.id] })).toEqual({ deleted: 1 });
  });

  it('verifies signed SWUpdate images against the configured certificate, refusing with the reason', async () => {
    if (!realTools('openssl')) return;
    recordRealToolRun('firmware: signed SWUpdate images', ['openssl']);
    const vendor = selfSigned('Keel test vendor');
    const stranger = selfSigned('Someone else');
    const payload = image(20_000, 5);
    const good = swuImage(payload, { version: '3.0', sha256: sha(payload), signer: vendor });
    const fid = await upload('gw-3.0.swu', good);
    const noKey = await add({ swType: 'os', version: '3.0', fidList: [fid] });
    expect(noKey.status).toBe(Status.invalidInput);
    expect(noKey.msg).toContain('no SWUpdate verification key');
    const badPem = await env().call('sw/saveSwKeys', { swuCertificate: 'not a cert' }, as());
    expect(badPem.status).toBe(Status.invalidInput);
    await ok('sw/saveSwKeys', { swuCertificate: vendor.cert });
    const added = await add({ swType: 'os', version: '3.0', fidList: [fid] });
    expect(added.status, added.msg).toBe(0);
    const info = await ok('sw/getSwInfo', { id: added.data.id });
    expect(info.files[0]).toMatchObject({ kind: 'swu', signature: 'verified' });
    expect(info.files[0]?.artifact).toMatchObject({ version: '3.0', hardware: ['1.0'], signer: 'Keel test vendor' });
    // Signed by someone else; a payload that is not what the signed description says; unsigned.
    const other = await add({
      swType: 'os',
      version: '3.1',
      fidList: [await upload('o.swu', swuImage(payload, { version: '3.1', sha256: sha(payload), signer: stranger }))],
    });
    expect(other.status).toBe(Status.invalidInput);
    expect(other.msg).toContain('does not verify');
    const tampered = Buffer.from(good);
    tampered[tampered.length - 200] ^= 0xff;
    const bad = await add({ swType: 'os', version: '3.2', fidList: [await upload('t.swu', tampered)] });
    expect(bad.status).toBe(Status.invalidInput);
    expect(bad.msg).toContain('payload.bin');
    const unsigned = await add({
      swType: 'os',
      version: '3.3',
      fidList: [await upload('u.swu', swuImage(payload, { version: '3.3', sha256: sha(payload) }))],
    });
    expect(unsigned.msg).toContain('not signed');
    await ok('sw/saveSwKeys', { swuCertificate: '' });
  });

  it('verifies signed Mender artifacts against the configured public key', async () => {
    if (!realTools('mender-artifact')) return;
    recordRealToolRun('firmware: signed Mender artifacts', ['mender-artifact']);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const artifact = menderArtifact(image(10_000, 7), 'app-4.0', keyPem);
    // The private key (from which Node would derive the public one) is refused: it must not be kept.
    const privatePem = await env().call('sw/saveSwKeys', { menderPublicKey: keyPem }, as());
    expect(privatePem.status).toBe(Status.invalidInput);
    await ok('sw/saveSwKeys', { menderPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
    const added = await add({ swType: 'app', version: '4.0', fidList: [await upload('app-4.0.mender', artifact)] });
    expect(added.status, added.msg).toBe(0);
    const info = await ok('sw/getSwInfo', { id: added.data.id });
    expect(info.files[0]).toMatchObject({ kind: 'mender', signature: 'verified' });
    expect(info.files[0]?.artifact).toMatchObject({
      name: 'app-4.0',
      deviceTypes: ['keel-model'],
      payloads: ['single-file'],
    });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString();
    const forged = await add({
      swType: 'app',
      version: '4.1',
      fidList: [await upload('f.mender', menderArtifact(image(10_000, 8), 'app-4.1', other))],
    });
    expect(forged.status).toBe(Status.invalidInput);
    expect(forged.msg).toContain('does not verify');
    const unsigned = await add({
      swType: 'app',
      version: '4.2',
      fidList: [await upload('n.mender', menderArtifact(image(10_000, 9), 'app-4.2'))],
    });
    expect(unsigned.msg).toContain('not signed');
  });
});
