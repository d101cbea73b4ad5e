import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * The operators' view of the PC software store (platform main tools, their grants to properties, every property's
 * software and released versions) and what installed clients reported (installations and counters, written here
 * directly as the update check writes them).
 */
describeEachDb('pc software operators, installations and counters', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let partnerSid: string;
  const back = { pno: '' };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'pctools'] },
      fx.operator,
      back,
    );
    const space = (name: string, who = fx.owner) =>
      fx.ok('space/addSpace', { name, business: 'pctools', category: 'file', quota: 1e6 }, who);
    sid = (await space(`Tools ${env().dialect}`)).sid;
    partnerSid = (await space(`Partner tools ${env().dialect}`, fx.operator)).sid;
  });

  it('makes a main tool a platform main tool, grants it, lets the grantee hang child tools under it, revokes', async () => {
    const main = await fx.ok('soft/saveOrUpdateSoftInfo', {
      softSid: sid,
      name: 'Platform suite',
      description: 'Shared',
    });
    const child = await fx.ok('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Platform child', kind: 'child' });
    // Only operators, only main tools.
    expect((await fx.call('soft/setPlatformMainTool', { softId: main.softId, platformMain: 1 }, fx.owner)).status).toBe(
      Status.forbidden,
    );
    let res = await fx.call('soft/setPlatformMainTool', { softId: child.softId, platformMain: 1 }, fx.operator, back);
    expect(res.msg).toBe('“Platform child” is not a main tool');
    res = await fx.call('soft/grantPlatformMainTool', { softId: main.softId, grantPno: fx.partner }, fx.operator, back);
    expect(res.msg).toBe('“Platform suite” is not a platform main tool');
    const marked = await fx.ok('soft/setPlatformMainTool', { softId: main.softId, platformMain: 1 }, fx.operator, back);
    expect(marked).toMatchObject({ platformMain: 1, pno: fx.demo, propertyName: '演示物业' });
    const tools = await fx.ok('soft/getPlatformMainToolList', { platformMain: 1 }, fx.operator, back);
    expect(tools.list.map((t: { softId: string }) => t.softId)).toContain(main.softId);

    // Not yet granted: the partner does not see it.
    expect((await fx.call('soft/selectSoftInfoById', { softId: main.softId }, fx.operator)).status).toBe(
      Status.notFound,
    );
    res = await fx.call('soft/grantPlatformMainTool', { softId: main.softId, grantPno: fx.demo }, fx.operator, back);
    expect(res.msg).toBe('A platform main tool cannot be granted to the property it belongs to');
    const grant = await fx.ok(
      'soft/grantPlatformMainTool',
      { softId: main.softId, grantPno: fx.partner },
      fx.operator,
      back,
    );
    expect(grant).toMatchObject({ softId: main.softId, pno: fx.partner, ownerPno: fx.demo, childCount: 0 });
    res = await fx.call('soft/grantPlatformMainTool', { softId: main.softId, grantPno: fx.partner }, fx.operator, back);
    expect(res.status).toBe(Status.conflict);

    // The partner sees it, read-only, and hangs its own child tool under it.
    const seen = await fx.ok('soft/getMainToolList', {}, fx.operator);
    expect(seen.list.find((t: { softId: string }) => t.softId === main.softId)).toMatchObject({
      granted: 1,
      name: 'Platform suite',
    });
    expect(
      (await fx.call('soft/saveOrUpdateSoftInfo', { softId: main.softId, softSid: partnerSid, name: 'x' }, fx.operator))
        .status,
    ).toBe(Status.notFound);
    const theirs = await fx.ok(
      'soft/saveOrUpdateSoftInfo',
      { softSid: partnerSid, name: 'Partner plug-in', kind: 'child', mainSoftId: main.softId },
      fx.operator,
    );
    expect(theirs).toMatchObject({ mainSoftId: main.softId, mainSoftName: 'Platform suite' });
    const children = await fx.ok('softRelease/getMainToChildList', { mainSoftId: main.softId }, fx.operator);
    expect(children.list.map((c: { softId: string }) => c.softId)).toEqual([theirs.softId]);
    const grants = await fx.ok('soft/getPlatformGrantList', { softId: main.softId }, fx.operator, back);
    expect(grants.list).toMatchObject([{ pno: fx.partner, childCount: 1 }]);
    // A platform main tool is not deleted by its property.
    expect((await fx.call('soft/deleteSoftInfo', { softId: main.softId }, fx.owner)).status).toBe(Status.conflict);

    // Revoking detaches the partner's child tool.
    expect(
      (await fx.ok('soft/revokePlatformMainTool', { softId: main.softId, grantPno: fx.partner }, fx.operator, back))
        .deleted,
    ).toBe(1);
    expect((await fx.ok('soft/selectSoftInfoById', { softId: theirs.softId }, fx.operator)).mainSoftId).toBe('');

    // Granted again, then unmarked: the grant goes with it.
    await fx.ok('soft/grantPlatformMainTool', { softId: main.softId, grantPno: fx.partner }, fx.operator, back);
    await fx.ok('soft/setPlatformMainTool', { softId: main.softId, platformMain: 0 }, fx.operator, back);
    expect((await fx.ok('soft/getPlatformGrantList', { softId: main.softId }, fx.operator, back)).total).toBe(0);
  });

  it("lists every property's software and released versions for operators", async () => {
    const tool = await fx.ok(
      'soft/saveOrUpdateSoftInfo',
      { softSid: partnerSid, name: 'Partner released' },
      fx.operator,
    );
    const fid = (await fx.upload(partnerSid, 'partner.dmg', 'dmg bytes', { who: fx.operator })).fid;
    const v = await fx.ok(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { softId: tool.softId, version: '4.2', installers: [{ os: 'macos', arch: 'universal', format: 'dmg', fid }] },
      fx.operator,
    );
    await fx.ok(
      'softRelease/saveOrUpdateSoftReleaseManager',
      { softId: tool.softId, uid: fx.operator.uid, channels: ['stable'] },
      fx.operator,
    );
    await fx.ok('softVersion/releaseSoftVersionInfo', { versionId: v.versionId, channel: 'stable' }, fx.operator);

    const all = await fx.ok('soft/getAllSoftInfoList', { str: 'partner released' }, fx.operator, back);
    expect(all.list).toMatchObject([{ softId: tool.softId, pno: fx.partner, latestStable: { version: '4.2' } }]);
    const onlyDemo = await fx.ok(
      'soft/getAllSoftInfoList',
      { filterPno: fx.demo, str: 'partner released' },
      fx.operator,
      back,
    );
    expect(onlyDemo.total).toBe(0);
    const released = await fx.ok('softVersion/getAllReleasedVersionList', { channel: 'stable' }, fx.operator, back);
    expect(released.list.find((r: { versionId: string }) => r.versionId === v.versionId)).toMatchObject({
      softName: 'Partner released',
      pno: fx.partner,
      channel: 'stable',
    });
    expect((await fx.call('soft/getAllSoftInfoList', {}, fx.owner, back)).status).toBe(Status.forbidden);
  });

  it('lists the installations that checked, last seen first, by page or by cursor, and charts the counters', async () => {
    const tool = await fx.ok('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Counted tool' });
    const other = await fx.ok('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Other counted' });
    const v = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', { softId: tool.softId, version: '5.0' });
    const db = env().app.keel.db.withoutPlugins();
    const now = env().now();
    const terminal = (softId: string, i: number, os: string) => ({
      pno: fx.demo,
      soft_id: softId,
      install_id: `install-${String(i).padStart(4, '0')}`,
      version: '5.0',
      os,
      arch: 'x64',
      channel: i % 2 === 0 ? 'stable' : 'beta',
      address: '10.0.0.1',
      check_count: i,
      first_seen: now - 1_000_000,
      last_seen: now - i * 1000,
    });
    await db
      .insertInto('soft_terminals')
      .values([
        ...Array.from({ length: 7 }, (_, i) => terminal(tool.softId, i + 1, i < 4 ? 'windows' : 'linux')),
        terminal(other.softId, 99, 'macos'),
      ])
      .execute();
    const page1 = await fx.ok('soft/getSoftTerminalList', { softId: tool.softId, pageSize: 3 });
    expect([page1.total, page1.totalCapped]).toEqual([7, 0]);
    expect(page1.list.map((t: { installId: string }) => t.installId)).toEqual([
      'install-0001',
      'install-0002',
      'install-0003',
    ]);
    expect(page1.list[0]).toMatchObject({ softName: 'Counted tool', checkCount: 1, os: 'windows', channel: 'beta' });
    const page2 = await fx.ok('soft/getSoftTerminalList', {
      softId: tool.softId,
      pageSize: 3,
      cursor: page1.nextCursor,
    });
    expect(page2.total).toBe(-1);
    expect(page2.list.map((t: { installId: string }) => t.installId)).toEqual([
      'install-0004',
      'install-0005',
      'install-0006',
    ]);
    const byNumber = await fx.ok('soft/getSoftTerminalList', { softId: tool.softId, pageSize: 3, pageNum: 3 });
    expect(byNumber.list.map((t: { installId: string }) => t.installId)).toEqual(['install-0007']);
    expect(byNumber.nextCursor).toBe('');
    expect((await fx.ok('soft/getSoftTerminalList', { os: 'linux' })).total).toBe(3);
    expect((await fx.ok('soft/getSoftTerminalList', { str: '0099' })).list).toMatchObject([
      { softName: 'Other counted' },
    ]);
    expect((await fx.ok('soft/getSoftTerminalList', {})).total).toBe(8);
    const bad = await fx.call('soft/getSoftTerminalList', { cursor: 'not-a-cursor' }, fx.owner);
    expect([bad.status, bad.msg]).toEqual([Status.invalidInput, 'Illegal input: cursor']);
    // Another property sees none of them.
    expect((await fx.ok('soft/getSoftTerminalList', {}, fx.operator)).total).toBe(0);

    const day = Math.floor(now / 86_400_000) * 86_400_000;
    await db
      .insertInto('soft_download_stats')
      .values([
        {
          pno: fx.demo,
          soft_id: tool.softId,
          version_id: v.versionId,
          os: 'windows',
          arch: 'x64',
          day,
          checks: 5,
          downloads: 2,
        },
        {
          pno: fx.demo,
          soft_id: tool.softId,
          version_id: v.versionId,
          os: 'linux',
          arch: 'x64',
          day,
          checks: 1,
          downloads: 1,
        },
        {
          pno: fx.demo,
          soft_id: tool.softId,
          version_id: v.versionId,
          os: 'windows',
          arch: 'x64',
          day: day - 2 * 86_400_000,
          checks: 3,
          downloads: 0,
        },
        // Older than the span.
        {
          pno: fx.demo,
          soft_id: tool.softId,
          version_id: v.versionId,
          os: 'windows',
          arch: 'x64',
          day: day - 40 * 86_400_000,
          checks: 9,
          downloads: 9,
        },
      ])
      .execute();
    const stats = await fx.ok('soft/getSoftDownloadStats', { softId: tool.softId, days: 7 });
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toEqual({ day, checks: 6, downloads: 3 });
    expect(stats.days.at(-3)).toEqual({ day: day - 2 * 86_400_000, checks: 3, downloads: 0 });
    expect(stats.versions).toEqual([{ versionId: v.versionId, version: '5.0', checks: 9, downloads: 3 }]);
    expect(stats.platforms).toEqual([
      { os: 'windows', arch: 'x64', checks: 8, downloads: 2 },
      { os: 'linux', arch: 'x64', checks: 1, downloads: 1 },
    ]);
    expect(stats.total).toEqual({ checks: 9, downloads: 3 });
    expect((await fx.call('soft/getSoftDownloadStats', { softId: tool.softId }, fx.operator)).status).toBe(
      Status.notFound,
    );
  });
});
