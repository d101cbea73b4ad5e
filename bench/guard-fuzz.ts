// The guard suite's input property (apps/server/src/test/guard), run much longer than CI does and with a random
// seed: every endpoint of the contract, inputs generated from its schema, valid and mutated, each to be answered
// with a translated business answer or success, never a 5xx. On a fresh SQLite database (DATABASE_URL for
// PostgreSQL). Prints the seed first; replay a failure with GUARD_SEED=<seed>. GUARD_RUNS sets the runs per
// endpoint and caller (default 500).
//
//   npm run bench:fuzz -w @keel/bench
//   GUARD_SEED=123 GUARD_RUNS=2000 npm run bench:fuzz -w @keel/bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { buildApp } from '@keel/server/app';
import { loadConfig } from '@keel/server/platform/config';
import { fuzzEndpoint } from '@keel/server/test/guard/fuzz';
import { buildWorld } from '@keel/server/test/guard/world';

const seed = Number(process.env.GUARD_SEED ?? Math.floor(Math.random() * 2 ** 31));
const numRuns = Number(process.env.GUARD_RUNS ?? 500);
console.log(`guard fuzz: seed ${seed}, ${numRuns} runs per endpoint and caller`);

const dataDir = mkdtempSync(join(tmpdir(), 'keel-fuzz-'));
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'FuzzOperator1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  }),
  { logger: false },
);
const world = await buildWorld(app);
const failures: string[] = [];
const started = Date.now();
for (const def of Object.values(endpoints) as Endpoint[]) {
  const t = Date.now();
  try {
    await fuzzEndpoint(app, world, def, { seed, numRuns });
    console.log(`  ok   ${def.path} (${Date.now() - t} ms)`);
  } catch (error) {
    failures.push(def.path);
    console.log(`  FAIL ${def.path}\n${String((error as Error).message).replace(/^/gm, '       ')}`);
  }
}
const health = await app.inject({ method: 'GET', url: '/healthz' });
await app.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `guard fuzz: ${Object.keys(endpoints).length - failures.length}/${Object.keys(endpoints).length} endpoints held, ` +
    `seed ${seed}, ${Math.round((Date.now() - started) / 1000)} s, server ${health.statusCode === 200 ? 'up' : 'DOWN'}`,
);
if (failures.length > 0 || health.statusCode !== 200) process.exit(1);
