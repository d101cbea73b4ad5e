import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { buildApk } from '../../test/apk-builder';
import { decideReview, pendingReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb, type Envelope } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * The app store's reviews as a state machine under generated use: one app of a developer, and a generated sequence of
 * saves (draft or submitted), withdrawals, passes and rejections of the app's information, new versions (draft or
 * submitted), their withdrawals, passes and rejections, shelf requests and their passes, and draft deletions. A model
 * says what each step must do; after every step the server's answer (done, or refused with the model's reason) and
 * the lists (each version's review, shelf state and shelf) must agree with it.
 */
const RUNS = Number(process.env.APP_REVIEW_PROPERTY_RUNS ?? 16);
const SEED = Number(process.env.APP_REVIEW_PROPERTY_SEED ?? 20_261_129);

type Op =
  | { kind: 'saveApp'; submit: 0 | 1 }
  | { kind: 'cancelApp' }
  | { kind: 'decideApp'; pass: boolean }
  | { kind: 'addVersion'; submit: 0 | 1 }
  | { kind: 'cancelVersion'; v: number }
  | { kind: 'decideVersion'; v: number; pass: boolean }
  | { kind: 'shelf'; v: number }
  | { kind: 'decideShelf'; v: number; pass: boolean }
  | { kind: 'deleteVersion'; v: number };

const flag = fc.constantFrom<0 | 1>(0, 1);
const pick = fc.integer({ min: 0, max: 3 });
/** Reviewers pass more often than they reject, so that runs reach the shelf. */
const verdict = fc.constantFrom(true, true, false);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('saveApp' as const), submit: flag }),
  fc.record({ kind: fc.constant('cancelApp' as const) }),
  fc.record({ kind: fc.constant('decideApp' as const), pass: verdict }),
  fc.record({ kind: fc.constant('addVersion' as const), submit: flag }),
  fc.record({ kind: fc.constant('cancelVersion' as const), v: pick }),
  fc.record({ kind: fc.constant('decideVersion' as const), v: pick, pass: verdict }),
  fc.record({ kind: fc.constant('shelf' as const), v: pick }),
  fc.record({ kind: fc.constant('shelf' as const), v: pick }),
  fc.record({ kind: fc.constant('decideShelf' as const), v: pick, pass: verdict }),
  fc.record({ kind: fc.constant('decideShelf' as const), v: pick, pass: verdict }),
  fc.record({ kind: fc.constant('deleteVersion' as const), v: pick }),
);

interface ModelVersion {
  id: string;
  status: number;
  shelf: number;
  published: 0 | 1;
}

describeEachDb('app store reviews under generated use', (env) => {
  let fx: DeviceFixture;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
  });

  const upload = async (packageName: string, versionCode: number) => {
    const path = buildApk({ packageName, versionCode, versionName: `${versionCode}.0` });
    const { body, contentType } = multipart('app.apk', await readFile(path));
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/ai/uploadAppFile?kind=apk',
      headers: { token: fx.member.token, pno: fx.demo, 'content-type': contentType, 'accept-language': 'en' },
      payload: body,
    });
    const json = res.json() as Envelope;
    expect(json.status, json.msg).toBe(0);
    return json.data.fid as string;
  };
  it('keeps every review, shelf request and deletion to the model, refusing with its reason', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: reviews under generated use', tools);
    // What the runs reached, so that the test cannot pass without reaching the shelf.
    const reached = { published: 0, shelfRejected: 0, deleted: 0, appRefusedShelf: 0 };
    // Half the runs start from a passed app with a passed version (the way to the shelf), then go anywhere.
    const happy: Op[] = [
      { kind: 'saveApp', submit: 1 },
      { kind: 'decideApp', pass: true },
      { kind: 'addVersion', submit: 1 },
      { kind: 'decideVersion', v: 0, pass: true },
    ];
    const scenarios = fc.sample(fc.tuple(fc.boolean(), fc.array(op, { minLength: 6, maxLength: 14 })), {
      seed: SEED,
      numRuns: RUNS,
    });
    for (const [run, [start, rest]] of scenarios.entries()) {
      const ops = start ? [...happy, ...rest] : rest;
      const packageName = `com.property.r${run}${env().dialect}`;
      const listing = [{ language: 'en', appName: `Run ${run}` }];
      const app = await fx.ok('ai/saveAppInfoByUser', { packageName, languageList: listing }, fx.member);
      let appStatus = 0;
      const versions: ModelVersion[] = [];
      let nextCode = 1;
      const trail: string[] = [];
      for (const step of ops) {
        trail.push(JSON.stringify(step));
        const where = `run ${run}: ${trail.join(' → ')}`;
        const v = 'v' in step ? versions[step.v % Math.max(1, versions.length)] : undefined;
        switch (step.kind) {
          case 'saveApp': {
            const res = await fx.call(
              'ai/saveAppInfoByUser',
              { appId: app.appId, packageName, languageList: listing, submit: step.submit },
              fx.member,
            );
            if (appStatus === 1) expect(res.msg, where).toContain('under review');
            else {
              expect(res.status, `${where}: ${res.msg}`).toBe(0);
              appStatus = step.submit === 1 ? 1 : 0;
            }
            break;
          }
          case 'cancelApp': {
            const res = await fx.call('ai/cancelAuditingAppInfoByUser', { appId: app.appId }, fx.member);
            if (appStatus === 1) {
              expect(res.status, `${where}: ${res.msg}`).toBe(0);
              appStatus = 0;
            } else expect(res.msg, where).toBe('It is not under review');
            break;
          }
          case 'decideApp':
            if (appStatus !== 1) {
              expect(await pendingReview(fx, 'app', app.appId), where).toBeUndefined();
              break;
            }
            await decideReview(fx, 'app', app.appId, step.pass ? undefined : 'no');
            appStatus = step.pass ? 2 : 3;
            break;
          case 'addVersion': {
            if (versions.length >= 4) break;
            const fid = await upload(packageName, nextCode);
            nextCode += 1;
            const saved = await fx.ok(
              'av/saveAppVerInfoByUser',
              { appId: app.appId, fid, submit: step.submit },
              fx.member,
            );
            versions.push({ id: saved.appVersionId, status: step.submit === 1 ? 1 : 0, shelf: 0, published: 0 });
            break;
          }
          case 'cancelVersion': {
            if (!v) break;
            const res = await fx.call('av/cancelAuditingAppVerInfoByUser', { appVersionId: v.id }, fx.member);
            if (v.shelf === 1) v.shelf = 0;
            else if (v.status === 1) v.status = 0;
            else {
              expect(res.msg, where).toBe('It is not under review');
              break;
            }
            expect(res.status, `${where}: ${res.msg}`).toBe(0);
            break;
          }
          case 'decideVersion':
            if (!v) break;
            if (v.status !== 1) {
              expect(await pendingReview(fx, 'appVersion', v.id), where).toBeUndefined();
              break;
            }
            await decideReview(fx, 'appVersion', v.id, step.pass ? undefined : 'no');
            v.status = step.pass ? 2 : 3;
            break;
          case 'shelf': {
            if (!v) break;
            const res = await fx.call('av/putOnShelfByUser', { appId: app.appId, appVersionId: v.id }, fx.member);
            if (v.status !== 2) expect(res.msg, where).toContain('version has not passed review');
            else if (appStatus !== 2) {
              expect(res.msg, where).toContain("app's information has not passed review");
              reached.appRefusedShelf += 1;
            } else if (v.published === 1 || v.shelf === 1 || v.shelf === 2) {
              expect(res.msg, where).toBe('The version is on the shelf or on its way there');
            } else {
              expect(res.status, `${where}: ${res.msg}`).toBe(0);
              v.shelf = 1;
            }
            break;
          }
          case 'decideShelf':
            if (!v) break;
            if (v.shelf !== 1) {
              expect(await pendingReview(fx, 'appShelf', v.id), where).toBeUndefined();
              break;
            }
            await decideReview(fx, 'appShelf', v.id, step.pass ? undefined : 'no');
            if (step.pass) {
              v.shelf = 0;
              v.published = 1;
              reached.published += 1;
            } else {
              v.shelf = 3;
              reached.shelfRejected += 1;
            }
            break;
          case 'deleteVersion': {
            if (!v) break;
            const res = await fx.call('av/deleteAppVerInfoDraftByUser', { appVersionId: v.id }, fx.member);
            if (v.status === 0) {
              expect(res.data, `${where}: ${res.msg}`).toEqual({ deleted: 1 });
              versions.splice(versions.indexOf(v), 1);
              reached.deleted += 1;
            } else expect(res.msg, where).toBe('Only drafts can be deleted');
            break;
          }
        }
        // The lists agree with the model.
        const listed = await fx.ok('ai/getAppInfoListByUser', { appId: app.appId }, fx.member);
        expect(listed.list[0]?.auditStatus, where).toBe(appStatus);
        const shown = await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId, pageSize: 10 }, fx.member);
        const byId = new Map(
          shown.list.map((x: { appVersionId: string; auditStatus: number; shelfStatus: number; published: number }) => [
            x.appVersionId,
            [x.auditStatus, x.shelfStatus, x.published],
          ]),
        );
        expect(byId.size, where).toBe(versions.length);
        for (const mv of versions) expect(byId.get(mv.id), where).toEqual([mv.status, mv.shelf, mv.published]);
        expect(listed.list[0]?.published, where).toBe(versions.some((x) => x.published === 1) ? 1 : 0);
      }
    }
    console.info(`app reviews [${env().dialect}]: ${RUNS} runs reached ${JSON.stringify(reached)}`);
    for (const [what, n] of Object.entries(reached)) expect(n, `no run reached ${what}`).toBeGreaterThan(0);
  }, 300_000);
});
