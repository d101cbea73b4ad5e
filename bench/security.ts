import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SecurityAlgorithm } from '@keel/contract/endpoints/security-settings';
import { buildApp } from '@keel/server/app';
import type { Caller } from '@keel/server/modules/security-chain/caller';
import { decide } from '@keel/server/modules/security-chain/decision';
import { issueFuncToken } from '@keel/server/modules/security-chain/issue';
import { signSecurityToken } from '@keel/server/modules/signing/reads';
import { loadConfig } from '@keel/server/platform/config';
import { propertyTenant } from '@keel/server/platform/tenancy/tenant';
import { seedDemo } from '@keel/server/seed/demo';
import { type Envelope, getJson, signIn } from './keel-client';

/**
 * Short-lived function authorisations per CPU second on one core (modules/security-chain README "The decision", "The
 * proof a device checks"): `issueFuncToken` — the decision (a member holding the function through a user and a device
 * authorisation, drawing from a pool), the signed token and its record — with ES256 and with SM2, against the bare
 * decision (`decide`, drawing nothing) measured in the same run; and the signature alone (`signSecurityToken`), whose
 * share of an issue it gives. Keel built as `npm start` builds it, on a fresh SQLite database with the demo data.
 * Target: ≥ 1000 issues per second with ES256. `npm run bench:security -w @keel/bench`.
 */

const dir = mkdtempSync(join(tmpdir(), 'keel-bench-security-'));
const config = loadConfig({
  DATA_DIR: dir,
  ADMIN_PASSWORD: 'BenchOperator1',
  LOG_LEVEL: 'warn',
  WEB_DIST: '/nonexistent',
  HOST: '127.0.0.1',
  PORT: '0',
  NODE_ENV: 'production',
});
const app = await buildApp(config);
const s = app.keel;
await seedDemo(s);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const { token, pno } = await signIn(base, '演示物业');

/** A console call as the demo owner; its `data`, or the bench stops. */
async function call<T>(path: string, input: Record<string, unknown>): Promise<T> {
  const res = await getJson<Envelope<T>>(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, pno, 'accept-language': 'en' },
    body: JSON.stringify(input),
  });
  if (res.status !== 0) throw new Error(`${path}: ${res.status} ${res.msg}`);
  return res.data;
}

const t = propertyTenant(pno);
const member = await s.db
  .selectFrom('users')
  .select('uid')
  .where('phone', '=', '13800000002')
  .executeTakeFirstOrThrow();
const device = { device_id: 'bench-security-1' };
await call('di/registerDevice', { deviceId: device.device_id });
const { sid } = await call<{ sid: string }>('space/addSpace', {
  name: 'Bench security',
  business: 'security',
  category: 'terminal',
  quota: 1 << 20,
});
const { funcId } = await call<{ funcId: string }>('func/saveFunc', {
  sid,
  code: 'debug.adb',
  nameZh: '调试口',
  nameEn: 'Debug port',
  risk: 'high',
});
await call('ua/addUserAuth', { sid, funcId, subjectType: 1, subjectIdList: [member.uid] });
await call('da/addDeviceFuncAuth', { sid, funcId, targetType: 'device', deviceIdList: [device.device_id] });
await call('grantPool/saveGrantPool', { sid, funcId, period: 'total', quota: 1_000_000 });
const caller: Caller = { t, uid: member.uid, locale: 'en', reach: () => null };
const input = { deviceId: device.device_id, funcId };

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Calls per CPU second of `op`, best of three rounds of about a CPU second each (after a warm-up). */
async function rate(op: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 100; i++) await op();
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let n = 0;
    const start = cpuSeconds();
    while (cpuSeconds() - start < 1) {
      for (let i = 0; i < 20; i++) await op();
      n += 20;
    }
    best = Math.max(best, n / (cpuSeconds() - start));
  }
  return best;
}

const setAlgorithm = (algorithm: SecurityAlgorithm) =>
  call('security/saveSecuritySetting', { algorithm, tokenTtlSeconds: 300 });

const decision = await rate(async () => {
  const d = await decide(s, t, { uid: member.uid, funcId, deviceId: device.device_id, now: Date.now(), draw: false });
  if (!d.allowed) throw new Error(`the decision refused: ${d.reason}`);
});
const signingInput = Buffer.from(`${'e'.repeat(80)}.${'p'.repeat(300)}`);
const rows: { alg: SecurityAlgorithm; issues: number; signatures: number }[] = [];
for (const alg of ['ES256', 'SM2SM3'] as const) {
  await setAlgorithm(alg);
  const issues = await rate(() => issueFuncToken(s, caller, input));
  const signatures = await rate(() => signSecurityToken(s, t, alg, signingInput));
  rows.push({ alg, issues, signatures });
}

const fmt = (n: number) => n.toFixed(0);
const pct = (r: number) => `${(r * 100).toFixed(0)} %`;
console.log(`node ${process.version} (OpenSSL ${process.versions.openssl}); SQLite; per CPU second (user + system)`);
/** CPU time per call (µs) at a rate per CPU second. */
const cpu = (rate: number) => `${(1e6 / rate).toFixed(0)} µs`;
console.log(`bare decision (baseline, drawing nothing): ${fmt(decision)}/s, ${cpu(decision)} CPU each`);
console.log('algorithm  issues/s  CPU/issue  target      signatures/s  signature share  issues / bare decision');
for (const r of rows) {
  const target = r.alg === 'ES256' ? (r.issues >= 1000 ? '≥ 1000 PASS' : '≥ 1000 FAIL') : '—';
  console.log(
    `${r.alg.padEnd(9)}  ${fmt(r.issues).padStart(8)}  ${cpu(r.issues).padStart(9)}  ${target.padEnd(10)}  ${fmt(r.signatures).padStart(12)}  ${pct(r.issues / r.signatures).padStart(15)}  ${pct(r.issues / decision).padStart(22)}`,
  );
}
await app.close();
rmSync(dir, { recursive: true, force: true });
