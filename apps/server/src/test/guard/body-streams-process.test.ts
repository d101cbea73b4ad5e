import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { running, startChild, stopAll } from '../child-process';
import { hostileBodies, sendOnSocket } from './hostile-bodies';

/**
 * A real server process sent every hostile body on every endpoint that takes a body stream, with ids its handler
 * refuses before it reads the body (the report: `sign/signUpload?moduleId=nosuch&certId=nosuch` and a body that ends
 * without its closing boundary answered "not found" and then ended the process): after each, the process still runs
 * and serves. SQLite only: what is tested is the process, not the database (body-streams.test.ts runs both).
 */
const uploads = (Object.values(endpoints) as Endpoint[]).filter((d) => d.upload);
const refused: Record<string, string> = {
  'fis/fi/uploadFile': 'sid=nosuch',
  'f/uploadFile': 'sid=nosuch',
  'sign/signUpload': 'moduleId=nosuch&certId=nosuch',
  'sign/pipelineSign': 'moduleId=nosuch&certId=nosuch',
  // Nothing to refuse by id: an APK, so that the handler reads the hostile body itself.
  'ai/uploadAppFile': 'kind=apk',
};

describe('a server process sent hostile bodies', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-bodies-'));
  let server: ReturnType<typeof startChild>;
  let world: { port: number; pno: string; token: string; pat: string };

  beforeAll(async () => {
    server = startChild('server-child.ts', [], { DATA_DIR: dataDir });
    world = JSON.parse(await server.next());
  });
  afterAll(() => {
    stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running and serving after each', async () => {
    for (const def of uploads) {
      expect(refused[def.path], `${def.path} has no refused ids here`).toBeDefined();
      const headers: Record<string, string> =
        def.path === 'sign/pipelineSign'
          ? { authorization: `Bearer ${world.pat}` }
          : { token: world.token, pno: world.pno };
      for (const body of hostileBodies(def.upload?.maxBytes ?? 0)) {
        const reply = await sendOnSocket(world.port, {
          path: `/api/${def.path}?${refused[def.path]}`,
          headers: { ...headers, 'content-type': body.contentType },
          body: body.body,
          announced: body.announced,
          abort: body.answer === 'dropped',
        });
        const what = `${def.path}: ${body.name}`;
        if (reply.http !== null) expect(reply.http, `${what}: ${reply.body}`).toBeLessThan(500);
        // What ended the process came a moment after the answer: the next request finds out.
        const health = await fetch(`http://127.0.0.1:${world.port}/healthz`).catch(() => null);
        expect(health?.status, `${what}: the server stopped answering`).toBe(200);
        expect(running(server.proc), `${what}: the server process ended`).toBe(true);
      }
    }
  });
});
