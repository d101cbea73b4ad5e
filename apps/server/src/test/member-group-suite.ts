import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { expect, it } from 'vitest';
import { addMember } from '../platform/auth/members-repo';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { type CallOptions, type Envelope, freshIp, freshPhone, type TestEnv } from './harness';

/**
 * The shared API suite of member groups (titles, user sets, customers): each is a named group of the
 * property's members with the same six calls. The module's own test file adds what is particular to it.
 */
export interface MemberGroupDef {
  /** What the suite calls the group in test names. */
  noun: string;
  idKey: string;
  paths: {
    list: EndpointPath;
    save: EndpointPath;
    del: EndpointPath;
    users: EndpointPath;
    add: EndpointPath;
    remove: EndpointPath;
  };
  /** The group's table and its membership table, to check that nothing changed. */
  tables: { groups: string; members: string };
  /** Fields `save` needs besides name and remark. */
  extra?: Record<string, unknown>;
  /** The catalogue page the reads need; changes need its `.edit` function. */
  permission: string;
  /** Whether the calls also serve a back-office page (operators without `pno`, access orPlatform). */
  backOffice?: boolean;
}

export interface MemberGroupFixture {
  owner: { token: string; uid: string };
  member: { token: string; uid: string };
  operator: { token: string; uid: string };
  outsider: { token: string; uid: string };
  demoPno: string;
  partnerPno: string;
  /** Extra members of the demo property. */
  people: string[];
}

export function memberGroupSuite(env: () => TestEnv, def: MemberGroupDef, fx: () => MemberGroupFixture) {
  const { paths, idKey } = def;
  const asOwner = (): CallOptions => ({ token: fx().owner.token, pno: fx().demoPno });
  const call = (
    path: EndpointPath,
    input: Record<string, unknown>,
    options: CallOptions = asOwner(),
  ): Promise<Envelope & { http: number }> => env().call(path, input, options);
  const create = async (name: string, options: CallOptions = asOwner()) => {
    const res = await call(paths.save, { name, remark: `${name} remark`, ...def.extra }, options);
    expect(res.status, res.msg).toBe(0);
    return res.data[idKey] as string;
  };
  const list = async (input: Record<string, unknown> = {}, options: CallOptions = asOwner()) => {
    const res = await call(paths.list, input, options);
    expect(res.status, res.msg).toBe(0);
    return res.data as { list: Array<Record<string, unknown>>; total: number; pageNum: number; pageSize: number };
  };
  const userIds = async (gid: string, options: CallOptions = asOwner()) => {
    const res = await call(paths.users, { [idKey]: gid, pageSize: 1000 }, options);
    expect(res.status, res.msg).toBe(0);
    return (res.data.list as Array<{ uid: string }>).map((u) => u.uid).sort();
  };
  // Tests look at whole tables: the tenant guard (platform/tenancy) is for the product's queries.
  // biome-ignore lint/suspicious/noExplicitAny: the suite counts rows of whichever table it is given.
  const db = () => env().app.keel.db.withoutPlugins() as any;
  const snapshot = async () => ({
    groups: await db().selectFrom(def.tables.groups).selectAll().orderBy(idKey).execute(),
    members: await db().selectFrom(def.tables.members).selectAll().orderBy(idKey).orderBy('uid').execute(),
  });

  it(`creates, edits and lists ${def.noun}s newest first, with a user count`, async () => {
    const a = await create('Alpha');
    env().advance(10);
    const b = await create('Beta');
    const page = await list({ pageNum: 1, pageSize: 10 });
    const ids = page.list.map((g) => g[idKey]);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expect(page.list.find((g) => g[idKey] === a)).toMatchObject({
      name: 'Alpha',
      remark: 'Alpha remark',
      userCount: 0,
    });

    env().advance(10);
    const edited = await call(paths.save, { [idKey]: a, name: 'Alpha 2', remark: '', ...def.extra });
    expect(edited).toMatchObject({ status: 0, data: { [idKey]: a } });
    const row = (await list({ str: 'alpha 2' })).list[0];
    expect(row).toMatchObject({ [idKey]: a, name: 'Alpha 2', remark: '' });
    // The id picks one group (an edit dialog opened by its link).
    const picked = await list({ [idKey]: a });
    expect(picked.list.map((g) => g[idKey])).toEqual([a]);
    expect(picked.total).toBe(1);
    expect(row.updateTime).toBeGreaterThan(row.createTime as number);
    // Saving a group under its own name again is no conflict.
    expect((await call(paths.save, { [idKey]: a, name: 'ALPHA 2', ...def.extra })).status).toBe(0);
  });

  it(`keeps ${def.noun} names unique in the property (case, width and spaces folded), not across properties`, async () => {
    await create('Gamma Team');
    for (const name of ['Gamma Team', 'gamma  team', 'ＧＡＭＭＡ team', '  Gamma Team ']) {
      const res = await call(paths.save, { name, ...def.extra }, { ...asOwner(), lang: 'en' });
      expect(res.status, name).toBe(Status.conflict);
      expect(res.msg).toContain('is already in use');
    }
    const zh = await call(paths.save, { name: 'Gamma Team', ...def.extra });
    expect(zh.msg).toBe('名称“Gamma Team”已被使用');
    const delta = await create('Delta');
    const rename = await call(paths.save, { [idKey]: delta, name: 'gamma team', ...def.extra });
    expect(rename.status).toBe(Status.conflict);
    // Another property may use the same name.
    await create('Gamma Team', { token: fx().operator.token, pno: fx().partnerPno });
  });

  it(`pages and searches the ${def.noun} list; LIKE wildcards are literal`, async () => {
    for (let i = 0; i < 12; i += 1) {
      env().advance(1);
      await create(`Page ${String(i).padStart(2, '0')}`);
    }
    await create('100% sure');
    await create('under_score');
    const first = await list({ str: 'page', pageNum: 1, pageSize: 5 });
    expect(first).toMatchObject({ total: 12, pageNum: 1, pageSize: 5 });
    expect(first.list.map((g) => g.name)).toEqual(['Page 11', 'Page 10', 'Page 09', 'Page 08', 'Page 07']);
    const last = await list({ str: 'PAGE', pageNum: 3, pageSize: 5 });
    expect(last.list.map((g) => g.name)).toEqual(['Page 01', 'Page 00']);
    expect((await list({ str: '%' })).list.map((g) => g.name)).toEqual(['100% sure']);
    expect((await list({ str: '_' })).list.map((g) => g.name)).toEqual(['under_score']);
    expect((await list({ str: 'nothing like this' })).total).toBe(0);
    // Search reaches the remark too.
    expect((await list({ str: 'Page 03 remark' })).total).toBe(1);
    // Defaults: page 1 of 10.
    const plain = await list();
    expect(plain).toMatchObject({ pageNum: 1, pageSize: 10 });
    expect(plain.list).toHaveLength(10);
  });

  it(`rejects invalid ${def.noun} input field by field`, async () => {
    const gid = await create('Validation');
    const bad: Array<[EndpointPath, Record<string, unknown>, string]> = [
      [paths.list, { pageNum: 0 }, 'pageNum'],
      [paths.list, { pageSize: 1001 }, 'pageSize'],
      [paths.list, { pageNum: 'x' }, 'pageNum'],
      [paths.list, { str: 'x'.repeat(101) }, 'str'],
      [paths.save, { ...def.extra }, 'name'],
      [paths.save, { name: '   ', ...def.extra }, 'name'],
      [paths.save, { name: 'x'.repeat(101), ...def.extra }, 'name'],
      [paths.save, { name: 'ok', remark: 'x'.repeat(201), ...def.extra }, 'remark'],
      [paths.save, { [idKey]: '', name: 'ok', ...def.extra }, idKey],
      [paths.del, {}, idKey],
      [paths.del, { [idKey]: gid, force: 2 }, 'force'],
      [paths.users, {}, idKey],
      [paths.users, { [idKey]: gid, pageSize: 0 }, 'pageSize'],
      [paths.add, { [idKey]: gid, uidList: [] }, 'uidList'],
      [paths.add, { [idKey]: gid }, 'uidList'],
      [paths.add, { [idKey]: gid, uidList: Array.from({ length: 501 }, (_, i) => `u${i}`) }, 'uidList'],
      [paths.add, { uidList: [fx().member.uid] }, idKey],
      [paths.remove, { [idKey]: gid, uidList: [] }, 'uidList'],
      [paths.remove, { [idKey]: gid, uidList: 'abc' }, 'uidList'],
      [paths.remove, { uidList: [fx().member.uid] }, idKey],
    ];
    for (const [path, input, field] of bad) {
      const res = await call(path, input, { ...asOwner(), lang: 'en' });
      expect(res.status, `${path} ${JSON.stringify(input).slice(0, 60)}`).toBe(Status.invalidInput);
      expect(res.msg).toContain(field);
    }
  });

  it(`adds and removes ${def.noun} users idempotently, members of the property only`, async () => {
    const gid = await create('Members');
    const [p1, p2, p3] = fx().people;
    const added = await call(paths.add, { [idKey]: gid, uidList: [p1, p2, p1] });
    expect(added).toMatchObject({ status: 0, data: { added: 2 } });
    env().advance(5);
    const again = await call(paths.add, { [idKey]: gid, uidList: [p1, p2, p3] });
    expect(again).toMatchObject({ status: 0, data: { added: 1 } });
    expect(await userIds(gid)).toEqual([p1, p2, p3].sort());

    const users = await call(paths.users, { [idKey]: gid, pageSize: 2 });
    expect(users.data).toMatchObject({ total: 3, pageSize: 2 });
    expect(users.data.list[0]).toMatchObject({ uid: p3, status: 1, email: null });
    expect(typeof users.data.list[0].phoneNum).toBe('string');
    expect(users.data.list[0].addTime).toBeGreaterThan(users.data.list[1].addTime - 1);
    const count = (await list({ str: 'Members' })).list.find((g) => g[idKey] === gid);
    expect(count?.userCount).toBe(3);

    const removed = await call(paths.remove, { [idKey]: gid, uidList: [p2] });
    expect(removed).toMatchObject({ status: 0, data: { removed: 1 } });
    const removedAgain = await call(paths.remove, { [idKey]: gid, uidList: [p2] });
    expect(removedAgain).toMatchObject({ status: 0, data: { removed: 0 } });
    expect(await userIds(gid)).toEqual([p1, p3].sort());

    // A user who is not a member of the property is "not found", and nothing changes (all or nothing).
    const before = await snapshot();
    const stranger = await call(paths.add, { [idKey]: gid, uidList: [p2, fx().outsider.uid] });
    expect(stranger.status).toBe(Status.notFound);
    expect(stranger.msg).toContain(fx().outsider.uid);
    const unknown = await call(paths.add, { [idKey]: gid, uidList: ['no-such-user'] });
    expect(unknown.status).toBe(Status.notFound);
    const strangerRemove = await call(paths.remove, { [idKey]: gid, uidList: [p1, fx().outsider.uid] });
    expect(strangerRemove.status).toBe(Status.notFound);
    expect(await snapshot()).toEqual(before);
  });

  it(`searches a ${def.noun}'s users by name, phone and e-mail`, async () => {
    const gid = await create('Searchable');
    await call(paths.add, { [idKey]: gid, uidList: fx().people });
    const byName = await call(paths.users, { [idKey]: gid, str: 'person 2' });
    expect(byName.data.list.map((u: { uid: string }) => u.uid)).toEqual([fx().people[2]]);
    const phone = byName.data.list[0].phoneNum as string;
    const byPhone = await call(paths.users, { [idKey]: gid, str: phone.slice(-6) });
    expect(byPhone.data.total).toBe(1);
    const none = await call(paths.users, { [idKey]: gid, str: 'zzz-nobody' });
    expect(none.data).toMatchObject({ total: 0, list: [] });
  });

  it(`refuses to delete a ${def.noun} that still has users unless forced, then removes them in one go`, async () => {
    const gid = await create('Doomed');
    await call(paths.add, { [idKey]: gid, uidList: fx().people.slice(0, 2) });
    const refused = await call(paths.del, { [idKey]: gid }, { ...asOwner(), lang: 'en' });
    expect(refused).toMatchObject({
      status: Status.conflict,
      msg: 'Still has 2 users; remove them first, or confirm removing them too',
    });
    expect(await userIds(gid)).toHaveLength(2);
    const forced = await call(paths.del, { [idKey]: gid, force: 1 });
    expect(forced).toMatchObject({ status: 0, data: { removed: 2 } });
    expect((await call(paths.users, { [idKey]: gid })).status).toBe(Status.notFound);
    expect((await call(paths.del, { [idKey]: gid })).status).toBe(Status.notFound);
    const rows = await db().selectFrom(def.tables.members).selectAll().where(idKey, '=', gid).execute();
    expect(rows).toEqual([]);

    const empty = await create('Empty');
    expect(await call(paths.del, { [idKey]: empty })).toMatchObject({ status: 0, data: { removed: 0 } });
    // The name is free again.
    await create('Empty');
  });

  it(`records ${def.noun} changes in the audit log`, async () => {
    const gid = await create('Audited');
    await call(paths.add, { [idKey]: gid, uidList: [fx().people[0]] });
    const rows = await db()
      .selectFrom('audit_log')
      .select(['endpoint', 'target', 'pno', 'result'])
      .where('endpoint', 'in', [paths.save, paths.add])
      .where('target', 'like', `${gid}%`)
      .orderBy('seq')
      .execute();
    expect(rows).toEqual([
      { endpoint: paths.save, target: gid, pno: fx().demoPno, result: 0 },
      { endpoint: paths.add, target: `${gid}:${fx().people[0]}`, pno: fx().demoPno, result: 0 },
    ]);
  });

  it(`answers every ${def.noun} call "not allowed" to an ordinary member, and asks for a session and a property`, async () => {
    const gid = await create('Guarded');
    const inputs: Array<[EndpointPath, Record<string, unknown>]> = [
      [paths.list, {}],
      [paths.save, { name: 'Sneaky', ...def.extra }],
      [paths.del, { [idKey]: gid, force: 1 }],
      [paths.users, { [idKey]: gid }],
      [paths.add, { [idKey]: gid, uidList: [fx().member.uid] }],
      [paths.remove, { [idKey]: gid, uidList: [fx().member.uid] }],
    ];
    const before = await snapshot();
    for (const [path, input] of inputs) {
      const asMember = await call(path, input, { token: fx().member.token, pno: fx().demoPno });
      expect(asMember.status, path).toBe(Status.forbidden);
      expect((await call(path, input, { pno: fx().demoPno })).status, path).toBe(Status.sessionExpired);
      const noProperty = await call(path, input, { token: fx().owner.token, lang: 'en' });
      expect(noProperty).toMatchObject({ status: Status.forbidden, msg: 'Select a property first' });
      // A property the caller does not belong to is "not found"; so is an unknown one.
      const foreign = await call(path, input, { token: fx().outsider.token, pno: fx().demoPno });
      expect(foreign.status, path).toBe(Status.notFound);
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`answers another property's ${def.noun} ids and users "not found", changing nothing`, async () => {
    const partner = { token: fx().operator.token, pno: fx().partnerPno };
    const theirs = await create('Theirs', partner);
    // The operator is a member of the partner property only; the demo owner is a member of both.
    await call(paths.add, { [idKey]: theirs, uidList: [fx().owner.uid] }, partner);
    const ours = await create('Ours');
    const before = await snapshot();
    const attempts: Array<[EndpointPath, Record<string, unknown>]> = [
      [paths.save, { [idKey]: theirs, name: 'Hijacked', ...def.extra }],
      [paths.del, { [idKey]: theirs, force: 1 }],
      [paths.users, { [idKey]: theirs }],
      [paths.add, { [idKey]: theirs, uidList: [fx().people[0]] }],
      [paths.remove, { [idKey]: theirs, uidList: [fx().owner.uid] }],
      // Our group, their user.
      [paths.add, { [idKey]: ours, uidList: [fx().operator.uid] }],
      [paths.remove, { [idKey]: ours, uidList: [fx().operator.uid] }],
    ];
    for (const [path, input] of attempts) {
      const res = await call(path, input);
      expect(res.status, `${path} ${JSON.stringify(input)}`).toBe(Status.notFound);
    }
    // Their group is not in our list, nor searchable, nor picked by its id.
    expect((await list({ str: 'Theirs' })).total).toBe(0);
    expect((await list({ [idKey]: theirs })).total).toBe(0);
    expect(await snapshot()).toEqual(before);
    expect(await userIds(theirs, partner)).toEqual([fx().owner.uid]);
  });

  it(`lets an administrator holding only the ${def.noun} page read but not change; its edit function allows changes`, async () => {
    const gid = await create('Permissions');
    const admin = await env().register(freshPhone(), 'Administrator');
    await addMember(db(), fx().demoPno, admin.uid, 'member', env().now());
    const grant = async (name: string, ids: string[]) => {
      const set = await call('ps/addOrUpdatePerSet', { name, permissionIdList: ids });
      expect(set.status, set.msg).toBe(0);
      const assigned = await call('ps/assignPerSet', { uidList: [admin.uid], psidList: [set.data.psid], mode: 'add' });
      expect(assigned.status, assigned.msg).toBe(0);
    };
    await grant(`${def.noun} viewers`, [def.permission]);
    const as = { token: admin.token as string, pno: fx().demoPno };
    expect((await call(paths.list, {}, as)).status).toBe(0);
    expect((await call(paths.users, { [idKey]: gid }, as)).status).toBe(0);
    const before = await snapshot();
    const writes: Array<[EndpointPath, Record<string, unknown>]> = [
      [paths.save, { name: 'Viewer made', ...def.extra }],
      [paths.del, { [idKey]: gid }],
      [paths.add, { [idKey]: gid, uidList: [fx().people[0]] }],
      [paths.remove, { [idKey]: gid, uidList: [fx().people[0]] }],
    ];
    for (const [path, input] of writes) expect((await call(path, input, as)).status, path).toBe(Status.forbidden);
    expect(await snapshot()).toEqual(before);
    await grant(`${def.noun} editors`, [`${def.permission}.edit`]);
    expect((await call(paths.add, { [idKey]: gid, uidList: [fx().people[0]] }, as)).data).toEqual({ added: 1 });
  });

  it(`lets a former member of the property be removed from a ${def.noun}, but not added again`, async () => {
    const gid = await create('Former');
    const user = await env().register(freshPhone(), 'Former member');
    await addMember(db(), fx().demoPno, user.uid, 'member', env().now());
    expect((await call(paths.add, { [idKey]: gid, uidList: [user.uid] })).data).toEqual({ added: 1 });
    await db().deleteFrom('property_members').where('pno', '=', fx().demoPno).where('uid', '=', user.uid).execute();
    expect((await call(paths.add, { [idKey]: gid, uidList: [user.uid] })).status).toBe(Status.notFound);
    expect(await call(paths.remove, { [idKey]: gid, uidList: [user.uid] })).toMatchObject({
      status: 0,
      data: { removed: 1 },
    });
  });

  if (def.backOffice) backOfficeTests(env, def, fx);
}

/** The back-office variant: a platform operator without `pno` reaches every property's groups. */
function backOfficeTests(env: () => TestEnv, def: MemberGroupDef, fx: () => MemberGroupFixture) {
  const { paths, idKey } = def;
  const operator = (): CallOptions => ({ token: fx().operator.token });
  const call = (
    path: EndpointPath,
    input: Record<string, unknown>,
    options: CallOptions,
  ): Promise<Envelope & { http: number }> => env().call(path, input, options);

  it(`lets an operator without pno list every property's ${def.noun}s, or one property's`, async () => {
    const demo = await call(
      paths.save,
      { name: 'Back A', ...def.extra },
      { token: fx().owner.token, pno: fx().demoPno },
    );
    env().advance(1);
    const partner = await call(
      paths.save,
      { name: 'Back B', ...def.extra },
      { token: fx().operator.token, pno: fx().partnerPno },
    );
    const all = await call(paths.list, { str: 'Back ', pageSize: 100 }, operator());
    expect(all.status, all.msg).toBe(0);
    expect(all.data.list.map((g: Record<string, unknown>) => [g[idKey], g.pno, g.propertyName])).toEqual([
      [partner.data[idKey], fx().partnerPno, '合作物业'],
      [demo.data[idKey], fx().demoPno, '演示物业'],
    ]);
    const one = await call(paths.list, { str: 'Back ', filterPno: fx().demoPno }, operator());
    expect(one.data.list.map((g: Record<string, unknown>) => g[idKey])).toEqual([demo.data[idKey]]);
    // With a selected property, filterPno changes nothing.
    const scoped = await call(
      paths.list,
      { str: 'Back ', filterPno: fx().demoPno },
      { token: fx().operator.token, pno: fx().partnerPno },
    );
    expect(scoped.data.list.map((g: Record<string, unknown>) => g[idKey])).toEqual([partner.data[idKey]]);
  });

  it(`lets an operator without pno manage any property's ${def.noun} and its users`, async () => {
    const created = await call(paths.save, { pno: fx().demoPno, name: 'Operated', ...def.extra }, operator());
    expect(created.status, created.msg).toBe(0);
    const gid = created.data[idKey] as string;
    const listed = await call(paths.list, { str: 'Operated' }, { token: fx().owner.token, pno: fx().demoPno });
    expect(listed.data.list.map((g: Record<string, unknown>) => g[idKey])).toEqual([gid]);
    // Names are unique in the named property.
    const twice = await call(paths.save, { pno: fx().demoPno, name: 'operated', ...def.extra }, operator());
    expect(twice.status).toBe(Status.conflict);
    expect((await call(paths.save, { [idKey]: gid, name: 'Operated 2', ...def.extra }, operator())).status).toBe(0);

    const add = await call(paths.add, { [idKey]: gid, uidList: [fx().people[0], fx().member.uid] }, operator());
    expect(add).toMatchObject({ status: 0, data: { added: 2 } });
    // The operator is no member of the demo property: "not found" there too.
    const notMember = await call(paths.add, { [idKey]: gid, uidList: [fx().operator.uid] }, operator());
    expect(notMember.status).toBe(Status.notFound);
    const users = await call(paths.users, { [idKey]: gid }, operator());
    expect(users.data.total).toBe(2);
    expect((await call(paths.remove, { [idKey]: gid, uidList: [fx().member.uid] }, operator())).data).toEqual({
      removed: 1,
    });
    expect((await call(paths.del, { [idKey]: gid }, operator())).status).toBe(Status.conflict);
    expect(await call(paths.del, { [idKey]: gid, force: 1 }, operator())).toMatchObject({
      status: 0,
      data: { removed: 1 },
    });
    expect((await call(paths.users, { [idKey]: gid }, operator())).status).toBe(Status.notFound);
  });

  it(`asks an operator without pno to name the property of a new ${def.noun}`, async () => {
    const missing = await call(paths.save, { name: 'Nowhere', ...def.extra }, { ...operator(), lang: 'en' });
    expect(missing).toMatchObject({ status: Status.invalidInput, msg: 'Illegal input: pno' });
    const unknown = await call(paths.save, { pno: '99999999', name: 'Nowhere', ...def.extra }, operator());
    expect(unknown.status).toBe(Status.notFound);
    // With the pno header, the body may name the selected property (or none); another one is "not found".
    const owner = { token: fx().owner.token, pno: fx().demoPno };
    const elsewhere = await call(paths.save, { pno: fx().partnerPno, name: 'Stays home', ...def.extra }, owner);
    expect(elsewhere.status).toBe(Status.notFound);
    const saved = await call(paths.save, { pno: fx().demoPno, name: 'Stays home', ...def.extra }, owner);
    const home = await call(paths.list, { str: 'Stays home' }, owner);
    expect(home.data.list.map((g: Record<string, unknown>) => [g[idKey], g.pno])).toEqual([
      [saved.data[idKey], fx().demoPno],
    ]);
  });

  it(`refuses the back-office ${def.noun} calls to an administrator who is no operator`, async () => {
    const gid = (
      await call(paths.save, { name: 'Admin only', ...def.extra }, { token: fx().owner.token, pno: fx().demoPno })
    ).data[idKey];
    const inputs: Array<[EndpointPath, Record<string, unknown>]> = [
      [paths.list, { filterPno: fx().partnerPno }],
      [paths.save, { pno: fx().partnerPno, name: 'Sneaky', ...def.extra }],
      [paths.del, { [idKey]: gid, force: 1 }],
      [paths.users, { [idKey]: gid }],
      [paths.add, { [idKey]: gid, uidList: [fx().people[0]] }],
      [paths.remove, { [idKey]: gid, uidList: [fx().people[0]] }],
    ];
    for (const [path, input] of inputs) {
      const res = await call(path, input, { token: fx().owner.token, lang: 'en' });
      expect(res, path).toMatchObject({ status: Status.forbidden, msg: 'Select a property first' });
    }
    // An operator naming, in the header, a property they are not a member of gets "not found" (no back door).
    const header = await call(paths.users, { [idKey]: gid }, { token: fx().operator.token, pno: fx().demoPno });
    expect(header.status).toBe(Status.notFound);
  });
}

/** Signs the demo users in, registers an outsider and a few extra members of the demo property. */
export async function memberGroupFixture(env: () => TestEnv): Promise<MemberGroupFixture> {
  await seedDemo(env().app.keel);
  const signIn = async (account: string, password: string) => {
    const res: Envelope = await env().call(
      'a/login',
      { account, password: await env().encrypt(password) },
      { ip: freshIp() },
    );
    expect(res.status, res.msg).toBe(0);
    return res.data as { token: string; uid: string; propertyList: Array<{ pno: string; name: string }> };
  };
  const owner = await signIn(DEMO_OWNER_PHONE, DEMO_PASSWORD);
  const member = await signIn(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
  const operator = await signIn('13800000000', 'Operator123');
  const outsiderPhone = freshPhone();
  await env().register(outsiderPhone, 'Outsider');
  const outsider = await signIn(outsiderPhone, 'Passw0rd1');
  const demoPno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const partnerPno = owner.propertyList.find((p) => p.name === '合作物业')?.pno as string;
  const people: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const user = await env().register(freshPhone(), `Person ${i}`);
    await addMember(env().app.keel.db, demoPno, user.uid, 'member', env().now());
    people.push(user.uid);
  }
  return { owner, member, operator, outsider, demoPno, partnerPno, people };
}
