import { readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Endpoint } from '@keel/contract/endpoint';
import { FILE_UPLOAD_PATH } from '@keel/contract/endpoints/file';
import { endpoints } from '@keel/contract/endpoints/index';
import { formatMessage, Status } from '@keel/contract/status';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb } from '../harness';
import { tusClient } from '../tus-client';
import { type HostileBody, hostileBodies, sendOnSocket } from './hostile-bodies';
import { buildWorld, EVERY_ENDPOINT_MS, type GuardWorld } from './world';

vi.setConfig({ testTimeout: EVERY_ENDPOINT_MS });

/**
 * Every endpoint that takes a body stream (a contract endpoint declaring `upload`, today's and every one added
 * later), sent the hostile bodies of hostile-bodies.ts through `inject` and over a real socket, with ids its handler
 * refuses and with valid ones: each answer is a translated business answer (a malformed body an input error in the
 * caller's language, an oversized one HTTP 413), nothing is kept, and the server still answers after each. The tus
 * endpoint is sent an interrupted and a malformed PATCH. The last test fails on an upload endpoint left out.
 */
const uploads = (Object.values(endpoints) as Endpoint[]).filter((d) => d.upload);
const covered = new Set<string>();

interface Target {
  headers: Record<string, string>;
  /** Input fields (the query string) the handler refuses (an object of no one's) and ones it takes. */
  refused: Record<string, string>;
  valid: Record<string, string>;
}

describeEachDb('body streams', (env) => {
  let world: GuardWorld;
  let port = 0;
  const targets: Record<string, Target> = {};
  const blobTmp = () => join(env().app.keel.config.dataDir, 'blobs', 'tmp');
  const tmpFiles = () => {
    try {
      return readdirSync(blobTmp());
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    const app = env().app;
    world = await buildWorld(app);
    await app.ready();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    port = (app.server.address() as AddressInfo).port;

    const owner = { token: await world.token('owner'), pno: world.demoPno };
    const call = async (path: string, input: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: `/api/${path}`, headers: owner, payload: input });
      const body = res.json() as { status: number; msg: string; data: Record<string, string> };
      if (body.status !== 0) throw new Error(`${path}: ${body.msg}`);
      return body.data;
    };
    const sid = world.scoped.ids.space.inside;
    targets['fis/fi/uploadFile'] = { headers: owner, refused: { sid: 'no-such-space' }, valid: { sid } };
    targets['f/uploadFile'] = { headers: owner, refused: { sid: 'no-such-space' }, valid: { sid } };
    targets['ai/uploadAppFile'] = { headers: owner, refused: { kind: 'no-such-kind' }, valid: { kind: 'apk' } };
    const cert = await call('cert/generateCert', {
      name: 'Body streams',
      keyType: 'EC',
      curve: 'P-256',
      subject: { CN: 'body streams' },
      days: 30,
    });
    const module = await call('sm/addSignModule', {
      name: 'Body streams',
      signType: 'raw',
      algorithm: 'SHA256WITHECDSA',
    });
    await call('ca/addUsers', { certId: cert.certId, uidList: [world.uid.owner] });
    await call('cs/saveCertSignRel', { moduleId: module.moduleId, certId: cert.certId, algorithm: 'SHA256WITHECDSA' });
    const signIds = { moduleId: module.moduleId as string, certId: cert.certId as string };
    const refusedIds = { moduleId: 'no-such-module', certId: 'no-such-cert' };
    targets['sign/signUpload'] = { headers: owner, refused: refusedIds, valid: signIds };
    const pat = await call('pat/addToken', { name: 'Body streams', days: 1 });
    targets['sign/pipelineSign'] = {
      headers: { authorization: `Bearer ${pat.token}` },
      refused: refusedIds,
      valid: signIds,
    };
  });

  afterAll(async () => {
    const server = env().app.server;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The tables still changed from `before` once a call's handler is done (a dropped call's may still unwind). */
  const settled = async (before: string) => {
    let changes: string[] = [];
    for (const started = Date.now(); Date.now() - started < 20_000; ) {
      changes = world.changes(before, await world.snapshot());
      if (changes.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return changes;
  };

  /**
   * The tables once nothing changes them any more (two snapshots alike 100 ms apart): what the case before this one
   * left still unwinding (a dropped call's handler, a sweep) must not count against this one.
   */
  const quietSnapshot = async () => {
    let last = await world.snapshot();
    for (const started = Date.now(); Date.now() - started < 20_000; ) {
      await new Promise((r) => setTimeout(r, 100));
      const now = await world.snapshot();
      if (now === last) return now;
      last = now;
    }
    return last;
  };

  const healthy = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  };

  /** What the envelope must say for a body sent with valid ids, in `lang`. */
  const expectAnswer = (what: string, body: HostileBody, lang: 'zh-cn' | 'en', http: number | null, text: string) => {
    if (body.answer === 'dropped') return;
    if (body.answer === 'tooLarge') {
      expect(http, what).toBe(413);
      return;
    }
    expect(http, what).toBe(200);
    const envelope = JSON.parse(text) as { status: number; msg: string };
    expect(envelope.status, `${what}: ${envelope.msg}`).toBe(Status.invalidInput);
    expect(envelope.msg, what).toBe(
      body.answer === 'malformed'
        ? formatMessage('malformedUpload', lang)
        : formatMessage('invalidInput', lang, { field: 'file' }),
    );
  };

  for (const def of uploads) {
    it(`answers every hostile body of ${def.path} with a business answer, keeps nothing and stays up`, async () => {
      const target = targets[def.path];
      expect(target, `${def.path} has no target in body-streams.test.ts`).toBeDefined();
      if (!target) return;
      for (const body of hostileBodies(def.upload?.maxBytes ?? 0)) {
        for (const [ids, fields] of [
          ['refused ids', target.refused],
          ['valid ids', target.valid],
        ] as const) {
          const path = `/api/${def.path}?${new URLSearchParams(fields)}`;
          const before = await quietSnapshot();
          // Through inject (no connection to drop) in English, then over a socket in Chinese.
          if (body.answer !== 'dropped') {
            const res = await env().app.inject({
              method: 'POST',
              url: path,
              headers: {
                ...target.headers,
                'content-type': body.contentType,
                'accept-language': 'en',
                ...(body.announced ? { 'content-length': String(body.announced) } : {}),
              },
              payload: body.body,
            });
            const what = `${def.path} ${body.name} (${ids}, inject)`;
            expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
            if (ids === 'valid ids') expectAnswer(what, body, 'en', res.statusCode, res.body);
          }
          const reply = await sendOnSocket(port, {
            path,
            headers: { ...target.headers, 'content-type': body.contentType, 'accept-language': 'zh-cn' },
            body: body.body,
            announced: body.announced,
            abort: body.answer === 'dropped',
          });
          const what = `${def.path} ${body.name} (${ids}, socket)`;
          if (body.answer !== 'dropped') expect(reply.http, `${what}: ${reply.body}`).not.toBeNull();
          if (reply.http !== null) expect(reply.http, `${what}: ${reply.body}`).toBeLessThan(500);
          if (ids === 'valid ids') expectAnswer(what, body, 'zh-cn', reply.http, reply.body);
          // Nothing kept: no row, no quota held, no staged blob (a dropped call's handler may still be unwinding).
          expect(await settled(before), `${what} kept something`).toEqual([]);
          await expect.poll(tmpFiles, { timeout: 20_000, message: `${what} left a staged blob` }).toEqual([]);
          await healthy();
        }
      }
      covered.add(def.path);
    });
  }

  it('keeps a tus upload resumable after an interrupted PATCH, and answers a malformed one with a 4xx', async () => {
    const tus = tusClient(`http://127.0.0.1:${port}`, await world.token('owner'));
    const content = Buffer.alloc(256 * 1024, 0x62);
    const created = await tus.create(
      content.length,
      { pno: world.demoPno, sid: world.scoped.ids.space.inside, filename: 'tus.bin' },
      undefined,
      FILE_UPLOAD_PATH,
    );
    expect(created.status, created.body).toBe(201);
    const location = created.headers.get('location') as string;
    await tus.interruptedPatch(location, 0, content.subarray(0, 64 * 1024), content.length);
    await healthy();
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeLessThanOrEqual(64 * 1024);
    const wrongOffset = await tus.patch(location, offset + 7, content.subarray(offset + 7));
    expect(wrongOffset.status).toBe(409);
    const wrongType = await fetch(new URL(location, `http://127.0.0.1:${port}`), {
      method: 'PATCH',
      headers: { 'tus-resumable': '1.0.0', token: await world.token('owner'), 'upload-offset': String(offset) },
      body: content.subarray(offset),
    });
    expect(wrongType.status).toBeGreaterThanOrEqual(400);
    expect(wrongType.status).toBeLessThan(500);
    const done = await tus.patch(location, offset, content.subarray(offset));
    expect(done.status, done.body).toBe(204);
    await healthy();
  });

  it('covers every endpoint that takes a body stream (prints the count)', () => {
    console.info(`body streams [${env().dialect}]: ${covered.size}/${uploads.length} endpoints`);
    expect(uploads.filter((d) => !covered.has(d.path)).map((d) => d.path)).toEqual([]);
    expect(uploads.length).toBeGreaterThanOrEqual(4);
  });

  afterAll(() => covered.clear());
});
