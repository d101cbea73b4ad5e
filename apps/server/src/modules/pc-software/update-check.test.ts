import { Readable } from 'node:stream';
import { SOFT_FORMATS, type SoftOs, versionKey } from '@keel/contract/endpoints/pc-software-model';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb, freshIp } from '../../test/harness';
import {
  type SeededSoft,
  seedChangeRecords,
  seedInstaller,
  seedSoft,
  seedTrial,
  seedVersion,
} from '../../test/pc-software-fixture';
import { CHECKS_PER_ADDRESS_PER_MINUTE, updateCheckRuntime } from './update-check-recorder';

/**
 * The update check installed clients make (README "For installed clients"): its rules one by one, then
 * property-based over generated versions, channels, installers per platform and trial windows against a small
 * evaluator of the README's rules; the download page's data; counted downloads served with Range.
 */
const RUNS = Number(process.env.SOFT_UPDATE_PROPERTY_RUNS ?? 25);
const SEED = Number(process.env.SOFT_UPDATE_PROPERTY_SEED ?? 20_261_130);
const DAY = 86_400_000;

describeEachDb('pc software update check', (env) => {
  let fx: DeviceFixture;
  const s = () => env().app.keel;
  const check = (input: Record<string, unknown>, lang: 'en' | 'zh-cn' = 'en') =>
    env().call('softUpdate/checkUpdate', { installId: 'install-0001', ...input }, { lang, ip: freshIp() });

  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  /** Gives the partner property the business (signed in again: the trial test moves the clock past the session). */
  async function grantPartner() {
    const op = await env().login('13800000000', 'Operator123');
    await env().ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'pctools'] },
      { token: op.token },
    );
  }

  it('answers the newest released version for the platform, with the change records of each one skipped', async () => {
    const soft = await seedSoft(s(), fx.demo);
    const v1 = await seedVersion(s(), soft, '1.0.0', 'stable');
    await seedInstaller(s(), soft, v1, { os: 'windows', arch: 'x64', format: 'exe' });
    const v2 = await seedVersion(s(), soft, '1.2.0', 'stable', { zh: '第二版', en: 'Second' });
    const exe = await seedInstaller(s(), soft, v2, { os: 'windows', arch: 'x64', format: 'exe' });
    await seedInstaller(s(), soft, v2, { os: 'windows', arch: 'x64', format: 'msi' });
    await seedChangeRecords(s(), soft, v2, [
      { kind: 'feature', zh: '新功能', en: 'New feature' },
      { kind: 'fix', zh: '修复', en: 'A fix' },
    ]);
    const v3 = await seedVersion(s(), soft, '1.10.0', 'stable', { zh: '第三版', en: 'Third' });
    const v3exe = await seedInstaller(s(), soft, v3, { os: 'windows', arch: 'x64', format: 'exe' });
    await seedChangeRecords(s(), soft, v3, [{ kind: 'security', zh: '安全', en: 'Security' }]);
    // Never offered: unreleased, or beta to a caller who is no trial user.
    await seedInstaller(s(), soft, await seedVersion(s(), soft, '2.0.0', ''), {
      os: 'windows',
      arch: 'x64',
      format: 'exe',
    });
    await seedInstaller(s(), soft, await seedVersion(s(), soft, '1.11.0', 'beta'), {
      os: 'windows',
      arch: 'x64',
      format: 'exe',
    });

    const base = { publicId: soft.publicId, os: 'windows', arch: 'x64' };
    const latest = await check({ ...base, version: '1.0.0', channel: 'beta' });
    expect(latest.status).toBe(0);
    expect(latest.data.update).toBe(1);
    expect(latest.data.channel).toBe('stable');
    expect(latest.data.latest?.version).toBe('1.10.0');
    expect(latest.data.latest?.notes).toBe('Third');
    expect(latest.data.latest?.installer).toMatchObject({
      format: 'exe',
      sha256: v3exe.sha256,
      size: v3exe.size,
      signature: `sig-${v3exe.installerId}`,
    });
    expect(latest.data.latest?.installer.downloadUrl).toContain(`/api/soft-download/${soft.publicId}/`);
    expect(latest.data.changes.map((c) => c.version)).toEqual(['1.10.0', '1.2.0']);
    expect(latest.data.changes[1]?.records).toEqual([
      { kind: 'feature', content: 'New feature' },
      { kind: 'fix', content: 'A fix' },
    ]);
    // One version behind: no change records; notes in the request's language.
    const next = await check({ ...base, version: '1.2.0' }, 'zh-cn');
    expect(next.data.latest?.notes).toBe('第三版');
    expect(next.data.changes).toEqual([]);
    // Up to date, and past every release.
    expect((await check({ ...base, version: '1.10.0' })).data).toEqual({
      update: 0,
      channel: 'stable',
      latest: null,
      changes: [],
    });
    expect((await check({ ...base, version: '9.0' })).data.update).toBe(0);
    // The format asked for, when the version has it.
    const msi = await check({ ...base, version: '1.0.0', format: 'msi' });
    expect(msi.data.latest?.version).toBe('1.10.0');
    expect(msi.data.latest?.installer.format).toBe('exe');
    const msiOld = await check({ ...base, version: '1.1', format: 'msi' });
    expect(msiOld.data.latest?.installer.format).toBe('exe');
    expect((await check({ ...base, version: '1.0.0', format: 'dmg' })).status).toBe(100110050400);
    // No installer for the platform.
    expect((await check({ ...base, os: 'macos', version: '1.0.0' })).data.update).toBe(0);
    void exe;
  });

  it('gives trial users the beta channel until their trial ends', async () => {
    const soft = await seedSoft(s(), fx.demo);
    const stable = await seedVersion(s(), soft, '3.0', 'stable');
    await seedInstaller(s(), soft, stable, { os: 'linux', arch: 'universal', format: 'deb' });
    const beta = await seedVersion(s(), soft, '3.1', 'beta');
    await seedInstaller(s(), soft, beta, { os: 'linux', arch: 'x64', format: 'deb' });
    await seedTrial(s(), soft, 'trial-install-1', env().now() + DAY);
    const q = { publicId: soft.publicId, os: 'linux', arch: 'x64', version: '2.0', channel: 'beta' };
    const trial = await check({ ...q, installId: 'trial-install-1' });
    expect(trial.data).toMatchObject({ channel: 'beta', latest: { version: '3.1' } });
    // Another installation asking for beta gets stable; arm64 gets the universal stable .deb only.
    expect((await check({ ...q, installId: 'someone-else' })).data).toMatchObject({
      channel: 'stable',
      latest: { version: '3.0' },
    });
    expect((await check({ ...q, installId: 'trial-install-1', arch: 'arm64' })).data.latest?.version).toBe('3.0');
    env().advance(DAY + 1);
    expect((await check({ ...q, installId: 'trial-install-1' })).data).toMatchObject({
      channel: 'stable',
      latest: { version: '3.0' },
    });
  });

  it('answers not found for unknown software, and for software of a property without the business', async () => {
    expect((await check({ publicId: 'zzzzzzzzzzzzzzzz', os: 'windows', arch: 'x64', version: '1' })).status).toBe(
      100110050404,
    );
    const partnerSoft = await seedSoft(s(), fx.partner);
    const v = await seedVersion(s(), partnerSoft, '1.0', 'stable');
    await seedInstaller(s(), partnerSoft, v, { os: 'windows', arch: 'x64', format: 'exe' });
    const q = { publicId: partnerSoft.publicId, os: 'windows', arch: 'x64', version: '0.1' };
    expect((await check(q)).status).toBe(100110050404);
    expect((await env().call('softUpdate/getDownloadInfo', { publicId: partnerSoft.publicId })).status).toBe(
      100110050404,
    );
    expect((await check({ ...q, installId: 'bad id!' })).status).toBe(100110050400);
  });

  it('is documented in the OpenAPI with a curl example, and limited per address', async () => {
    const doc = (await env().app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { description?: string } }>;
    };
    const described = doc.paths['/api/softUpdate/checkUpdate']?.get?.description ?? '';
    expect(described).toContain('curl');
    expect(described).toContain('Access: public');
    const soft = await seedSoft(s(), fx.demo);
    const rt = updateCheckRuntime(s());
    rt.perAddressPerMinute = 2;
    try {
      const q = { publicId: soft.publicId, os: 'windows', arch: 'x64', version: '1', installId: 'limited-01' };
      const ip = freshIp();
      const at = (n: number) =>
        env()
          .call('softUpdate/checkUpdate', q, { ip, lang: 'en' })
          .then((r) => [n, r.http]);
      expect(await Promise.all([at(1), at(2), at(3)])).toEqual([
        [1, 200],
        [2, 200],
        [3, 429],
      ]);
    } finally {
      rt.perAddressPerMinute = CHECKS_PER_ADDRESS_PER_MINUTE;
    }
  });

  it('records the installation and counts checks and downloads per version, platform and day', async () => {
    const soft = await seedSoft(s(), fx.demo);
    const v1 = await seedVersion(s(), soft, '1.0', 'stable');
    const v2 = await seedVersion(s(), soft, '1.1', 'stable');
    const bytes = Buffer.from('installer bytes '.repeat(100));
    const inst = await seedInstaller(s(), soft, v2, { os: 'windows', arch: 'x64', format: 'exe', bytes });
    const q = { publicId: soft.publicId, os: 'windows', arch: 'x64', version: '1.0', installId: 'count-me-1' };
    const first = await check(q);
    await check(q);
    await check({ ...q, installId: 'count-me-2', version: '0.9' });
    await updateCheckRuntime(s()).flush();
    const terminals = await s()
      .db.selectFrom('soft_terminals')
      .selectAll()
      .where('soft_id', '=', soft.softId)
      .where(acrossProperties('test'))
      .orderBy('install_id')
      .execute();
    expect(terminals.map((t) => [t.install_id, t.version, Number(t.check_count)])).toEqual([
      ['count-me-1', '1.0', 2],
      ['count-me-2', '0.9', 1],
    ]);
    // Checks from a version the software has are counted against it (0.9 is none of its versions).
    const url = first.data.latest?.installer.downloadUrl as string;
    const full = await env().app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(bytes)).toBe(true);
    const part = await env().app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(bytes.subarray(10, 20).toString());
    const head = await env().app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    const stats = await s()
      .db.selectFrom('soft_download_stats')
      .selectAll()
      .where('soft_id', '=', soft.softId)
      .where(acrossProperties('test'))
      .orderBy('version_id')
      .execute();
    const byVersion = new Map(stats.map((r) => [r.version_id, r]));
    expect(Number(byVersion.get(v1)?.checks)).toBe(2);
    expect(Number(byVersion.get(v2)?.downloads)).toBe(1);
    expect(Number(byVersion.get(v2)?.day) % DAY).toBe(0);
    // Another software's public id, or an unreleased installer, serves nothing.
    const other = await seedSoft(s(), fx.demo);
    const wrong = url.replace(soft.publicId, other.publicId);
    expect((await env().app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);
    const draft = await seedInstaller(s(), soft, await seedVersion(s(), soft, '5.0', ''), {
      os: 'windows',
      arch: 'x64',
      format: 'exe',
    });
    const draftUrl = `/api/soft-download/${soft.publicId}/${draft.installerId}/x.exe`;
    expect((await env().app.inject({ method: 'GET', url: draftUrl })).statusCode).toBe(404);
    void inst;
  });

  it('gives the download page the latest stable version with its installers and notes in both languages', async () => {
    const soft = await seedSoft(s(), fx.demo, 'Download page tool');
    const v = await seedVersion(s(), soft, '4.2', 'stable', { zh: '说明', en: 'Notes' });
    await seedInstaller(s(), soft, v, { os: 'windows', arch: 'x64', format: 'exe' });
    await seedInstaller(s(), soft, v, { os: 'macos', arch: 'universal', format: 'dmg' });
    await seedChangeRecords(s(), soft, v, [{ kind: 'improvement', zh: '更快', en: 'Faster' }]);
    await seedVersion(s(), soft, '4.3', 'beta');
    const info = await env().ok('softUpdate/getDownloadInfo', { publicId: soft.publicId });
    expect(info).toMatchObject({
      name: 'Download page tool',
      iconUrl: '',
      latest: { version: '4.2', notesZh: '说明', notesEn: 'Notes' },
      apt: null,
    });
    expect(info.latest?.installers.map((i) => `${i.os}/${i.arch}/${i.format}`)).toEqual([
      'macos/universal/dmg',
      'windows/x64/exe',
    ]);
    expect(info.latest?.records).toEqual([{ kind: 'improvement', contentZh: '更快', contentEn: 'Faster' }]);
    const bare = await seedSoft(s(), fx.demo);
    expect((await env().ok('softUpdate/getDownloadInfo', { publicId: bare.publicId })).latest).toBeNull();
    // The icon: a file of the property, served by the public id under the address the page is given.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    const blob = await s().blobs.store.put(Readable.from([png]), { maxSize: png.length });
    const fid = `icon-${soft.softId.slice(0, 10)}`;
    // Signed in again: the trial test moved the clock past the fixture's sessions.
    const owner = await env().login('13800000001', 'Demo1234');
    const { sid } = await env().ok(
      'space/addSpace',
      { name: `Icons ${fid}`, business: 'pctools', category: 'terminal', quota: 1 << 20 },
      { token: owner.token, pno: fx.demo },
    );
    await s()
      .db.insertInto('files')
      .values({
        fid,
        pno: fx.demo,
        sid,
        group_id: sid,
        name: 'icon.png',
        size: blob.size,
        sha256: blob.sha256,
        content_type: 'image/png',
        uid: null,
        created_at: env().now(),
        updated_at: env().now(),
      })
      .execute();
    await s()
      .db.updateTable('soft_infos')
      .set({ icon_fid: fid })
      .where('soft_id', '=', soft.softId)
      .where(acrossProperties('test'))
      .execute();
    const withIcon = await env().ok('softUpdate/getDownloadInfo', { publicId: soft.publicId });
    expect(withIcon.iconUrl).toBe(`/api/soft-icon/${soft.publicId}/${fid}`);
    const icon = await env().app.inject({ method: 'GET', url: withIcon.iconUrl });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(png)).toBe(true);
    const otherIcon = `/api/soft-icon/${bare.publicId}/${fid}`;
    expect((await env().app.inject({ method: 'GET', url: otherIcon })).statusCode).toBe(404);
  });

  // ---- property-based ------------------------------------------------------------------------------------------

  const PLATFORMS = [
    { os: 'windows', arch: 'x64', format: 'exe' },
    { os: 'windows', arch: 'x64', format: 'msi' },
    { os: 'windows', arch: 'arm64', format: 'exe' },
    { os: 'windows', arch: 'arm64', format: 'zip' },
    { os: 'macos', arch: 'universal', format: 'dmg' },
    { os: 'macos', arch: 'arm64', format: 'dmg' },
    { os: 'macos', arch: 'x64', format: 'pkg' },
    { os: 'linux', arch: 'universal', format: 'deb' },
    { os: 'linux', arch: 'x64', format: 'deb' },
    { os: 'linux', arch: 'arm64', format: 'appimage' },
  ] as const;
  type Platform = (typeof PLATFORMS)[number];
  const versionArb = fc
    .array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join('.'));
  const scenario = fc.record({
    versions: fc.uniqueArray(
      fc.record({
        version: versionArb,
        channel: fc.constantFrom<'' | 'beta' | 'stable'>('', 'beta', 'stable', 'stable'),
        platforms: fc.subarray([...PLATFORMS], { minLength: 0, maxLength: 4 }),
        records: fc.integer({ min: 0, max: 2 }),
      }),
      { minLength: 1, maxLength: 7, selector: (v) => versionKey(v.version) },
    ),
    trial: fc.constantFrom<'none' | 'active' | 'expired' | 'stable'>('none', 'active', 'expired', 'stable'),
    caller: fc.record({
      version: versionArb,
      platform: fc.constantFrom(
        ...(['windows', 'macos', 'linux'] as const).flatMap((os) =>
          (['x64', 'arm64'] as const).map((arch) => ({ os, arch })),
        ),
      ),
      channel: fc.constantFrom<'beta' | 'stable'>('beta', 'stable'),
      preferFirst: fc.boolean(),
      preferIndex: fc.integer({ min: 0, max: 2 }),
    }),
  });

  interface Model {
    versions: { version: string; channel: string; installers: (Platform & { sha256: string })[]; records: number }[];
  }

  /** The README's rules, written again: what the server must answer. */
  function expected(m: Model, c: { version: string; os: SoftOs; arch: string; format?: string }, beta: boolean) {
    const channels = beta ? ['beta', 'stable'] : ['stable'];
    const candidates = m.versions
      .filter((v) => channels.includes(v.channel) && versionKey(v.version) > versionKey(c.version))
      .map((v) => ({
        v,
        mine: v.installers.filter((i) => i.os === c.os && (i.arch === c.arch || i.arch === 'universal')),
      }))
      .filter((x) => x.mine.length > 0)
      .sort((a, b) => (versionKey(a.v.version) < versionKey(b.v.version) ? 1 : -1));
    const top = candidates[0];
    if (!top) return { update: 0, channel: beta ? 'beta' : 'stable', version: null, sha256: null, changes: [] };
    const order = SOFT_FORMATS[c.os] as readonly string[];
    const score = (i: Platform) =>
      (i.format === c.format ? -10 : order.indexOf(i.format)) * 2 + (i.arch === c.arch ? 0 : 1);
    const pick = [...top.mine].sort((a, b) => score(a) - score(b))[0];
    return {
      update: 1,
      channel: beta ? 'beta' : 'stable',
      version: top.v.version,
      sha256: pick?.sha256,
      changes: candidates.length > 1 ? candidates.map((x) => `${x.v.version}:${x.v.records}`) : [],
    };
  }

  it('answers as the rules say, over generated versions, channels, installers and trial windows', async () => {
    // A property with the business and software of its own, released above every caller: never offered.
    await grantPartner();
    const decoy = await seedSoft(s(), fx.partner);
    for (const p of PLATFORMS)
      await seedInstaller(s(), decoy, await seedVersion(s(), decoy, `${PLATFORMS.indexOf(p) + 10}.0`, 'stable'), p);
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const soft: SeededSoft = await seedSoft(s(), fx.demo);
        const model: Model = { versions: [] };
        for (const v of sc.versions) {
          const versionId = await seedVersion(s(), soft, v.version, v.channel);
          const installers: Model['versions'][number]['installers'] = [];
          for (const p of v.platforms)
            installers.push({ ...p, sha256: (await seedInstaller(s(), soft, versionId, p)).sha256 });
          await seedChangeRecords(
            s(),
            soft,
            versionId,
            Array.from({ length: v.records }, (_, i) => ({ kind: 'fix', zh: `修复 ${i}`, en: `Fix ${i}` })),
          );
          model.versions.push({ version: v.version, channel: v.channel, installers, records: v.records });
        }
        const installId = `pbt-${soft.softId.slice(0, 12)}`;
        if (sc.trial !== 'none')
          await seedTrial(
            s(),
            soft,
            installId,
            env().now() + (sc.trial === 'expired' ? -1 : DAY),
            sc.trial === 'stable' ? 'stable' : 'beta',
          );
        const { os, arch } = sc.caller.platform;
        const format = sc.caller.preferFirst ? undefined : SOFT_FORMATS[os][sc.caller.preferIndex];
        const res = await check({
          publicId: soft.publicId,
          version: sc.caller.version,
          os,
          arch,
          channel: sc.caller.channel,
          installId,
          ...(format ? { format } : {}),
        });
        expect(res.status, res.msg).toBe(0);
        const beta = sc.caller.channel === 'beta' && sc.trial === 'active';
        const want = expected(model, { version: sc.caller.version, os, arch, format }, beta);
        expect({
          update: res.data.update,
          channel: res.data.channel,
          version: res.data.latest?.version ?? null,
          sha256: res.data.latest?.installer.sha256 ?? null,
          changes: res.data.changes.map((c) => `${c.version}:${c.records.length}`),
        }).toEqual(want);
        // Never an unreleased version, never another software's installer.
        if (res.data.latest) {
          expect(model.versions.find((v) => v.version === res.data.latest?.version)?.channel).not.toBe('');
          expect(res.data.latest.installer.downloadUrl).toContain(`/${soft.publicId}/`);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
