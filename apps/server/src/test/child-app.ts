import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { ensureFirstOperator } from '../seed/operator';

/**
 * The app of a test's child process (child-process.ts): configured from the environment (DATA_DIR, DATABASE_URL),
 * silent, on a free local port once listened, with the platform operator 13800000000 / Operator123.
 */
export async function childApp() {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: 'Operator123',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const app = await buildApp(config, { logger: false });
  await ensureFirstOperator(app.keel);
  return app;
}
