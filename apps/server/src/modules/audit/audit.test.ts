import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Rec {
  seq: string;
  time: number;
  actorUid: string | null;
  actorName: string | null;
  actorPhoneNum: string | null;
  pno: string | null;
  propertyName: string | null;
  endpoint: string;
  target: string | null;
  result: number;
}

describeEachDb('audit records (back office)', (env) => {
  let operator: string;
  let owner: { uid: string; token: string };
  const ownerPhone = freshPhone();
  let pno = '';
  let tBefore = 0;
  let tAfter = 0;

  const list = async (input: Record<string, unknown>, token = operator) =>
    env().call('audit/getAuditRecordList', input, { token });

  beforeAll(async () => {
    operator = (
      await env().call(
        'a/login',
        { account: '13800000000', password: await env().encrypt('Operator123') },
        { ip: freshIp() },
      )
    ).data.token;
    owner = await env().register(ownerPhone, 'Owner Olga');
    env().advance(1000);
    const created = await env().call(
      'pro/addProperty',
      { name: 'Audit Estate', ownerPhoneNum: ownerPhone, businessList: [] },
      { token: operator },
    );
    expect(created.status).toBe(0);
    pno = created.data.pno;
    env().advance(60_000);
    tBefore = env().now();
    env().advance(1000);
    for (const name of ['North', 'South', 'East']) {
      env().advance(1000);
      const res = await env().call('o/addOrUpdateOrg', { pid: `root-${pno}`, name }, { token: owner.token, pno });
      expect(res.status).toBe(0);
    }
    env().advance(1000);
    // A refused call is recorded with its status.
    await env().call('o/delOrgTree', { oid: `root-${pno}` }, { token: owner.token, pno });
    env().advance(1000);
    tAfter = env().now();
    env().advance(60_000);
    await env().call('a/logout', {}, { token: (await env().register(freshPhone(), 'Later')).token });
  });

  it('lists every record newest first for an operator, with names', async () => {
    const res = await list({ pageSize: 100 });
    expect(res.status).toBe(0);
    const rows = res.data.list as Rec[];
    expect(res.data.total).toBe(rows.length);
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(rows[0].endpoint).toBe('a/logout');
    const org = rows.find((r) => r.endpoint === 'o/addOrUpdateOrg');
    expect(org).toMatchObject({
      actorUid: owner.uid,
      actorName: 'Owner Olga',
      actorPhoneNum: ownerPhone,
      pno,
      propertyName: 'Audit Estate',
      result: 0,
    });
    expect(rows.find((r) => r.endpoint === 'pro/addProperty')).toMatchObject({ actorName: '平台管理员', result: 0 });
  });

  it('filters by property, actor (uid or phone), endpoint, time range and result', async () => {
    const byPno = (await list({ filterPno: pno })).data;
    expect(byPno.list.map((r: Rec) => r.endpoint)).toEqual([
      'o/delOrgTree',
      'o/addOrUpdateOrg',
      'o/addOrUpdateOrg',
      'o/addOrUpdateOrg',
    ]);
    const byUid = (await list({ actor: owner.uid, pageSize: 50 })).data;
    const byPhone = (await list({ actor: ownerPhone, pageSize: 50 })).data;
    expect(byPhone.list).toEqual(byUid.list);
    expect(byUid.list.every((r: Rec) => r.actorUid === owner.uid)).toBe(true);
    expect(byUid.list.map((r: Rec) => r.endpoint)).toContain('a/register');
    expect((await list({ actor: '13900000999' })).data.total).toBe(0);

    const byEndpoint = (await list({ endpoint: 'ADDORUPDATE' })).data;
    expect(byEndpoint.total).toBe(3);
    expect((await list({ endpoint: '%' })).data.total).toBe(0);

    const inRange = (await list({ startTime: tBefore, endTime: tAfter, pageSize: 50 })).data;
    expect(inRange.list.map((r: Rec) => r.endpoint)).toEqual([
      'o/delOrgTree',
      'o/addOrUpdateOrg',
      'o/addOrUpdateOrg',
      'o/addOrUpdateOrg',
    ]);
    expect(inRange.list.every((r: Rec) => r.time >= tBefore && r.time <= tAfter)).toBe(true);
    expect((await list({ startTime: tAfter + 1, endpoint: 'o/' })).data.total).toBe(0);
    expect((await list({ startTime: '', endTime: '' })).status).toBe(0);

    const failed = (await list({ filterPno: pno, result: 1 })).data;
    expect(failed.list).toHaveLength(1);
    expect(failed.list[0]).toMatchObject({ endpoint: 'o/delOrgTree' });
    expect(failed.list[0].result).not.toBe(0);
    expect((await list({ filterPno: pno, result: 0 })).data.total).toBe(3);
  });

  it('pages', async () => {
    const all = (await list({ pageSize: 100 })).data;
    const first = (await list({ pageNum: 1, pageSize: 2 })).data;
    const second = (await list({ pageNum: 2, pageSize: 2 })).data;
    expect(first).toMatchObject({ total: all.total, pageNum: 1, pageSize: 2 });
    expect([...first.list, ...second.list]).toEqual(all.list.slice(0, 4));
    expect((await list({ pageNum: 999, pageSize: 10 })).data.list).toEqual([]);
    expect((await list({})).data.pageSize).toBe(10);
  });

  it('refuses administrators and bad input', async () => {
    const asOwner = await env().call('audit/getAuditRecordList', {}, { token: owner.token, pno });
    expect(asOwner.status).toBe(Status.forbidden);
    expect((await list({}, owner.token)).status).toBe(Status.forbidden);
    expect((await env().call('audit/getAuditRecordList', {}, {})).status).toBe(Status.sessionExpired);
    const bad = await env().call('audit/getAuditRecordList', { startTime: 'soon' }, { token: operator, lang: 'en' });
    expect(bad.status).toBe(Status.invalidInput);
    expect((await list({ result: 2 })).status).toBe(Status.invalidInput);
  });
});
