import { type Kysely, sql } from 'kysely';

/**
 * Personal access tokens leave the signing module: they are a credential kind of the platform, as sessions are
 * (platform/auth/access-tokens.ts), checked by the same access layer (business, permission) as a session. The
 * table and its index are renamed; the rows stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('signing_tokens_user').execute();
  await sql`alter table signing_tokens rename to access_tokens`.execute(db);
  await db.schema.createIndex('access_tokens_user').on('access_tokens').columns(['pno', 'uid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('access_tokens_user').execute();
  await sql`alter table access_tokens rename to signing_tokens`.execute(db);
  await db.schema.createIndex('signing_tokens_user').on('signing_tokens').columns(['pno', 'uid']).execute();
}
