import { defineConfig } from 'vitest/config';

/** Two projects: `unit` (contract, web, tools) and `api` (server integration against real databases). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'tools/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Rendering tests (happy-dom, antd) took over 5 s on a machine at load 17: give them room.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/device-sim/src/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share its module graph: each file imported the whole server afresh (about 3 s a
          // file, 78 files), a third of the suite's time. Each suite builds its own app on its own database
          // (test/harness.ts), no test mocks a module or changes the environment, so nothing else is shared.
          isolate: false,
          // Two files at once (vitest's default on 2 cores is one): each suite has a database of its own, and the
          // suite takes about half the time (388 → 188 s here). PostgreSQL schemas are created, migrated and
          // dropped under an advisory lock (test/harness.ts `schemaLock`), since a migration reads every schema.
          maxWorkers: 2,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
