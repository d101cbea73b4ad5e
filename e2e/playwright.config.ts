import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { SOFTHSM_LIB, softHsmConf } from '../apps/server/src/test/softhsm';

/**
 * The end-to-end suite drives Debian's Chromium against the real server (built console, SQLite in a fresh
 * data directory, demo seed). Workers inherit the runner's environment, so the data directory is made once.
 */
if (!process.env.KEEL_E2E_DATA_DIR) process.env.KEEL_E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'keel-e2e-'));
const dataDir = process.env.KEEL_E2E_DATA_DIR;
const port = Number(process.env.KEEL_E2E_PORT ?? 3210);
const root = resolve(import.meta.dirname, '..');
const main = 'npx tsx apps/server/src/main.ts';
// The server's SoftHSM2 (USB-key spec): its own token folder in the data directory; specs initialise tokens there
// (test/softhsm.ts) and the registration dialog's slot list rescans the module.
const softHsm: Record<string, string> = existsSync(SOFTHSM_LIB)
  ? { SIGNING_PKCS11_MODULES: SOFTHSM_LIB, SOFTHSM2_CONF: softHsmConf(join(dataDir, 'softhsm')) }
  : {};

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 2,
  // The same patience everywhere: a contributor's `npm test` runs on machines as busy as CI's (a 2-core machine
  // running the server, two browsers and the build was seen drawing home 12 s after the sign-in answered). Tests wait
  // on what the page shows; one retry, whose trace is kept, tells a fault from a machine that was too busy.
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    // As a reader who asked for less motion (the console then turns antd's motion off, main.tsx): no
    // dialog or drawer animates before it can be used.
    reducedMotion: 'reduce',
    // Recording a trace (a screencast of every frame, DOM snapshots at every step) for each test doubled the CPU a
    // test cost on 2 cores (the browser and its GPU process encoding frames), which made a loaded machine slower
    // still: a trace is kept from the retry of a failed test only.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `${main} seed-demo && ${main} start`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PHONE: '13800000000',
      ADMIN_PASSWORD: 'Operator123',
      OUTBOX_DRIVER: 'log',
      LOG_LEVEL: 'warn',
      ...softHsm,
      // Every test signs in from 127.0.0.1, and the suite signs in more often than 30 times a minute.
      SIGN_IN_PER_ADDRESS: '600',
      SIGN_IN_PER_ACCOUNT: '100',
      // The rollout engine every second (5 s by default): firmware-live.spec.ts watches a staged rollout to its end.
      FIRMWARE_TASK_TICK_MS: '1000',
    },
  },
});
