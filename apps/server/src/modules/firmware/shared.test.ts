import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { manifestVerifies } from '../../test/firmware-artifacts';
import { type CallOptions, describeEachDb, freshIp } from '../../test/harness';
import { upload } from '../../test/multipart';

/**
 * Packages shared with a customer property (README "Customers"): the demo property shares a published version
 * with a customer record standing for the customer property 合作物业; there it is listed and read, read-only —
 * every write call answers `swSharedReadOnly` (…0403, translated) and changes nothing.
 */
describeEachDb('firmware shared with a customer property', (env) => {
  let owner: CallOptions;
  let operator: CallOptions;
  let demo = '';
  let partner = '';
  let sid = '';
  let shared = '';
  let cid = '';
  const login = async (account: string, password: string) =>
    (await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() })).data;

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const session = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    [demo, partner] = session.propertyList.map((p: { pno: string }) => p.pno) as [string, string];
    owner = { token: session.token, pno: demo, lang: 'en' };
    // The operator owns the customer property 合作物业.
    operator = { token: (await login('13800000000', 'Operator123')).token, pno: partner, lang: 'en' };
    sid = (
      await env().ok(
        'space/addSpace',
        { name: 'Shared fw', business: 'firmware', category: 'file', quota: 5_000_000 },
        owner,
      )
    ).sid;
    const { fid } = await upload(env(), owner, sid, 'gw-3.bin', Buffer.alloc(8192, 3));
    shared = (
      await env().ok('sw/addSw', { sid, swType: 'firmware', name: 'Gateway', version: '3.0.0', fidList: [fid] }, owner)
    ).id;
    await env().ok('sw/addSw', { sid, swType: 'firmware', name: 'Gateway', version: '3.1.0', fidList: [fid] }, owner);
    await env().ok('sw/setSwPublished', { id: shared, published: 1 }, owner);
  });

  it('links a customer record to a customer property only, refusing anything else with nothing saved', async () => {
    const before = (await env().ok('cu/getCustomerList', { pageNum: 1, pageSize: 100 }, owner)).total;
    const own = await env().call('cu/addOrUpdateCustomer', { name: 'Self', propertyPno: demo }, owner);
    expect(own.status).toBe(Status.notFound);
    expect(own.msg).toBe(`There is no customer property numbered ${demo}`);
    const none = await env().call(
      'cu/addOrUpdateCustomer',
      { name: 'Nobody', propertyPno: '99999999' },
      {
        ...owner,
        lang: 'zh-cn',
      },
    );
    expect(none.status).toBe(Status.notFound);
    expect(none.msg).toBe('没有编号为 99999999 的客户物业');
    const bad = await env().call('cu/addOrUpdateCustomer', { name: 'Bad', propertyPno: 'abc' }, owner);
    expect(bad.status).toBe(Status.invalidInput);
    expect((await env().ok('cu/getCustomerList', { pageNum: 1, pageSize: 100 }, owner)).total).toBe(before);

    cid = (await env().ok('cu/addOrUpdateCustomer', { name: 'Partner', propertyPno: partner }, owner)).cid;
    const [item] = (await env().ok('cu/getCustomerList', { pageNum: 1, pageSize: 10, cid }, owner)).list;
    expect(item?.propertyPno).toBe(partner);
  });

  it('lists and reads a shared version in the customer property, with the manifest the owner signed', async () => {
    expect((await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10 }, operator)).total).toBe(0);
    await env().ok('sw/pushSwToCustomer', { id: shared, cidList: [cid] }, owner);

    const list = await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10 }, operator);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: shared,
      version: '3.0.0',
      published: 1,
      sharedBy: demo,
      sid: '',
      spaceName: '',
      creatorName: '',
      customerCount: 0,
    });
    // Filters apply; a space filter names the caller's own spaces only.
    expect((await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10, str: '3.0' }, operator)).total).toBe(1);
    expect((await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10, swType: 'os' }, operator)).total).toBe(0);
    // The owner's own list is unchanged: its items are its own.
    const mine = await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10 }, owner);
    expect(mine.list.every((p) => p.sharedBy === '')).toBe(true);

    const info = await env().ok('sw/getSwInfo', { id: shared }, operator);
    expect(info).toMatchObject({ version: '3.0.0', sharedBy: demo, customers: [] });
    expect(info.files.map((f) => f.name)).toEqual(['gw-3.bin']);
    const keys = await env().ok('sw/getSwKeys', {}, owner);
    expect(manifestVerifies(info.manifest, keys.manifestPublicKey)).toBe(true);
    // The unpublished version is not shared.
    const drafts = (await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10 }, owner)).list.filter(
      (p) => !p.published,
    );
    const draft = await env().call('sw/getSwInfo', { id: drafts[0]?.id as string }, operator);
    expect(draft.status).toBe(Status.notFound);
  });

  it('refuses every write on a shared version, translated, and changes nothing', async () => {
    const before = await env().ok('sw/getSwInfo', { id: shared }, owner);
    const writes: Array<[EndpointPath, Record<string, unknown>]> = [
      ['sw/editSw', { id: shared, name: 'Renamed', modelIdList: [] }],
      ['sw/setSwPublished', { id: shared, published: 0 }],
      ['sw/pushSwToCustomer', { id: shared, cidList: [] }],
      ['sw/delSw', { id: shared }],
      ['dp/addSwDiffPack', { sourceId: shared, targetId: shared }],
    ];
    for (const [path, input] of writes) {
      const en = await env().call(path, input, operator);
      expect(en.status, path).toBe(Status.forbidden);
      expect(en.msg, path).toContain(`shared with you by property ${demo}: it is read-only`);
      const zh = await env().call(path, input, { ...operator, lang: 'zh-cn' });
      expect(zh.status, path).toBe(Status.forbidden);
      expect(zh.msg, path).toContain(`该版本由物业 ${demo} 推送给你方，仅可查看`);
    }
    const after = await env().ok('sw/getSwInfo', { id: shared }, owner);
    expect(after).toEqual(before);
  });

  it('stops showing it once the owner stops sharing: then it is not found', async () => {
    await env().ok('sw/pushSwToCustomer', { id: shared, cidList: [] }, owner);
    expect((await env().ok('sw/getSwList', { pageNum: 1, pageSize: 10 }, operator)).total).toBe(0);
    expect((await env().call('sw/getSwInfo', { id: shared }, operator)).status).toBe(Status.notFound);
    const write = await env().call('sw/delSw', { id: shared }, operator);
    expect(write.status).toBe(Status.notFound);
  });
});
