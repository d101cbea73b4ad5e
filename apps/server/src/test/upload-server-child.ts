/**
 * A Keel server with a tus upload mount, for the kill test (platform/storage/kill.test.ts). Configured from the
 * environment (DATA_DIR, DATABASE_URL); prints one JSON line `{ port, token }` (a session of the platform operator)
 * once it listens, and `{ done, sha256 }` for each finished upload.
 */

import { mountUploads } from '../platform/storage/uploads';
import { childApp } from './child-app';

const app = await childApp();
const operator = await app.keel.db
  .selectFrom('users')
  .select('uid')
  .where('is_operator', '=', 1)
  .executeTakeFirstOrThrow();
await mountUploads(app, app.keel, {
  path: '/api/uploads/test',
  maxSize: 64 * 1024 * 1024,
  onCreate: async () => null,
  async onComplete({ id, blob }) {
    await app.keel.blobs.addRef(blob.sha256, `test-file:${id}`);
    process.stdout.write(`${JSON.stringify({ done: id, sha256: blob.sha256 })}\n`);
    return undefined;
  },
  onAbandon: async () => {},
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
const token = await app.keel.sessions.issue(operator.uid);
process.stdout.write(`${JSON.stringify({ port: address.port, token })}\n`);
