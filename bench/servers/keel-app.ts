// Keel as `npm start` runs it (every global hook and plugin: the security headers, error handler, content-type
// parser, WebSocket plugin, swagger, the /api contract mount), on a fresh SQLite database in the BENCH_DATA_DIR it
// is given, with the demo data seeded. The console (WEB_DIST) is not served, so that results do not depend on
// whether apps/web was built; it adds no hook on the paths measured. Used by servers/keel.ts and tenancy.ts.
import { buildApp } from '@keel/server/app';
import { loadConfig } from '@keel/server/platform/config';
import { seedDemo } from '@keel/server/seed/demo';
import { onShutdown, ready } from './ipc';

export type KeelApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds and seeds Keel, runs `prepare` (more data, say) before it listens, then listens on a free port of
 * 127.0.0.1 and tells the parent (servers/ipc.ts). `env` adds configuration (say `DEVICE_POLL_SLEEP`).
 */
export async function serveKeel(
  prepare?: (app: KeelApp) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'BenchOperator1',
    // The production logger, at a level where nothing is printed per request (there are no per-request lines
    // at any level; see app.ts), so that the bench output stays readable.
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    HOST: '127.0.0.1',
    PORT: '0',
    // As `npm start` runs: no output-schema check per answer.
    NODE_ENV: 'production',
    ...env,
  });
  const app = await buildApp(config);
  await seedDemo(app.keel);
  await prepare?.(app);
  const address = await app.listen({ port: config.port, host: config.host });
  onShutdown(() => app.close());
  ready({ url: address });
}
