import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMALL_UPLOAD_MAX } from '@keel/contract/endpoints/file';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { tusClient } from '../../test/tus-client';
import { STORAGE_SWEEP_JOB, sweepStorage } from './http';

interface Who {
  token: string;
  uid: string;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 255));

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */

describeEachDb('files', (env) => {
  let owner: Who;
  let member: Who;
  let operator: Who;
  let demo: string;
  let partner: string;
  let base = '';
  const sid: Record<string, string> = {};

  const as = (who: Who, pno: string | null = demo, lang: 'zh-cn' | 'en' = 'zh-cn'): CallOptions => ({
    token: who.token,
    ...(pno ? { pno } : {}),
    lang,
  });
  const db = () => env().app.keel.db.withoutPlugins();
  const spaceRow = (s: string) =>
    db()
      .selectFrom('spaces')
      .select(['used_bytes', 'reserved_bytes', 'quota_bytes'])
      .where('sid', '=', s)
      .executeTakeFirstOrThrow();
  const usage = async (s: string) => {
    const r = await spaceRow(s);
    return { used: Number(r.used_bytes), reserved: Number(r.reserved_bytes) };
  };
  const login = async (account: string, password: string) => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    expect(res.status, res.msg).toBe(0);
    return res.data as Who & { propertyList: Array<{ pno: string }> };
  };
  const upload = async (
    who: Who,
    query: Record<string, string>,
    name: string,
    content: Buffer,
    pno: string = demo,
    lang = 'zh-cn',
  ) => {
    const { body, contentType } = multipart(name, content);
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/fis/fi/uploadFile?${new URLSearchParams(query)}`,
      headers: { token: who.token, pno, 'content-type': contentType, 'accept-language': lang },
      payload: body,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: Record<string, unknown> }) };
  };
  const addSpace = async (input: Record<string, unknown>) =>
    (
      await env().ok(
        'space/addSpace',
        { business: 'terminal', category: 'file', quota: 1_000_000, ...input },
        as(owner),
      )
    ).sid;

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    owner = o;
    [demo, partner] = o.propertyList.map((p) => p.pno) as [string, string];
    member = await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
    operator = await login('13800000000', 'Operator123');
    sid.main = await addSpace({ name: 'Files main', uid: owner.uid });
    sid.small = await addSpace({ name: 'Files small', quota: 1000 });
    sid.race = await addSpace({ name: 'Files race', quota: 1000 });
    sid.personal = await addSpace({ name: 'Member files', ownerType: 'user', uid: member.uid });
    sid.partner = (
      await env().ok(
        'space/addSpace',
        {
          pno: partner,
          name: 'Partner files',
          business: 'firmware',
          category: 'file',
          quota: 1_000_000,
          uid: operator.uid,
        },
        as(operator, null),
      )
    ).sid;
    sid.group = (await env().ok('sg/addOrUpdateGroup', { sid: sid.main, name: 'Firmware' }, as(owner))).groupId;
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`;
  });

  it('uploads a small file (multipart) into a space and group, counting it against the quota', async () => {
    const content = bytes(5000, 1);
    const res = await upload(owner, { sid: sid.main, groupId: sid.group }, 'release notes.txt', content);
    expect(res.status, res.msg).toBe(0);
    expect(res.data).toMatchObject({ sid: sid.main, groupId: sid.group, name: 'release notes.txt', size: 5000 });
    expect(res.data.sha256).toBe(sha(content));
    expect(await usage(sid.main)).toEqual({ used: 5000, reserved: 0 });
    const list = await env().ok('fis/fi/getMyFileList', { sid: sid.main }, as(owner));
    expect(list.list.map((f) => f.name)).toContain('release notes.txt');
    const inGroup = await env().ok(
      'fis/fi/getMyFileList',
      { sid: sid.main, groupId: sid.group, str: 'NOTES' },
      as(owner),
    );
    expect(inGroup.total).toBe(1);
    const root = await env().ok('fis/fi/getMyFileList', { sid: sid.main, groupId: sid.main }, as(owner));
    expect(root.total).toBe(0);
    // The group tree counts files: a group holding one cannot be deleted.
    const del = await env().call('sg/delGroup', { sid: sid.main, groupId: sid.group }, as(owner, demo, 'en'));
    expect(del.status).toBe(Status.conflict);
    expect(del.msg).toContain('1 files');
  });

  it('refuses an upload without a file part, into an unknown group, or into a space the caller cannot write', async () => {
    const res = await env().call('fis/fi/uploadFile', { sid: sid.main }, as(owner));
    expect(res.status).toBe(Status.invalidInput);
    const otherGroup = await upload(owner, { sid: sid.small, groupId: sid.group }, 'a.bin', bytes(10, 2));
    expect(otherGroup.status).toBe(Status.notFound);
    // The member may not write into the property's space, but into their own.
    expect((await upload(member, { sid: sid.main }, 'a.bin', bytes(10, 2))).status).toBe(Status.forbidden);
    expect((await upload(member, { sid: sid.personal }, 'mine.bin', bytes(10, 3))).status).toBe(0);
    const mine = await env().ok('fis/fi/getMyFileList', {}, as(member));
    expect(mine.list.map((f) => f.name)).toEqual(['mine.bin']);
  });

  it('refuses an upload over quota before its bytes are kept', async () => {
    const content = bytes(2000, 4);
    const before = await usage(sid.small);
    const res = await upload(owner, { sid: sid.small }, 'big.bin', content, demo, 'en');
    expect(res.http).toBe(413);
    expect(res.status).toBe(Status.tooLarge);
    expect(res.msg).toContain('Files small');
    expect(await usage(sid.small)).toEqual(before);
    expect(await env().app.keel.blobs.info(sha(content))).toBeNull();
    // Over the small-upload limit: refused from its length, before anything is reserved or read.
    const huge = await upload(owner, { sid: sid.main }, 'huge.bin', Buffer.alloc(SMALL_UPLOAD_MAX + 100_000));
    expect(huge.http).toBe(413);
    expect((await usage(sid.main)).reserved).toBe(0);
    // Over quota through tus too: refused at creation, nothing held.
    const tus = tusClient(base, owner.token);
    const created = await tus.create(
      2000,
      { pno: demo, sid: sid.small, filename: 'big.bin' },
      undefined,
      '/api/uploads/files',
    );
    expect(created.status).toBe(413);
    expect(await usage(sid.small)).toEqual(before);
  });

  it('never lets concurrent uploads into one space pass its quota', async () => {
    const tus = tusClient(base, owner.token);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        tus.create(300, { pno: demo, sid: sid.race, filename: 'r.bin' }, undefined, '/api/uploads/files'),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted.length).toBe(3);
    expect(results.every((r) => r.status === 201 || r.status === 413)).toBe(true);
    expect(await usage(sid.race)).toEqual({ used: 0, reserved: 900 });
    // Small multipart uploads at the same time: what is kept never passes the quota.
    const small = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(owner, { sid: sid.race }, `s${i}.bin`, bytes(40, i))),
    );
    const kept = small.filter((r) => r.status === 0).length;
    const u = await usage(sid.race);
    expect(u.used).toBe(kept * 40);
    expect(u.used + u.reserved).toBeLessThanOrEqual(1000);
    for (const r of accepted) expect((await tus.remove(r.headers.get('location') as string)).status).toBe(204);
    expect((await usage(sid.race)).reserved).toBe(0);
  });

  it('takes a tus upload through the mounted endpoint and lists it', async () => {
    const url = await env().ok('gateway/file/getUploadUrl', {}, as(owner));
    expect(url).toMatchObject({ base: '', path: '/api/uploads/files' });
    const content = bytes(300_000, 5);
    const tus = tusClient(base, owner.token);
    const created = await tus.create(
      content.length,
      { pno: demo, sid: sid.main, groupId: sid.group, filename: 'firmware.img', sha256: sha(content) },
      undefined,
      url.path,
    );
    expect(created.status, created.body).toBe(201);
    const location = created.headers.get('location') as string;
    expect((await usage(sid.main)).reserved).toBe(content.length);
    await tus.patch(location, 0, content.subarray(0, 100_000));
    const done = await tus.patch(location, 100_000, content.subarray(100_000));
    expect(done.status).toBe(204);
    const fid = done.headers.get('keel-file-id') as string;
    expect(fid).toBeTruthy();
    const list = await env().ok('fis/fi/getMyFileList', { sid: sid.main, str: 'firmware' }, as(owner));
    expect(list.list).toEqual([expect.objectContaining({ fid, name: 'firmware.img', size: content.length })]);
    expect(await usage(sid.main)).toEqual({ used: 5000 + content.length, reserved: 0 });
    // Without a property, or into another property's space: refused.
    expect((await tus.create(10, { sid: sid.main }, undefined, url.path)).status).toBe(400);
    expect((await tus.create(10, { pno: demo, sid: sid.partner }, undefined, url.path)).status).toBe(404);
  });

  it('downloads a file through a short-lived link, with Range and ETag', async () => {
    const [file] = (await env().ok('fis/fi/getMyFileList', { sid: sid.main, str: 'release' }, as(owner))).list;
    const link = await env().ok('fis/fi/getDownloadUrl', { fid: file?.fid }, as(owner));
    const whole = await fetch(new URL(link.url, base));
    expect(whole.status).toBe(200);
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(file?.sha256);
    expect(whole.headers.get('content-disposition')).toContain('release notes.txt');
    const part = await fetch(new URL(link.url, base), { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes(5000, 1).subarray(10, 20));
    // A forged or expired link is refused.
    expect((await fetch(new URL(`${link.url.slice(0, -3)}xyz`, base))).status).toBe(404);
    env().advance(61_000);
    expect((await fetch(new URL(link.url, base))).status).toBe(404);
  });

  it("answers 'not found' for another property's file, and changes nothing", async () => {
    const partnerFile = await upload(operator, { sid: sid.partner }, 'partner.bin', bytes(100, 9), partner);
    expect(partnerFile.status, partnerFile.msg).toBe(0);
    const fid = partnerFile.data.fid as string;
    for (const [path, input] of [
      ['fis/fi/getDownloadUrl', { fid }],
      ['fis/fi/renameFile', { fid, name: 'x' }],
      ['fis/fi/deleteFile', { fidList: [fid] }],
      ['commonFile/saveCommonFileInfo', { fid, name: 'x' }],
    ] as const) {
      expect((await env().call(path, input, as(owner))).status, path).toBe(Status.notFound);
    }
    expect((await env().call('fis/fi/getMyFileList', { sid: sid.partner }, as(owner))).status).toBe(Status.notFound);
    const all = await env().ok('fis/fi/getMyFileList', { str: 'partner' }, as(owner));
    expect(all.total).toBe(0);
    expect(await usage(sid.partner)).toEqual({ used: 100, reserved: 0 });
  });

  it('renames and moves a file, and deletes files giving their quota back', async () => {
    const res = await upload(owner, { sid: sid.main }, 'old.txt', bytes(700, 11));
    const fid = res.data.fid as string;
    const renamed = await env().ok('fis/fi/renameFile', { fid, name: 'new.txt', groupId: sid.group }, as(owner));
    expect(renamed).toMatchObject({ name: 'new.txt', groupId: sid.group });
    expect((await env().call('fis/fi/renameFile', { fid, name: '../x' }, as(owner))).status).toBe(Status.invalidInput);
    expect((await env().call('fis/fi/renameFile', { fid, name: 'y' }, as(member))).status).toBe(Status.forbidden);
    const before = await usage(sid.main);
    expect(await env().ok('fis/fi/deleteFile', { fidList: [fid] }, as(owner))).toEqual({ deleted: 1 });
    expect(await usage(sid.main)).toEqual({ used: before.used - 700, reserved: 0 });
    expect((await env().call('fis/fi/deleteFile', { fidList: [fid] }, as(owner))).status).toBe(Status.notFound);
    // The blob is unreferenced: the sweep removes it after the grace period.
    expect(await env().app.keel.blobs.info(sha(bytes(700, 11)))).toEqual({ size: 700, refs: 0 });
    env().advance(2 * 3_600_000);
    const swept = await sweepStorage(env().app.keel);
    expect(swept.blobs).toBeGreaterThanOrEqual(1);
    expect(await env().app.keel.blobs.info(sha(bytes(700, 11)))).toBeNull();
  });

  it('keeps common files: save from a file, list, update, download, delete', async () => {
    const res = await upload(owner, { sid: sid.main }, 'tool-setup.exe', bytes(900, 12));
    const fid = res.data.fid as string;
    const { id } = await env().ok(
      'commonFile/saveCommonFileInfo',
      { fid, name: 'Setup tool', version: '1.2.0', remark: 'for the PC store' },
      as(owner),
    );
    const page = await env().ok('commonFile/getCommonFileInfo', { str: 'setup' }, as(owner));
    expect(page.list).toEqual([
      expect.objectContaining({ id, name: 'Setup tool', version: '1.2.0', fileName: 'tool-setup.exe', size: 900 }),
    ]);
    expect((await env().ok('commonFile/getCommonFileInfo', { id }, as(owner))).total).toBe(1);
    // The member holds no repository permission.
    expect((await env().call('commonFile/getCommonFileInfo', {}, as(member))).status).toBe(Status.forbidden);
    // The file goes; the common file keeps its bytes.
    await env().ok('fis/fi/deleteFile', { fidList: [fid] }, as(owner));
    env().advance(2 * 3_600_000);
    await sweepStorage(env().app.keel);
    const link = await env().ok('commonFile/getDownloadUrl', { id }, as(owner));
    const got = await fetch(new URL(link.url, base));
    expect(sha(Buffer.from(await got.arrayBuffer()))).toBe(sha(bytes(900, 12)));
    // New content from another file: the old bytes are no longer held.
    const next = await upload(owner, { sid: sid.main }, 'tool-setup-2.exe', bytes(950, 13));
    const updated = await env().ok(
      'commonFile/updateCommonFileInfo',
      { id, fid: next.data.fid, name: 'Setup tool', version: '1.3.0' },
      as(owner),
    );
    expect(updated).toMatchObject({ version: '1.3.0', fileName: 'tool-setup-2.exe', size: 950, remark: '' });
    expect((await env().app.keel.blobs.info(sha(bytes(900, 12))))?.refs).toBe(0);
    expect(await env().ok('commonFile/deleteCommonFileInfo', { idList: [id] }, as(owner))).toEqual({ deleted: 1 });
    expect((await env().call('commonFile/getCommonFileInfo', { id }, as(owner))).status).toBe(Status.notFound);
  });

  it('sweeps on a schedule: the storage job removes unreferenced blobs and queues its next run', async () => {
    const keel = env().app.keel;
    const content = bytes(600, 21);
    const res = await upload(owner, { sid: sid.main }, 'gone.bin', content);
    await env().ok('fis/fi/deleteFile', { fidList: [res.data.fid] }, as(owner));
    env().advance(2 * 3_600_000);
    await keel.jobs.enqueue(STORAGE_SWEEP_JOB, null, { dedupeKey: 'file-test-sweep' });
    // The listening server's workers take it, or this call does.
    await keel.jobs.runDue();
    await expect.poll(() => keel.blobs.info(sha(content))).toBeNull();
    const next = await db()
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', STORAGE_SWEEP_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(next.some((j) => Number(j.run_at) > env().now())).toBe(true);
  });
});
