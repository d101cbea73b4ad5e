import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'keel-cli-'));
const main = new URL('./main.ts', import.meta.url).pathname;
const tsx = new URL('../../../node_modules/.bin/tsx', import.meta.url).pathname;

const cli = (...args: string[]) =>
  run(tsx, [main, ...args], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

// Each command starts a fresh tsx process (a few seconds each on a busy 2-core machine; over 60 s in all at load 18).
describe('main.ts commands', { timeout: 180_000 }, () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, creates an operator, seeds the demo and verifies the audit chain', async () => {
    expect((await cli('migrate')).out).toContain('0001_foundation');
    expect((await cli('migrate')).out).toContain('Up to date');
    const admin = await cli('create-admin', '--phone', '13900000111', '--password', 'Secret123');
    expect(admin).toMatchObject({ code: 0 });
    expect(admin.out).toContain('Operator created: 13900000111');
    expect((await cli('seed-demo')).out).toContain('13800000001');
    const verify = await cli('verify-audit');
    expect(verify).toMatchObject({ code: 0 });
    expect(verify.out).toContain('Audit chain intact');
  });

  it('explains bad usage and bad configuration', async () => {
    expect(await cli('create-admin', '--phone', '12')).toMatchObject({ code: 64 });
    expect((await cli('nonsense')).out).toContain('Usage: keel');
    const bad = await run(tsx, [main, 'migrate'], { env: { ...process.env, PORT: 'abc' } }).catch((e) => e);
    expect(bad.code).toBe(78);
    expect(bad.stderr).toContain('PORT');
  });
});
