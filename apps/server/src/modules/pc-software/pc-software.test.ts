import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOFT_PUBLIC_ID_PATTERN } from '@keel/contract/endpoints/pc-software-model';
import { Status } from '@keel/contract/status';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * The PC software store's console: software in a `pctools` space, main and child tools, versions with installers for
 * several platforms signed through a CMS sign module, change records, release managers per channel, release at once
 * or through the workflow, trial users, deletes, and another property's objects.
 */
describeEachDb('pc software console', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const dir = mkdtempSync(join(tmpdir(), 'keel-pcsoft-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const soft = async (name: string, extra: Record<string, unknown> = {}) =>
    fx.ok('soft/saveOrUpdateSoftInfo', { softSid: sid, name, description: `${name} tool`, ...extra });
  const file = async (name: string, content: string | Buffer = `${name} bytes ${++serial}`) =>
    (await fx.upload(sid, name, content)).fid;
  const rows = (
    table: 'soft_versions' | 'soft_installers' | 'soft_change_records' | 'soft_trial_users',
    softId: string,
  ) =>
    env()
      .app.keel.db.withoutPlugins()
      .selectFrom(table)
      .select('soft_id')
      .where(acrossProperties('test'))
      .where('soft_id', '=', softId)
      .execute();

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = (
      await fx.ok('space/addSpace', {
        name: `PC tools ${env().dialect}`,
        business: 'pctools',
        category: 'file',
        quota: 1e8,
      })
    ).sid;
  });

  it('creates, lists, reads and edits software; refuses a taken name, a foreign space kind and a bad icon', async () => {
    const icon = await file('icon.png');
    const editor = await soft('Editor', { iconFid: icon, authType: 2 });
    expect(editor).toMatchObject({
      softSid: sid,
      name: 'Editor',
      description: 'Editor tool',
      kind: 'main',
      authType: 2,
      granted: 0,
      platformMain: 0,
      versionCount: 0,
      latestBeta: null,
      latestStable: null,
      myReleaseChannels: [],
      pno: fx.demo,
    });
    expect(editor.publicId).toMatch(SOFT_PUBLIC_ID_PATTERN);
    expect(editor.iconUrl).toMatch(/^\/api\/download\//);
    const spaces = await fx.ok('soft/getCommonSpaceList', {});
    expect(spaces.list.map((x: { sid: string }) => x.sid)).toContain(sid);

    const edited = await fx.ok('soft/saveOrUpdateSoftInfo', {
      softId: editor.softId,
      softSid: sid,
      name: 'Editor Pro',
      description: 'Edits text',
    });
    expect(edited).toMatchObject({ softId: editor.softId, name: 'Editor Pro', iconFid: '', publicId: editor.publicId });
    expect((await fx.ok('soft/selectSoftInfoById', { softId: editor.softId })).name).toBe('Editor Pro');
    const found = await fx.ok('soft/getSoftInfoList', { str: 'edits TEXT' });
    expect(found.list.map((x: { softId: string }) => x.softId)).toEqual([editor.softId]);

    let res = await fx.call('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Editor Pro' }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.conflict, 'The property already has software named “Editor Pro”']);
    res = await fx.call('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Editor Pro' }, fx.owner, {
      lang: 'zh-cn',
    });
    expect(res.msg).toBe('本物业已有名为“Editor Pro”的软件');
    const firmware = await fx.firmwareSpace(`Not tools ${env().dialect}`);
    res = await fx.call('soft/saveOrUpdateSoftInfo', { softSid: firmware, name: 'Elsewhere' }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);
    expect(res.msg).toContain('is not a space of the PC software business');
    const outside = (await fx.upload(firmware, 'other.png', 'png')).fid;
    res = await fx.call('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'Iconic', iconFid: outside }, fx.owner);
    expect(res.msg).toBe('The file “other.png” is not in the software’s space');
    res = await fx.call('soft/saveOrUpdateSoftInfo', { softSid: sid, name: 'x', authType: 7 }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: authType']);
    // A plain member holds none of the area's permissions.
    expect((await fx.call('soft/getSoftInfoList', {}, fx.member)).status).toBe(Status.forbidden);
  });

  it('hangs child tools under a main tool, lists them, refuses deleting the main tool until they are detached', async () => {
    const main = await soft('Suite');
    const child = await soft('Suite plug-in', { kind: 'child', mainSoftId: main.softId });
    expect(child).toMatchObject({ kind: 'child', mainSoftId: main.softId, mainSoftName: 'Suite' });
    const children = await fx.ok('softRelease/getMainToChildList', { mainSoftId: main.softId });
    expect(children.list.map((x: { softId: string }) => x.softId)).toEqual([child.softId]);
    expect((await fx.ok('soft/selectSoftInfoById', { softId: main.softId })).childCount).toBe(1);
    const byMain = await fx.ok('soft/getSoftInfoList', { mainSoftId: main.softId });
    expect(byMain.list.map((x: { softId: string }) => x.softId)).toEqual([child.softId]);
    const mains = await fx.ok('soft/getMainToolList', { str: 'suite' });
    expect(mains.list.map((x: { softId: string }) => x.softId)).toEqual([main.softId]);

    // A child tool cannot be a main tool's parent, nor a main tool a child while it has children.
    let res = await fx.call(
      'soft/saveOrUpdateSoftInfo',
      {
        softSid: sid,
        name: 'Nested',
        kind: 'child',
        mainSoftId: child.softId,
      },
      fx.owner,
    );
    expect(res.msg).toBe('“Suite plug-in” is not a main tool');
    res = await fx.call(
      'soft/saveOrUpdateSoftInfo',
      { softId: main.softId, softSid: sid, name: 'Suite', kind: 'child' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The main tool “Suite” still has child tools: detach them first',
    ]);
    res = await fx.call('soft/deleteSoftInfo', { softId: main.softId }, fx.owner);
    expect(res.status).toBe(Status.conflict);

    expect((await fx.ok('softRelation/deleteSoftRelation', { childSoftId: child.softId })).deleted).toBe(1);
    expect((await fx.ok('soft/selectSoftInfoById', { softId: child.softId })).mainSoftId).toBe('');
    expect((await fx.call('softRelation/deleteSoftRelation', { childSoftId: child.softId }, fx.owner)).msg).toBe(
      'The tool is not attached to a main tool',
    );
    expect((await fx.ok('soft/deleteSoftInfo', { softId: main.softId })).deleted).toBe(1);
    expect((await fx.call('soft/selectSoftInfoById', { softId: main.softId }, fx.owner)).status).toBe(Status.notFound);
  });

  it('keeps versions with installers for two platforms, signed through the CMS sign module, and change records', async () => {
    const certId = (
      await fx.ok('cert/generateCert', { name: `PC key ${env().dialect}`, keyType: 'RSA', subject: { CN: 'Keel PC' } })
    ).certId;
    const moduleId = (
      await fx.ok('sm/addSignModule', { name: `PC ${env().dialect}`, signType: 'cms', algorithm: 'SHA256WITHRSA' })
    ).moduleId;
    await fx.ok('cs/saveCertSignRel', { moduleId, certId });
    const rawModule = (
      await fx.ok('sm/addSignModule', { name: `Raw ${env().dialect}`, signType: 'raw', algorithm: 'SHA256WITHRSA' })
    ).moduleId;
    let res = await fx.call(
      'soft/saveOrUpdateSoftInfo',
      { softSid: sid, name: 'Raw', signModuleId: rawModule },
      fx.owner,
    );
    expect(res.msg).toContain('is not of type CMS');

    const tool = await soft('Signed tool', { signModuleId: moduleId });
    expect(tool.signModuleName).toBe(`PC ${env().dialect}`);
    const exeBytes = Buffer.from('MZ windows installer '.repeat(50));
    const exe = await file('setup.exe', exeBytes);
    const deb = await file('tool_1.0_amd64.deb');
    const input = {
      softId: tool.softId,
      version: '1.0.0',
      notesZh: '首个版本',
      notesEn: 'First release',
      installers: [
        { os: 'windows', arch: 'x64', format: 'exe', fid: exe },
        { os: 'linux', arch: 'x64', format: 'deb', fid: deb },
      ],
      changeRecords: [
        { kind: 'feature', contentZh: '新功能', contentEn: 'A feature' },
        { kind: 'fix', contentZh: '修复', contentEn: '' },
      ],
    };
    // The owner is not authorised on the certificate: the signing service refuses, nothing is kept.
    res = await fx.call('softVersion/saveOrUpdateSoftVersionInfo', input, fx.owner);
    expect(res.status).not.toBe(0);
    expect((await rows('soft_versions', tool.softId)).length).toBe(0);
    await fx.ok('ca/addUsers', { certId, uidList: [fx.owner.uid] });
    const v1 = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', input);
    expect(v1).toMatchObject({
      version: '1.0.0',
      notes: 'First release',
      channel: '',
      signed: 1,
      softName: 'Signed tool',
    });
    expect(v1.installerList).toHaveLength(2);
    const win = v1.installerList.find((i: { os: string }) => i.os === 'windows');
    expect(win).toMatchObject({
      arch: 'x64',
      format: 'exe',
      fileName: 'setup.exe',
      size: exeBytes.length,
      sha256: createHash('sha256').update(exeBytes).digest('hex'),
    });
    expect(win.signature.length).toBeGreaterThan(100);
    expect(win.signerCertSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(v1.changeRecordList.map((r: { content: string }) => r.content)).toEqual(['A feature', '修复']);
    const zh = await fx.ok(
      'softVersionChangeRecord/getSoftVersionChangeRecordByVersionId',
      { versionId: v1.versionId },
      fx.owner,
      {
        lang: 'zh-cn',
      },
    );
    expect(zh.list.map((r: { content: string; kind: string }) => [r.kind, r.content])).toEqual([
      ['feature', '新功能'],
      ['fix', '修复'],
    ]);
    if (realTools('openssl')) {
      recordRealToolRun('pc software: installer CMS signature verified by openssl', ['openssl']);
      writeFileSync(join(dir, 'setup.exe'), exeBytes);
      writeFileSync(join(dir, 'setup.p7s'), Buffer.from(win.signature, 'base64'));
      const verify = (content: string) =>
        spawnSync('openssl', [
          ...['cms', '-verify', '-binary', '-inform', 'DER', '-noverify', '-out', '/dev/null'],
          ...['-in', join(dir, 'setup.p7s'), '-content', content],
        ]);
      expect(verify(join(dir, 'setup.exe')).status).toBe(0);
      writeFileSync(join(dir, 'tampered.exe'), Buffer.concat([exeBytes, Buffer.from('x')]));
      expect(verify(join(dir, 'tampered.exe')).status).not.toBe(0);
    }

    // Saving again keeps signed installers as they are; dropping one removes it.
    const again = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
      ...input,
      versionId: v1.versionId,
      installers: input.installers.slice(0, 1),
    });
    expect(again.installerList.map((i: { installerId: string }) => i.installerId)).toEqual([win.installerId]);
    // Versions order by their numbers, highest first.
    await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', { softId: tool.softId, version: '1.10.0' });
    await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', { softId: tool.softId, version: '1.9.2.7' });
    const list = await fx.ok('softVersion/getSoftVersionListBySoftId', { softId: tool.softId, softSid: sid });
    expect(list.list.map((v: { version: string }) => v.version)).toEqual(['1.10.0', '1.9.2.7', '1.0.0']);
    expect(list.pageSize).toBe(30);

    res = await fx.call(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { softId: tool.softId, version: '1.10.0' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.conflict, 'The software already has version 1.10.0']);
    res = await fx.call('softVersion/saveOrUpdateSoftVersionInfo', { softId: tool.softId, version: '01.2' }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: version']);
    res = await fx.call(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { softId: tool.softId, version: '2.0', installers: [{ os: 'windows', arch: 'x64', format: 'deb', fid: deb }] },
      fx.owner,
    );
    expect(res.msg).toBe('The installer format deb is not one of windows');
  });

  it('releases only as a release manager of the channel, at once without a flow and through one with it', async () => {
    const tool = await soft('Released tool');
    const setup = await file('released.exe');
    const version = async (v: string, installers = true) =>
      fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
        softId: tool.softId,
        version: v,
        installers: installers ? [{ os: 'windows', arch: 'x64', format: 'exe', fid: setup }] : [],
      });
    const v1 = await version('1.0');
    // The owner administers the property but is no release manager: refused.
    let res = await fx.call(
      'softVersion/releaseSoftVersionInfo',
      { versionId: v1.versionId, channel: 'beta' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.forbidden,
      'You are not a release manager of “Released tool” for the beta channel',
    ]);
    const managers = await fx.ok('softRelease/saveOrUpdateSoftReleaseManager', {
      softId: tool.softId,
      uid: fx.owner.uid,
      channels: ['beta'],
    });
    expect(managers.list).toMatchObject([{ uid: fx.owner.uid, channels: ['beta'] }]);
    expect((await fx.ok('soft/selectSoftInfoById', { softId: tool.softId })).myReleaseChannels).toEqual(['beta']);
    // A manager of beta cannot release to stable.
    res = await fx.call('softVersion/releaseSoftVersionInfo', { versionId: v1.versionId, channel: 'stable' }, fx.owner);
    expect(res.status).toBe(Status.forbidden);
    const empty = await version('0.9', false);
    res = await fx.call(
      'softVersion/releaseSoftVersionInfo',
      { versionId: empty.versionId, channel: 'beta' },
      fx.owner,
    );
    expect(res.msg).toBe('Version 0.9 has no installers and cannot be released');

    const beta = await fx.ok('softVersion/releaseSoftVersionInfo', { versionId: v1.versionId, channel: 'beta' });
    expect(beta).toMatchObject({ channel: 'beta', pendingChannel: '', releasedBy: fx.owner.uid });
    expect(beta.releasedAt).toBeGreaterThan(0);
    expect((await fx.ok('soft/selectSoftInfoById', { softId: tool.softId })).latestBeta).toMatchObject({
      version: '1.0',
    });
    res = await fx.call('softVersion/releaseSoftVersionInfo', { versionId: v1.versionId, channel: 'beta' }, fx.owner);
    expect(res.status).toBe(Status.conflict);
    // Released: its installers stay, and it is not deleted.
    res = await fx.call(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { versionId: v1.versionId, softId: tool.softId, version: '1.0' },
      fx.owner,
    );
    expect(res.msg).toBe('Version 1.0 is released: it cannot be deleted, nor its number or installers changed');
    res = await fx.call('softVersion/deleteSoftVersionInfo', { versionId: v1.versionId }, fx.owner);
    expect(res.status).toBe(Status.conflict);
    // Notes may still be corrected.
    const noted = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
      versionId: v1.versionId,
      softId: tool.softId,
      version: '1.0',
      notesEn: 'Corrected',
      installers: [{ os: 'windows', arch: 'x64', format: 'exe', fid: setup }],
    });
    expect(noted).toMatchObject({ notes: 'Corrected', channel: 'beta' });

    // With a flow for softRelease, the release waits for the member's approval.
    await fx.ok('softRelease/saveOrUpdateSoftReleaseManager', {
      softId: tool.softId,
      uid: fx.owner.uid,
      channels: ['beta', 'stable'],
    });
    await fx.ok('flowSettingDefault/saveFlowSettingDefault', {
      applyType: 'softRelease',
      name: 'Release review',
      uidList: [fx.member.uid],
    });
    try {
      const pending = await fx.ok('softVersion/releaseSoftVersionInfo', {
        versionId: v1.versionId,
        channel: 'stable',
        remark: 'ready',
      });
      expect(pending).toMatchObject({ channel: 'beta', pendingChannel: 'stable' });
      expect(pending.applyId).not.toBe('');
      res = await fx.call(
        'softVersion/releaseSoftVersionInfo',
        { versionId: v1.versionId, channel: 'stable' },
        fx.owner,
      );
      expect(res.msg).toBe('The release of version 1.0 is waiting for approval');
      await fx.ok('flowAudit/flowAudit', { applyId: pending.applyId, comment: 'go' }, fx.member);
      const stable = await fx.ok('softVersion/getSoftVersionInfo', { versionId: v1.versionId });
      expect(stable).toMatchObject({ channel: 'stable', pendingChannel: '', releasedBy: fx.owner.uid });

      const v2 = await version('2.0');
      const waiting = await fx.ok('softVersion/releaseSoftVersionInfo', { versionId: v2.versionId, channel: 'beta' });
      await fx.ok('flowAudit/noPassFlowAudit', { applyId: waiting.applyId, reason: 'not yet' }, fx.member);
      expect(await fx.ok('softVersion/getSoftVersionInfo', { versionId: v2.versionId })).toMatchObject({
        channel: '',
        pendingChannel: '',
        rejectReason: 'not yet',
      });
      const betaOnly = await fx.ok('softVersion/getSoftVersionListBySoftId', { softId: tool.softId, channel: 'beta' });
      expect(betaOnly.list.map((v: { version: string }) => v.version)).toEqual(['1.0']);
    } finally {
      await fx.ok('flowSettingDefault/deleteFlowSettingDefault', { applyType: 'softRelease' });
    }
    expect(
      (await fx.ok('softRelease/deleteSoftReleaseManager', { softId: tool.softId, uid: fx.owner.uid })).deleted,
    ).toBe(1);
    expect((await fx.ok('softRelease/getSoftReleaseManagerInfo', { softId: tool.softId })).list).toEqual([]);
    res = await fx.call(
      'softRelease/saveOrUpdateSoftReleaseManager',
      { softId: tool.softId, uid: 'nobody', channels: ['beta'] },
      fx.owner,
    );
    expect(res.status).toBe(Status.notFound);
  });

  it('keeps trial users per install id with a future expiry', async () => {
    const tool = await soft('Trial tool');
    const trial = await fx.ok('softRelease/saveTrialUser', {
      softId: tool.softId,
      installId: 'install-0001',
      name: 'QA laptop',
      expiresAt: env().now() + 86_400_000,
    });
    expect(trial).toMatchObject({ installId: 'install-0001', channel: 'beta', expired: 0, lastSeen: null });
    let res = await fx.call(
      'softRelease/saveTrialUser',
      { softId: tool.softId, installId: 'install-0001', expiresAt: env().now() + 1000 },
      fx.owner,
    );
    expect(res.msg).toBe('The install id install-0001 is a trial user of this software already');
    res = await fx.call(
      'softRelease/saveTrialUser',
      { softId: tool.softId, installId: 'install-0002', expiresAt: env().now() - 1 },
      fx.owner,
    );
    expect(res.msg).toBe('The trial must expire in the future');
    res = await fx.call(
      'softRelease/saveTrialUser',
      { softId: tool.softId, installId: 'bad id', expiresAt: env().now() + 1 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: installId']);
    const edited = await fx.ok('softRelease/saveTrialUser', {
      trialId: trial.trialId,
      softId: tool.softId,
      installId: 'install-0001',
      name: 'QA desktop',
      expiresAt: env().now() + 2_000,
    });
    expect(edited.name).toBe('QA desktop');
    env().advance(3_000);
    const list = await fx.ok('softRelease/getTrialUserList', { softId: tool.softId });
    expect(list.list).toMatchObject([{ trialId: trial.trialId, expired: 1 }]);
    expect((await fx.ok('softRelease/deleteTrialUser', { trialId: trial.trialId })).deleted).toBe(1);
    expect((await rows('soft_trial_users', tool.softId)).length).toBe(0);
  });

  it('lets a release manager holding only the release page release and keep trial users; limits spaces', async () => {
    const tool = await soft('Managed tool');
    const setup = await file('managed.exe');
    const v = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
      softId: tool.softId,
      version: '7.0',
      installers: [{ os: 'windows', arch: 'x64', format: 'exe', fid: setup }],
    });
    const person = await fx.ok('o/registerOrgUser', {
      phoneNum: `1389888${String(Date.now() % 10000).padStart(4, '0')}`,
      name: 'Release person',
      oid: `root-${fx.demo}`,
    });
    const set = await fx.ok('ps/addOrUpdatePerSet', {
      name: `Tool releasers ${env().dialect}`,
      permissionIdList: ['tools.release'],
    });
    await fx.ok('ps/assignPerSet', { uidList: [person.uid], psidList: [set.psid] });
    const who = { token: await env().app.keel.sessions.issue(person.uid), uid: person.uid, pno: fx.demo };
    const trial = { softId: tool.softId, installId: 'managed-0001', expiresAt: env().now() + 60_000 };
    // Reads, but neither releases nor keeps trial users until a release manager.
    expect((await fx.ok('soft/selectSoftInfoById', { softId: tool.softId }, who)).name).toBe('Managed tool');
    expect((await fx.call('softRelease/saveTrialUser', trial, who)).status).toBe(Status.forbidden);
    expect(
      (await fx.call('softVersion/releaseSoftVersionInfo', { versionId: v.versionId, channel: 'beta' }, who)).status,
    ).toBe(Status.forbidden);
    expect(
      (
        await fx.call(
          'softRelease/saveOrUpdateSoftReleaseManager',
          { softId: tool.softId, uid: person.uid, channels: ['beta'] },
          who,
        )
      ).status,
    ).toBe(Status.forbidden);
    await fx.ok('softRelease/saveOrUpdateSoftReleaseManager', {
      softId: tool.softId,
      uid: person.uid,
      channels: ['beta'],
    });
    expect((await fx.ok('softRelease/saveTrialUser', trial, who)).installId).toBe('managed-0001');
    expect(
      (await fx.ok('softVersion/releaseSoftVersionInfo', { versionId: v.versionId, channel: 'beta' }, who)).channel,
    ).toBe('beta');
    // Limited to another space, the software is out of reach.
    const other = (
      await fx.ok('space/addSpace', {
        name: `Other tools ${env().dialect}`,
        business: 'pctools',
        category: 'file',
        quota: 1e6,
      })
    ).sid;
    await fx.ok('ps/assignMgeSpace', { uid: person.uid, psid: set.psid, sidList: [other] });
    const limited = { ...who, token: await env().app.keel.sessions.issue(person.uid) };
    expect((await fx.call('soft/selectSoftInfoById', { softId: tool.softId }, limited)).status).toBe(Status.forbidden);
    expect((await fx.ok('soft/getSoftInfoList', {}, limited)).total).toBe(0);
  });

  it('deletes software with its versions, installers and change records', async () => {
    const tool = await soft('Doomed tool');
    const fid = await file('doomed.exe');
    const v = await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
      softId: tool.softId,
      version: '3.1',
      installers: [{ os: 'windows', arch: 'arm64', format: 'msi', fid }],
      changeRecords: [{ kind: 'security', contentEn: 'Patched' }],
    });
    // The installer's file is in use: the file service keeps it.
    const del = await fx.call('fis/fi/deleteFile', { fidList: [fid] }, fx.owner);
    expect(del.status).toBe(Status.conflict);
    expect((await fx.ok('softVersion/deleteSoftVersionInfo', { versionId: v.versionId })).deleted).toBe(1);
    await fx.ok('softVersion/saveOrUpdateSoftVersionInfo', {
      softId: tool.softId,
      version: '3.2',
      installers: [{ os: 'windows', arch: 'arm64', format: 'msi', fid }],
      changeRecords: [{ kind: 'security', contentEn: 'Patched' }],
    });
    expect((await fx.ok('soft/deleteSoftInfo', { softId: tool.softId })).deleted).toBe(1);
    for (const table of ['soft_versions', 'soft_installers', 'soft_change_records'] as const) {
      expect((await rows(table, tool.softId)).length, table).toBe(0);
    }
  });

  it("answers another property's software and versions as not found", async () => {
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'pctools'] },
      fx.operator,
      { pno: '' },
    );
    const partnerSpace = (
      await fx.ok(
        'space/addSpace',
        { name: `Partner tools ${env().dialect}`, business: 'pctools', category: 'file', quota: 1e6 },
        fx.operator,
      )
    ).sid;
    const theirs = await fx.ok('soft/saveOrUpdateSoftInfo', { softSid: partnerSpace, name: 'Theirs' }, fx.operator);
    const version = await fx.ok(
      'softVersion/saveOrUpdateSoftVersionInfo',
      { softId: theirs.softId, version: '1.0' },
      fx.operator,
    );
    for (const [path, input] of [
      ['soft/selectSoftInfoById', { softId: theirs.softId }],
      ['soft/deleteSoftInfo', { softId: theirs.softId }],
      ['softVersion/getSoftVersionInfo', { versionId: version.versionId }],
      ['softVersion/deleteSoftVersionInfo', { versionId: version.versionId }],
      ['softVersion/getSoftVersionListBySoftId', { softId: theirs.softId }],
      ['softRelease/getMainToChildList', { mainSoftId: theirs.softId }],
    ] as const) {
      const res = await fx.call(path, input, fx.owner);
      expect(res.status, path).toBe(Status.notFound);
    }
    const mine = await soft('Mine');
    const res = await fx.call(
      'soft/saveOrUpdateSoftInfo',
      { softId: mine.softId, softSid: sid, name: 'Mine', kind: 'child', mainSoftId: theirs.softId },
      fx.owner,
    );
    expect(res.status).toBe(Status.notFound);
  });
});
