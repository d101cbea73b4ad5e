import type { Db } from '../db/connect';

/**
 * The installation's shared secrets (`server_keys`): one row per name, created by whichever instance comes first,
 * so that every instance signs and decrypts with the same key.
 */

/** The secret called `name`; when there is none yet, `fresh()` is stored (another instance's, if it won the race). */
export async function serverSecret(db: Db, name: string, fresh: () => string, now: number): Promise<string> {
  const found = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('server_keys')
    .values({ name, value: fresh(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Whether the database answers a read of a table the migrations created (the readiness probe); throws if not. */
export async function checkDatabaseReady(db: Db): Promise<void> {
  await db.selectFrom('server_keys').select('name').limit(1).execute();
}
