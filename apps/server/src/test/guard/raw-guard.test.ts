import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RawCredential, type RawRoute, rawRouteOf } from '../../platform/http/raw-routes';
import { mountedRoutes } from '../../platform/http/route-census';
import { describeEachDb } from '../harness';
import { HOSTILE_REST, HOSTILE_SEGMENTS } from './hostile-segments';
import { buildRawWorld, type RawReply, type RawWorld, testWebDist, tusMetadata } from './raw-world';
import { EVERY_ENDPOINT_MS } from './world';

vi.setConfig({ testTimeout: EVERY_ENDPOINT_MS });

/**
 * Guard tests generated from the routes the app mounts outside the contract's endpoints, each with its declaration
 * (platform/http/raw-routes.ts; route-census.test.ts checks that every one has one): each route is refused without
 * its credential (in its protocol's own answer), refuses another property's credential (or answers as for an
 * unknown one, revealing nothing), refuses a device's credential on another device's path, and answers hostile path
 * parameters with a 4xx, never a 5xx, after which the server still answers /healthz. The last test counts the routes
 * each check covered and fails on any left out.
 */

/** Devices may call each route 20 times per polling interval: the suite polls every 10 s and moves the clock on. */
const POLL_SLEEP = '00:00:10';
const NEXT_WINDOW_MS = 20_001;

type Check = 'unauthenticated' | 'crossTenant' | 'otherDevice' | 'hostile';
/** What each check applies to. */
const applies: Record<Check, (r: RawRoute) => boolean> = {
  unauthenticated: (r) => r.credential !== 'none',
  crossTenant: (r) => r.credential !== 'none',
  otherDevice: (r) => r.credential === 'ddiDevice' || r.credential === 'menderDevice',
  hostile: (r) => paramsOf(r.path).length > 0,
};
/** The protocol's answer to a call without its credential. */
const REFUSAL: Record<Exclude<RawCredential, 'none' | 'socketTicket'>, number> = {
  ddiDevice: 401,
  menderDevice: 401,
  menderAuth: 401,
  session: 401,
  signedLink: 404,
};
/** The close code of a console socket whose ticket is bad (platform/realtime/socket.ts). */
const SOCKET_REFUSED = 4401;

const web = testWebDist();
afterAll(() => web.drop());

interface Route {
  method: string;
  path: string;
  decl: RawRoute;
}
const nameOf = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const paramsOf = (path: string) => [
  ...[...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
  ...(path.endsWith('*') ? ['*'] : []),
];
const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, n: string) => values[n] ?? 'guard-1').replace(/\*$/, values['*'] ?? 'guard.txt');
/** What an answer says, but the request's own id (Mender's `request_id`). */
const said = (res: RawReply) => ({ status: res.status, body: res.body.replace(/"request_id":"[^"]*"/, '') });
/** A JWT with claims changed and its signature kept (so no longer valid). */
const tampered = (token: string, claims: Record<string, unknown>) => {
  const [header, payload, mac] = token.split('.') as [string, string, string];
  const changed = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...claims };
  return `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${mac}`;
};

describeEachDb(
  'raw-route guard',
  (env) => {
    let w: RawWorld;
    let routes: Route[];
    const covered: Record<Check, Set<string>> = {
      unauthenticated: new Set(),
      crossTenant: new Set(),
      otherDevice: new Set(),
      hostile: new Set(),
    };
    let cases = 0;
    /** A new polling interval: the devices' allowances are full again. */
    const nextWindow = () => env().advance(NEXT_WINDOW_MS);

    beforeAll(async () => {
      w = await buildRawWorld(env);
      routes = mountedRoutes(env().app).flatMap((r) => {
        const decl = rawRouteOf(r);
        return decl ? [{ ...r, decl }] : [];
      });
    });

    /** The path's parameters naming what the right caller may call: the demo property, its device A. */
    const defaults = (r: Route): Record<string, string> => {
      if (r.decl.credential === 'ddiDevice') return { tenant: w.fx.demo, controllerId: w.demoA.deviceId };
      if (r.decl.credential === 'signedLink')
        return {
          kind: 'file',
          pno: w.fx.demo,
          deviceId: w.mender.deviceId,
          expires: String(env().now() + 60_000),
          sig: 'A'.repeat(43),
          fileName: 'guard.mender',
        };
      return {};
    };
    /** The credential and body of the right caller: device A, the Mender device, the owner's session. */
    const rightCaller = (r: Route): Record<string, string> => {
      switch (r.decl.credential) {
        case 'ddiDevice':
          return { authorization: w.demoA.auth };
        case 'menderDevice':
          return { authorization: `Bearer ${w.mender.token}` };
        case 'session':
          return { token: w.fx.owner.token };
        default:
          return {};
      }
    };
    /** A body the route takes (its headers with it): JSON routes `{}`, tus its protocol headers. */
    const bodyOf = (r: Route): { headers: Record<string, string>; body?: string } => {
      if (r.decl.credential === 'menderAuth') {
        // Well formed, naming the Mender device and its property's key, but signed by nobody.
        const { body } = w.menderAuthRequest({ serial: w.mender.deviceId }, w.enrolmentKey.demo);
        return { headers: { 'content-type': 'application/json' }, body };
      }
      if (r.decl.body === 'json' && r.method !== 'GET' && r.method !== 'HEAD')
        return { headers: { 'content-type': 'application/json' }, body: '{}' };
      if (r.decl.body === 'stream') {
        const headers: Record<string, string> = { 'tus-resumable': '1.0.0' };
        if (r.method === 'POST') headers['upload-length'] = '4';
        if (r.method === 'PATCH') {
          headers['upload-offset'] = '0';
          headers['content-type'] = 'application/offset+octet-stream';
        }
        return { headers, body: r.method === 'PATCH' ? 'abcd' : undefined };
      }
      return { headers: {} };
    };
    const call = (r: Route, values: Record<string, string>, credential: Record<string, string>) => {
      const { headers, body } = bodyOf(r);
      cases += 1;
      return w.send(r.method, fill(r.path, { ...defaults(r), ...values }), { ...headers, ...credential }, body);
    };
    const socket = (query: string, send: unknown[] = []) =>
      openSocket(`${w.base.replace(/^http/, 'ws')}/ws${query}`, send);

    it('refuses every route without its credential, in its protocol’s answer', async () => {
      for (const r of routes) {
        const { credential } = r.decl;
        // Public routes have nothing to refuse (applies.unauthenticated).
        if (credential === 'none') continue;
        nextWindow();
        if (credential === 'socketTicket') {
          if (r.method === 'GET') {
            for (const query of ['', '?ticket=', `?ticket=${randomBytes(24).toString('base64url')}`]) {
              cases += 1;
              expect((await socket(query)).code, `${nameOf(r)}${query}`).toBe(SOCKET_REFUSED);
            }
          } else {
            // Not an upgrade: nothing to serve.
            const res = await call(r, {}, {});
            expect(res.status, nameOf(r)).toBeGreaterThanOrEqual(400);
            expect(res.status, nameOf(r)).toBeLessThan(500);
          }
          covered.unauthenticated.add(nameOf(r));
          continue;
        }
        const expected = REFUSAL[credential];
        const none = await call(r, {}, {});
        expect(none.status, `${nameOf(r)} without a credential: ${none.body}`).toBe(expected);
        if (r.decl.credential === 'ddiDevice') {
          for (const authorization of ['TargetToken forged', 'GatewayToken forged', 'Bearer forged', 'TargetToken']) {
            const res = await call(r, {}, { authorization });
            expect(res.status, `${nameOf(r)} with ${authorization}`).toBe(expected);
          }
        }
        if (r.decl.credential === 'menderDevice') {
          for (const token of ['forged', 'a.b.c', tampered(w.mender.token, { exp: 1 })]) {
            const res = await call(r, {}, { authorization: `Bearer ${token}` });
            expect(res.status, `${nameOf(r)} with a bad token`).toBe(expected);
          }
        }
        if (r.decl.credential === 'session') {
          const res = await call(r, {}, { token: 'forged' });
          expect(res.status, `${nameOf(r)} with a forged session`).toBe(expected);
        }
        covered.unauthenticated.add(nameOf(r));
      }
    });

    it("refuses another property's credential, answering as for an unknown one", async () => {
      const { fx } = w;
      for (const r of routes) {
        if (!applies.crossTenant(r.decl)) continue;
        nextWindow();
        const where = nameOf(r);
        switch (r.decl.credential) {
          case 'ddiDevice': {
            const unknown = said(await call(r, {}, { authorization: 'TargetToken forged' }));
            expect(unknown.status, where).toBe(401);
            const demo = { tenant: fx.demo };
            const partner = { tenant: fx.partner };
            const attempts: Array<[string, Record<string, string>, string]> = [
              ['a device of the demo under the partner', { ...partner, controllerId: w.demoA.deviceId }, w.demoA.auth],
              ["the partner's device under the demo", { ...demo, controllerId: w.partnerP.deviceId }, w.partnerP.auth],
              [
                "the demo's enrolment key for the partner's device",
                { ...partner, controllerId: w.partnerP.deviceId },
                `GatewayToken ${w.enrolmentKey.demo}`,
              ],
              [
                "the demo's enrolment key enrolling an id the partner holds",
                { ...demo, controllerId: w.partnerP.deviceId },
                `GatewayToken ${w.enrolmentKey.demo}`,
              ],
            ];
            for (const [what, values, authorization] of attempts) {
              expect(said(await call(r, values, { authorization })), `${where}: ${what}`).toEqual(unknown);
            }
            const enrolled = await env()
              .app.keel.db.withoutPlugins()
              .selectFrom('devices')
              .select('pno')
              .where('device_id', '=', w.partnerP.deviceId)
              .execute();
            expect(enrolled, `${where}: the partner's device id stays the partner's only`).toEqual([
              { pno: fx.partner },
            ]);
            break;
          }
          case 'menderDevice': {
            const unknown = said(await call(r, {}, { authorization: 'Bearer forged' }));
            const other = tampered(w.mender.token, { 'mender.tenant': fx.partner });
            expect(said(await call(r, {}, { authorization: `Bearer ${other}` })), where).toEqual(unknown);
            break;
          }
          case 'menderAuth': {
            // The partner's key naming a device the demo holds, and the demo's key naming the partner's: nothing
            // enrols, and the answer is Mender's bare refusal, saying neither why nor whose.
            const send = async (idData: Record<string, string>, key: string) => {
              const { body, signature } = w.menderAuthRequest(idData, key);
              cases += 1;
              return w.send(
                r.method,
                r.path,
                { 'content-type': 'application/json', 'x-men-signature': signature },
                body,
              );
            };
            expect((await send({ serial: 'raw-guard-unknown' }, 'forged-tenant-token')).status, where).toBe(401);
            for (const [what, res] of [
              ['partner key', await send({ serial: w.demoA.deviceId }, w.enrolmentKey.partner)],
              ['demo key', await send({ serial: w.partnerP.deviceId }, w.enrolmentKey.demo)],
            ] as const) {
              expect(res.status, `${where}: ${what}`).toBe(401);
              expect((JSON.parse(res.body) as { error: string }).error, `${where}: ${what}`).toBe('Unauthorized');
            }
            const rows = await env()
              .app.keel.db.withoutPlugins()
              .selectFrom('devices')
              .select(['pno', 'device_id'])
              .where('device_id', 'in', [w.demoA.deviceId, w.partnerP.deviceId])
              .orderBy('device_id')
              .execute();
            expect(rows, `${where}: nothing enrolled`).toEqual(
              [
                { pno: fx.demo, device_id: w.demoA.deviceId },
                { pno: fx.partner, device_id: w.partnerP.deviceId },
              ].sort((a, b) => a.device_id.localeCompare(b.device_id)),
            );
            break;
          }
          case 'session': {
            const member = { token: fx.member.token };
            if (r.method === 'POST') {
              // Creating an upload in a space of a property the member is not in.
              cases += 1;
              const res = await w.send(r.method, fill(r.path, { id: randomBytes(16).toString('hex') }), {
                ...member,
                'tus-resumable': '1.0.0',
                'upload-length': '4',
                'upload-metadata': tusMetadata({ pno: fx.partner, sid: w.partnerSpace, filename: 'x.bin' }),
              });
              expect([403, 404], `${where}: ${res.status} ${res.body}`).toContain(res.status);
            } else if (r.path.endsWith(':id')) {
              // Another user's upload answers as one that does not exist.
              const theirs = w.ownerUpload.split('/').pop() as string;
              const unknown = said(await call(r, { id: randomBytes(16).toString('hex') }, member));
              expect(said(await call(r, { id: theirs }, member)), where).toEqual(unknown);
            } else {
              // The mount itself names no upload: the member's session is served as anyone's.
              const res = await call(r, {}, member);
              expect(res.status, where).toBeLessThan(500);
            }
            break;
          }
          case 'signedLink': {
            // A link signed for one property and object does not open another's: as a forged one.
            const forged = said(await call(r, {}, {}));
            expect(forged.status, where).toBe(404);
            expect(said(await call(r, { pno: fx.partner }, {})), where).toEqual(forged);
            if (r.path.startsWith('/api/download/') && (r.method === 'GET' || r.method === 'HEAD')) {
              const link = await w.downloadLink();
              cases += 2;
              expect((await w.send(r.method, link)).status, `${where}: the link itself`).toBe(200);
              const moved = link.replace(`/${fx.demo}/`, `/${fx.partner}/`);
              expect(moved, where).not.toBe(link);
              expect(said(await w.send(r.method, moved)), `${where}: its property changed`).toEqual(forged);
            }
            break;
          }
          case 'socketTicket': {
            if (r.method !== 'GET') break;
            const watch = (pno: string) => ({ type: 'watch', pno, topics: ['fwTask'] });
            cases += 1;
            const answers = await socket(`?ticket=${await w.socketTicket('owner')}`, [
              watch(fx.partner),
              watch(fx.demo),
            ]);
            const watching = answers.messages.filter((m) => (m as { type?: string }).type === 'watching');
            expect(watching, where).toEqual([
              { type: 'watching', pno: fx.partner, topics: [], refused: ['fwTask'] },
              { type: 'watching', pno: fx.demo, topics: ['fwTask'], refused: [] },
            ]);
            break;
          }
        }
        covered.crossTenant.add(nameOf(r));
      }
      // The owner's upload is still there, untouched.
      const head = await w.send('HEAD', w.ownerUpload, { token: fx.owner.token, 'tus-resumable': '1.0.0' });
      expect([head.status, head.headers['upload-offset']]).toEqual([200, '0']);
    });

    it("refuses a device's credential on another device's path", async () => {
      for (const r of routes) {
        if (!applies.otherDevice(r.decl)) continue;
        nextWindow();
        if (r.decl.credential === 'ddiDevice') {
          const unknown = said(await call(r, {}, { authorization: 'TargetToken forged' }));
          const other = said(await call(r, { controllerId: w.demoB.deviceId }, { authorization: w.demoA.auth }));
          expect(other, nameOf(r)).toEqual(unknown);
        } else {
          const unknown = said(await call(r, {}, { authorization: 'Bearer forged' }));
          const other = tampered(w.mender.token, { sub: w.demoB.deviceId });
          expect(said(await call(r, {}, { authorization: `Bearer ${other}` })), nameOf(r)).toEqual(unknown);
        }
        covered.otherDevice.add(nameOf(r));
      }
    });

    it('answers hostile path parameters with a 4xx, never a 5xx, and stays up', async () => {
      const faults: string[] = [];
      for (const r of routes) {
        if (!applies.hostile(r.decl)) continue;
        for (const param of paramsOf(r.path)) {
          nextWindow();
          // tus answers OPTIONS (its capabilities) alike at every URL of its mount, reading no parameter.
          const unread = r.method === 'OPTIONS' ? said(await call(r, {}, rightCaller(r))) : undefined;
          for (const value of param === '*' ? HOSTILE_REST : HOSTILE_SEGMENTS) {
            const res = await call(r, { [param]: value }, rightCaller(r));
            if (unread && res.status < 500 && JSON.stringify(said(res)) === JSON.stringify(unread)) continue;
            if (res.status < 400 || res.status >= 500)
              faults.push(`${nameOf(r)} ${param}=${value.slice(0, 40)}: ${res.status} ${res.body.slice(0, 120)}`);
          }
        }
        covered.hostile.add(nameOf(r));
      }
      expect(faults).toEqual([]);
      const health = await w.send('GET', '/healthz');
      expect([health.status, health.body]).toEqual([200, '{"ok":true}']);
    });

    it('covers every mounted raw route (prints the counts)', () => {
      const checks = Object.keys(covered) as Check[];
      for (const c of checks) {
        const applicable = routes.filter((r) => applies[c](r.decl)).map(nameOf);
        console.info(`raw guard [${env().dialect}] ${c}: ${covered[c].size}/${applicable.length} routes`);
        expect(
          applicable.filter((n) => !covered[c].has(n)),
          c,
        ).toEqual([]);
      }
      console.info(`raw guard [${env().dialect}]: ${routes.length} mounted raw routes, ${cases} cases`);
      expect(routes.length).toBeGreaterThan(30);
    });
  },
  { config: () => ({ WEB_DIST: web.dir, DEVICE_POLL_SLEEP: POLL_SLEEP }) },
);

/**
 * Opens a console socket and sends `messages` one at a time, each once the last was answered (a watch request
 * replaces the one before it); answers what came back until the socket closed (or 2 s passed).
 */
function openSocket(url: string, messages: unknown[]): Promise<{ code: number; messages: unknown[] }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const received: unknown[] = [];
    const waiting = [...messages];
    const done = (code: number) => {
      clearTimeout(timer);
      resolve({ code, messages: received });
    };
    const timer = setTimeout(() => {
      ws.terminate();
      done(0);
    }, 2_000);
    const next = () => {
      const m = waiting.shift();
      if (m === undefined) ws.close();
      else ws.send(JSON.stringify(m));
    };
    ws.on('open', () => {
      if (waiting.length > 0) next();
    });
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type?: string };
      received.push(m);
      if (m.type === 'watching') next();
    });
    ws.on('close', (code) => done(code));
    ws.on('error', () => done(-1));
  });
}
