import type { AddressInfo } from 'node:net';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addMember } from '../../platform/auth/members-repo';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';
import { upload } from '../../test/multipart';
import { announce } from './events';

/**
 * Live task progress for every viewer (README "Live progress"): consoles watch the firmware tasks of the property they
 * show over the socket (platform/realtime/property-watch.ts). Two members with the task permission both hear a
 * task's change; an ordinary member and a non-member are refused and hear nothing; another property's topic is
 * refused; a member whose permission is taken away, or who is removed, is dropped at the next event; switching
 * property stops the old property's events.
 */

type Message = { type: string; [key: string]: unknown };

/** A console socket over a real port, with what it received. */
class Client {
  readonly received: Message[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (m) => this.received.push(JSON.parse(String(m)) as Message));
  }

  static async open(base: string, url: string): Promise<Client> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${url}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  of(type: string) {
    return this.received.filter((m) => m.type === type);
  }

  /** Waits until a message matching `test` arrived (after `from`); answers it. */
  async next(test: (m: Message) => boolean, from = 0): Promise<Message> {
    for (let i = 0; i < 500; i++) {
      const found = this.received.slice(from).find(test);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no such message; received ${JSON.stringify(this.received)}`);
  }

  close() {
    this.ws.terminate();
  }
}

describeEachDb('live task progress over the socket', (env) => {
  let owner = '';
  let demo = '';
  let partner = '';
  let base = '';
  let taskId = '';
  const people: Record<'bea' | 'eve' | 'member' | 'dan', { uid: string; token: string }> = {} as never;
  const clients: Client[] = [];
  const as = (token: string, pno = demo): CallOptions => ({ token, pno, lang: 'en' });
  const ok = <P extends EndpointPath>(path: P, input: Record<string, unknown>, o: CallOptions = as(owner)) =>
    env().ok(path, input, o);
  const login = async (phone: string, password = DEMO_PASSWORD) => {
    const res = await env().call(
      'a/login',
      { account: phone, password: await env().encrypt(password) },
      { ip: freshIp() },
    );
    expect(res.status, res.msg).toBe(0);
    return res.data as { uid: string; token: string; propertyList: { pno: string; name: string }[] };
  };
  /** A console socket of `token`'s user, watching `pno`'s tasks; answers it with the server's answer. */
  const watching = async (token: string, pno: string | null) => {
    const { url } = await ok('rb/getWebSocketUrl', {}, { token });
    const client = await Client.open(base, url);
    clients.push(client);
    client.send({ type: 'watch', pno, topics: ['fwTask'] });
    return { client, answer: await client.next((m) => m.type === 'watching') };
  };
  /** Every client's fwTask events so far. */
  const heard = (c: Client) => c.of('fwTask').map((m) => m.state);

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const session = await login(DEMO_OWNER_PHONE);
    owner = session.token;
    demo = session.propertyList.find((p) => p.name === '演示物业')?.pno as string;
    partner = session.propertyList.find((p) => p.name === '合作物业')?.pno as string;
    const member = await login(DEMO_MEMBER_PHONE);
    people.member = { uid: member.uid, token: member.token };
    // Bea and Eve: administrators holding the task page; Dan: not a member.
    const { psid } = await ok('ps/addOrUpdatePerSet', { name: 'Task viewers', permissionIdList: ['firmware.task'] });
    for (const name of ['bea', 'eve', 'dan'] as const) {
      const phone = freshPhone();
      await env().register(phone, name, 'Passw0rd!');
      const s = await login(phone, 'Passw0rd!');
      people[name] = { uid: s.uid, token: s.token };
      if (name !== 'dan') await addMember(env().app.keel.db, demo, s.uid, 'member', env().now());
    }
    await ok('ps/assignPerSet', { uidList: [people.bea.uid, people.eve.uid], psidList: [psid] });

    // A published package and a draft task of one device.
    const { sid } = await ok('space/addSpace', { name: 'Live', business: 'firmware', category: 'file', quota: 1e7 });
    const { fid } = await upload(env(), as(owner), sid, 'live-2.0.0.bin', 'image 2.0.0 '.repeat(300));
    const { id: swId } = await ok('sw/addSw', {
      sid,
      swType: 'firmware',
      name: 'Live',
      version: '2.0.0',
      fidList: [fid],
    });
    await ok('sw/setSwPublished', { id: swId, published: 1 });
    await ok('di/registerDevice', { deviceId: 'live-1' });
    taskId = (await ok('task/addTask', { swId, name: 'Live', deviceIdList: ['live-1'] })).id;

    base = env().app.server.listening
      ? `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`
      : await env().app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => {
    for (const c of clients) c.close();
  });

  it('relays a task change to every member holding the task page, and to nobody else', async () => {
    const a = await watching(owner, demo);
    const b = await watching(people.bea.token, demo);
    const e = await watching(people.eve.token, demo);
    expect(a.answer).toEqual({ type: 'watching', pno: demo, topics: ['fwTask'], refused: [] });
    expect(b.answer).toEqual({ type: 'watching', pno: demo, topics: ['fwTask'], refused: [] });
    expect(e.answer.topics).toEqual(['fwTask']);
    // An ordinary member (no task page) and a non-member are refused; so is a property Bea is not a member of.
    const m = await watching(people.member.token, demo);
    expect(m.answer).toEqual({ type: 'watching', pno: demo, topics: [], refused: ['fwTask'] });
    const d = await watching(people.dan.token, demo);
    expect(d.answer).toEqual({ type: 'watching', pno: demo, topics: [], refused: ['fwTask'] });
    const other = await watching(people.bea.token, partner);
    expect(other.answer).toEqual({ type: 'watching', pno: partner, topics: [], refused: ['fwTask'] });
    // Unknown topics and bad requests: refused, or ignored.
    const before = a.client.received.length;
    a.client.send({ type: 'watch', pno: demo, topics: ['fwTask', 'nope'] });
    expect(await a.client.next((x) => x.type === 'watching', before)).toEqual({
      type: 'watching',
      pno: demo,
      topics: ['fwTask'],
      refused: ['nope'],
    });
    a.client.send('not json');
    a.client.send({ type: 'watch', pno: 42, topics: ['fwTask'] });

    // The owner releases the task: the watchers hear it, whoever made it.
    await ok('task/releaseTask', { id: taskId });
    for (const c of [a, b, e]) {
      const event = await c.client.next((x) => x.type === 'fwTask');
      expect(event).toMatchObject({ type: 'fwTask', taskId, state: expect.stringMatching(/scheduled|running/) });
    }
    // Another property's events reach none of them.
    await announce(env().app.keel, propertyTenant(partner), { taskId: 'elsewhere', state: 'running' });
    await ok('task/pauseTask', { id: taskId });
    for (const c of [a, b, e]) await c.client.next((x) => x.type === 'fwTask' && x.state === 'paused');
    for (const c of [a, b, e]) expect(c.client.of('fwTask').map((x) => x.taskId)).not.toContain('elsewhere');
    for (const c of [m, d, other]) expect(heard(c.client)).toEqual([]);
  });

  it('drops a member whose permission or membership is gone, and follows a switch of property', async () => {
    const a = await watching(owner, demo);
    const b = await watching(people.bea.token, demo);
    const e = await watching(people.eve.token, demo);
    // Bea loses her permission set, Eve is removed from the property.
    await ok('ps/assignPerSet', { uidList: [people.bea.uid], psidList: [], mode: 'replace' });
    await ok('o/delOrgUser', { oid: `root-${demo}`, uid: people.eve.uid });
    await ok('task/continueTask', { id: taskId });
    const resumed = (x: Message) => x.type === 'fwTask' && x.state !== 'paused';
    await a.client.next(resumed);
    // Each is told that the topic is refused now, and hears nothing of it.
    for (const c of [b, e])
      expect(await c.client.next((x) => x.type === 'watching' && (x.refused as string[]).length > 0)).toEqual({
        type: 'watching',
        pno: demo,
        topics: [],
        refused: ['fwTask'],
      });
    // The owner switches to the partner property (a plain member there: refused), then back.
    a.client.send({ type: 'watch', pno: partner, topics: ['fwTask'] });
    const from = a.client.received.length;
    await a.client.next((x) => x.type === 'watching' && x.pno === partner, from);
    await ok('task/pauseTask', { id: taskId });
    a.client.send({ type: 'watch', pno: demo, topics: ['fwTask'] });
    await a.client.next((x) => x.type === 'watching' && x.pno === demo && (x.topics as string[]).length === 1, from);
    await ok('task/continueTask', { id: taskId });
    await a.client.next((x) => x.type === 'fwTask' && x.state !== 'paused', from);
    // What was published while it watched the partner property did not reach it.
    expect(a.client.received.slice(from).filter((x) => x.type === 'fwTask' && x.state === 'paused')).toEqual([]);
    expect(heard(b.client)).toEqual([]);
    expect(heard(e.client)).toEqual([]);
    // Watching nothing.
    a.client.send({ type: 'watch', pno: null, topics: [] });
    await a.client.next((x) => x.type === 'watching' && x.pno === null);
  });
});
