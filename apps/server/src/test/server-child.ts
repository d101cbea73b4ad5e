/**
 * A Keel server with the demo data, listening on a free port, for tests that need a process of its own (one a
 * request could end). Configured from the environment (DATA_DIR); prints one JSON line once it listens: `port`,
 * the demo property `pno`, a session `token` of its owner and a personal access token `pat` of theirs.
 */
import { DEMO_OWNER_PHONE, seedDemo } from '../seed/demo';
import { childApp } from './child-app';

const app = await childApp();
await seedDemo(app.keel);
const owner = await app.keel.db
  .selectFrom('users')
  .select('uid')
  .where('phone', '=', DEMO_OWNER_PHONE)
  .executeTakeFirstOrThrow();
const { pno } = await app.keel.db
  .selectFrom('properties')
  .select('pno')
  .where('name', '=', '演示物业')
  .executeTakeFirstOrThrow();
const token = await app.keel.sessions.issue(owner.uid);
const made = await app.inject({
  method: 'POST',
  url: '/api/pat/addToken',
  headers: { token, pno },
  payload: { name: 'child', days: 1 },
});
const pat = (made.json() as { data: { token: string } }).data.token;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ port: address.port, pno, token, pat })}\n`);
