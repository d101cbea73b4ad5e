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
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
