import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp } from '../../test/harness';
import { upload } from '../../test/multipart';

/**
 * Manifests are signed through the signing service (README "Manifests"; modules/signing "Service keys"): a
 * property's manifest key is the signing service's, sealed there; a key the firmware module kept before migration
 * 0033 is adopted (the same key: manifests signed before still verify) and no longer kept in `fw_keys`.
 */
describeEachDb('firmware manifests signed through the signing service', (env) => {
  let owner: CallOptions;
  let demo = '';
  let partner = '';
  let sid = '';
  const ok = <P extends EndpointPath>(path: P, input: Record<string, unknown>, o: CallOptions = owner) =>
    env().ok(path, input, o);
  const db = () => env().app.keel.db;
  const serviceKey = (pno: string) =>
    db().selectFrom('signing_service_keys').selectAll().where('pno', '=', pno).executeTakeFirst();
  const fwKeys = (pno: string) => db().selectFrom('fw_keys').selectAll().where('pno', '=', pno).executeTakeFirst();

  // A key as the firmware module made and kept it before migration 0033 (PKCS#8 PEM in fw_keys).
  const legacy = generateKeyPairSync('ed25519');
  const legacyPublic = legacy.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const legacyId = createHash('sha256')
    .update(legacy.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const session = (
      await env().call(
        'a/login',
        { account: DEMO_OWNER_PHONE, password: await env().encrypt(DEMO_PASSWORD) },
        { ip: freshIp() },
      )
    ).data;
    [demo, partner] = session.propertyList.map((p: { pno: string }) => p.pno) as [string, string];
    owner = { token: session.token, pno: demo, lang: 'en' };
    await db()
      .insertInto('fw_keys')
      .values({
        pno: demo,
        manifest_public: legacyPublic,
        manifest_private: legacy.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        manifest_key_id: legacyId,
        updated_at: Date.now(),
      })
      .execute();
    sid = (await ok('space/addSpace', { name: 'Keys fw', business: 'firmware', category: 'file', quota: 5_000_000 }))
      .sid;
  });

  it('adopts the key kept before: the same public key, sealed by the signing service, gone from fw_keys', async () => {
    const { fid } = await upload(env(), owner, sid, 'gw-5.bin', Buffer.alloc(4096, 5));
    const { id } = await ok('sw/addSw', { sid, swType: 'firmware', name: 'Gateway', version: '5.0.0', fidList: [fid] });
    const info = await ok('sw/getSwInfo', { id });
    expect(info.manifest.keyId).toBe(legacyId);
    const signature = Buffer.from(info.manifest.signature, 'base64');
    expect(verify(null, Buffer.from(info.manifest.manifest), legacyPublic, signature)).toBe(true);

    const keys = await ok('sw/getSwKeys', {});
    expect(keys).toMatchObject({ manifestPublicKey: legacyPublic, manifestKeyId: legacyId });
    const held = await serviceKey(demo);
    expect(held).toMatchObject({
      purpose: 'firmwareManifest',
      key_id: legacyId,
      origin: 'adopted',
      algorithm: 'ed25519',
    });
    expect(held?.sealed_key).not.toContain('PRIVATE KEY');
    expect((await fwKeys(demo))?.manifest_private).toBe('');

    // Edits sign again with the same key; the vendor keys stay in fw_keys.
    await ok('sw/editSw', { id, name: 'Gateway v5', modelIdList: [] });
    const again = await ok('sw/getSwInfo', { id });
    expect(again.manifest.keyId).toBe(legacyId);
    expect(
      verify(null, Buffer.from(again.manifest.manifest), legacyPublic, Buffer.from(again.manifest.signature, 'base64')),
    ).toBe(true);
  });

  it("makes a new property's key in the signing service; fw_keys keeps no private key", async () => {
    const op = (
      await env().call(
        'a/login',
        { account: '13800000000', password: await env().encrypt('Operator123') },
        { ip: freshIp() },
      )
    ).data;
    const keys = await ok('sw/getSwKeys', {}, { token: op.token, pno: partner, lang: 'en' });
    const held = await serviceKey(partner);
    expect(held).toMatchObject({ origin: 'made', key_id: keys.manifestKeyId, public_pem: keys.manifestPublicKey });
    expect((await fwKeys(partner))?.manifest_private).toBe('');
    // Asked again, the same key.
    expect((await ok('sw/getSwKeys', {}, { token: op.token, pno: partner, lang: 'en' })).manifestKeyId).toBe(
      keys.manifestKeyId,
    );
  });
});
