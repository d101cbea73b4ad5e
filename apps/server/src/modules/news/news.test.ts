import type { AddressInfo } from 'node:net';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notify } from '../../platform/news/notify';
import { createRedisBus } from '../../platform/realtime/redis-bus';
import { readSocketTicket } from '../../platform/realtime/ticket';
import { describeEachDb, freshIp, freshPhone } from '../../test/harness';

// A catalogued message (platform/news/locales) whose parameter tells the messages apart.
const message = (n: number) => ({ key: 'removedFromProperty' as const, params: { property: `P${n}` } });
const zh = (n: number) => ({ title: '已被移出物业', content: `你已被移出物业「P${n}」。` });
const en = (n: number) => ({ title: 'Removed from a property', content: `You were removed from the property P${n}.` });

describeEachDb('message centre', (env) => {
  let ann: { uid: string; token: string };
  let bob: { uid: string; token: string };
  let operatorToken: string;

  beforeAll(async () => {
    ann = await env().register(freshPhone(), 'Ann');
    const bobPhone = freshPhone();
    await env().register(bobPhone, 'Bob');
    // Bob signs in in English: his pushes are in English from then on.
    bob = (
      await env().call(
        'a/login',
        { account: bobPhone, password: await env().encrypt('Passw0rd1') },
        { lang: 'en', ip: freshIp() },
      )
    ).data;
    operatorToken = (
      await env().call(
        'a/login',
        { account: '13800000000', password: await env().encrypt('Operator123') },
        { ip: freshIp() },
      )
    ).data.token;
    for (let i = 1; i <= 3; i += 1) {
      env().advance(1000);
      await notify(env().app.keel, {
        uid: ann.uid,
        pno: null,
        type: i === 3 ? 'role' : 'invite',
        ...message(i),
        link: { kind: 'org', id: `o${i}` },
      });
    }
    await notify(env().app.keel, { uid: bob.uid, pno: null, type: 'system', ...message(9) });
  });

  it('counts and lists my messages newest first, in my language, with filters', async () => {
    expect((await env().call('news/getMyUnreadNewsNum', {}, { token: ann.token })).data).toEqual({ unreadNum: 3 });
    const page = await env().call('news/getMyNewsList', { pageNum: 1, pageSize: 2 }, { token: ann.token });
    expect(page.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page.data.list.map((n: { content: string }) => n.content)).toEqual([zh(3).content, zh(2).content]);
    expect(page.data.list[0]).toMatchObject({ newsType: 'role', readStatus: 0, link: { kind: 'org', id: 'o3' } });
    const invites = await env().call('news/getMyNewsList', { newsType: 'invite' }, { token: ann.token });
    expect(invites.data.total).toBe(2);
    const bobs = await env().call('news/getMyNewsList', {}, { token: bob.token });
    // The list is in the request's language, whatever the recipient's: Bob's Chinese session reads Chinese.
    expect(bobs.data.list).toMatchObject([zh(9)]);
    const bobsInEnglish = await env().call('news/getMyNewsList', {}, { token: bob.token, lang: 'en' });
    expect(bobsInEnglish.data.list).toMatchObject([en(9)]);
    const annInEnglish = await env().call('news/getMyNewsList', { pageSize: 1 }, { token: ann.token, lang: 'en' });
    expect(annInEnglish.data.list).toMatchObject([en(3)]);
    const bad = await env().call('news/getMyNewsList', { readStatus: 5 }, { token: ann.token, lang: 'en' });
    expect(bad.msg).toBe('Illegal input: readStatus');
    expect((await env().call('news/getMyNewsList', {}, {})).status).toBe(Status.sessionExpired);
  });

  it('marks one or all read, only my own', async () => {
    const list = (await env().call('news/getMyNewsList', {}, { token: ann.token })).data.list;
    const bobNid = (await env().call('news/getMyNewsList', {}, { token: bob.token })).data.list[0].nid;
    const one = await env().call('news/changeNewsToRead', { nidList: [list[0].nid, bobNid] }, { token: ann.token });
    expect(one.data).toEqual({ changed: 1 });
    expect((await env().call('news/getMyUnreadNewsNum', {}, { token: bob.token })).data.unreadNum).toBe(1);
    const read = await env().call('news/getMyNewsList', { readStatus: 1 }, { token: ann.token });
    expect(read.data.list.map((n: { nid: string }) => n.nid)).toEqual([list[0].nid]);
    expect((await env().call('news/changeNewsToRead', { nidList: [] }, { token: ann.token })).status).toBe(
      Status.invalidInput,
    );
    const all = await env().call('news/changeAllNewsToRead', {}, { token: ann.token });
    expect(all.data).toEqual({ changed: 2 });
    expect((await env().call('news/getMyUnreadNewsNum', {}, { token: ann.token })).data.unreadNum).toBe(0);
  });

  it('reads a message written before keys were stored (migration 0008) as it was written', async () => {
    const cy = await env().register(freshPhone(), 'Cy');
    const row = { uid: cy.uid, pno: null, news_type: 'system', link: null, read_at: null, params: null };
    await env()
      .app.keel.db.insertInto('news')
      .values([
        { ...row, nid: 'legacy-1', title: '旧消息', content: '旧内容', news_key: null, created_at: 1 },
        // A key no longer in the catalogue falls back to the stored text as well.
        { ...row, nid: 'legacy-2', title: 'Gone', content: 'Gone body', news_key: 'noSuchKey', created_at: 2 },
      ])
      .execute();
    const list = await env().call('news/getMyNewsList', {}, { token: cy.token, lang: 'en' });
    expect(list.data.list).toMatchObject([
      { nid: 'legacy-2', title: 'Gone', content: 'Gone body' },
      { nid: 'legacy-1', title: '旧消息', content: '旧内容' },
    ]);
  });

  it('lists every message for operators only', async () => {
    const all = await env().call('news/getAllNewsList', { pageSize: 50 }, { token: operatorToken });
    expect(all.data.total).toBeGreaterThanOrEqual(4);
    expect(all.data.list.some((n: { userName: string }) => n.userName === 'Bob')).toBe(true);
    const inEnglish = await env().call('news/getAllNewsList', { pageSize: 50 }, { token: operatorToken, lang: 'en' });
    const bobs = inEnglish.data.list.filter((n: { uid: string }) => n.uid === bob.uid);
    expect(bobs[0]).toMatchObject(en(9));
    expect((await env().call('news/getAllNewsList', {}, { token: ann.token })).status).toBe(Status.forbidden);
  });

  it('pushes the unread count over the WebSocket after a ticket', async () => {
    const { data } = await env().call('rb/getWebSocketUrl', {}, { token: bob.token });
    expect(data.url).toMatch(/^\/ws\?ticket=/);
    const ticket = new URL(data.url, 'http://x').searchParams.get('ticket') as string;
    expect(readSocketTicket(env().app.keel, ticket)).toBe(bob.uid);
    expect(readSocketTicket(env().app.keel, `${ticket}x`)).toBeNull();

    const received: Array<{ unread: number; latest?: { title: string } }> = [];
    const got = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (received.length >= n ? resolve() : setTimeout(check, 10));
        check();
      });
    // Over a real port: the socket route lives in a context of its own (platform/realtime/socket.ts).
    const base = env().app.server.listening
      ? `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`
      : await env().app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${data.url}`);
    ws.on('message', (m) => received.push(JSON.parse(String(m))));
    await got(1);
    expect(received[0]).toEqual({ type: 'unread', unread: 1 });
    await notify(env().app.keel, { uid: bob.uid, pno: null, type: 'system', ...message(10) });
    await got(2);
    // The push is in the recipient's stored language (Bob signed in in English).
    expect(received[1]).toMatchObject({ unread: 2, latest: en(10) });
    ws.terminate();

    env().advance(61_000);
    expect(readSocketTicket(env().app.keel, ticket)).toBeNull();
  });
});

// Needs Redis (127.0.0.1:6379 on every machine here and in CI, or REDIS_URL).
it('carries events between instances through Redis', async () => {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const a = await createRedisBus(url);
  const b = await createRedisBus(url);
  const got: unknown[] = [];
  b.subscribe('user:x', (e) => got.push(e));
  await a.publish('user:x', { type: 'unread', unread: 7 });
  for (let i = 0; i < 100 && got.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(got).toEqual([{ type: 'unread', unread: 7 }]);
  await a.close();
  await b.close();
});
