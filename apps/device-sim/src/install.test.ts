import { createHash, randomBytes } from 'node:crypto';
import type { SignedManifest } from '@keel/contract/endpoints/firmware';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '@keel/server/seed/demo';
import { describeEachDb, freshIp } from '@keel/server/test/harness';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceState, install } from './install';

/**
 * The simulator installs only what its property signed: real manifests from Keel (`sw/addSw`, `sw/getSwInfo`),
 * checked with the key `sw/getSwKeys` answers. Every tampered package, tampered or foreign manifest, stale or
 * lower version and wrong size is refused (100 % of the cases below).
 */
describeEachDb('device simulator: package manifests', (env) => {
  let token = '';
  let pno = '';
  let publicKey = '';
  let model = '';
  const bytes = randomBytes(4096);
  const manifests: Record<string, SignedManifest> = {};

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const login = await env().call(
      'a/login',
      { account: DEMO_OWNER_PHONE, password: await env().encrypt(DEMO_PASSWORD) },
      { ip: freshIp() },
    );
    token = login.data.token;
    pno = login.data.propertyList[0].pno;
    const as = { token, pno };
    const sid = (
      await env().call(
        'space/addSpace',
        { name: 'Sim fw', business: 'firmware', category: 'file', quota: 1_000_000 },
        as,
      )
    ).data.sid;
    const type = (await env().call('dm/addDeviceType', { name: 'Sim type' }, as)).data.typeId;
    model = (await env().call('dm/addDeviceModel', { name: 'Sim model', typeId: type }, as)).data.modelId;
    const boundary = 'simfw';
    for (const version of ['2.0.0', '1.0.0']) {
      const res = await env().app.inject({
        method: 'POST',
        url: `/api/fis/fi/uploadFile?sid=${sid}`,
        headers: { token, pno, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fw-${version}.bin"\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const fid = (res.json() as { data: { fid: string } }).data.fid;
      const id = (
        await env().call(
          'sw/addSw',
          { sid, swType: 'firmware', name: 'Sim', version, fidList: [fid], modelIdList: [model] },
          as,
        )
      ).data.id;
      manifests[version] = (await env().call('sw/getSwInfo', { id }, as)).data.manifest;
    }
    publicKey = (await env().call('sw/getSwKeys', {}, as)).data.manifestPublicKey;
  });

  const device = (): DeviceState => ({ property: pno, model, version: '1.5.0' });

  it('installs a package whose manifest its property signed, and moves to its version', () => {
    expect(install(manifests['2.0.0'] as SignedManifest, publicKey, device(), bytes)).toEqual({
      installed: true,
      device: { ...device(), version: '2.0.0' },
    });
  });

  it('refuses every tampered package, tampered manifest, stale version and wrong size', () => {
    const good = manifests['2.0.0'] as SignedManifest;
    const tamperedBytes = Buffer.from(bytes);
    tamperedBytes[100] ^= 1;
    const body = JSON.parse(good.manifest);
    const cases: Array<[string, SignedManifest, DeviceState, Uint8Array, string]> = [
      ['tampered package', good, device(), tamperedBytes, 'sha256'],
      ['wrong size (truncated)', good, device(), bytes.subarray(0, 4000), 'size'],
      ['wrong size (padded)', good, device(), Buffer.concat([bytes, Buffer.alloc(1)]), 'size'],
      [
        'tampered manifest (size)',
        { ...good, manifest: JSON.stringify({ ...body, files: [{ ...body.files[0], size: 4000 }] }) },
        device(),
        bytes.subarray(0, 4000),
        'signature',
      ],
      [
        'tampered manifest (version)',
        { ...good, manifest: good.manifest.replace('"2.0.0"', '"9.0.0"') },
        device(),
        bytes,
        'signature',
      ],
      ['lower version', manifests['1.0.0'] as SignedManifest, device(), bytes, 'version'],
      ['stale (same version)', good, { ...device(), version: '2.0' }, bytes, 'version'],
      ['another model', good, { ...device(), model: 'other-model' }, bytes, 'model'],
      ['another property', good, { ...device(), property: 'P-OTHER' }, bytes, 'property'],
      [
        'signature of another key',
        { ...good, signature: createHash('sha512').update('x').digest('base64') },
        device(),
        bytes,
        'signature',
      ],
    ];
    const refused = cases.filter(([, m, d, b, reason]) => {
      const r = install(m, publicKey, d, b);
      return !r.installed && r.reason === reason;
    });
    expect(refused.map((c) => c[0])).toEqual(cases.map((c) => c[0]));
  });
});
