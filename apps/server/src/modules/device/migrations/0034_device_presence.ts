import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * When each device was first and last seen, and from where, move from `devices` (about
 * 30 columns) to a narrow table of their own, `device_presence`, one row per device that was ever seen. The device
 * API's sightings flush (modules/device runtime.ts) writes thousands of them a minute to random devices: in the wide
 * table each one dirtied a page of its own (a 4 KiB WAL frame on SQLite, a new version of the whole row on
 * PostgreSQL); about a hundred presence rows fit in a page, so a flush sorted by device id writes several per page
 * and PostgreSQL rewrites a 60-byte row.
 *
 * Keyed by `device_id` (unique on the platform), WITHOUT ROWID on SQLite so that the row lives in the key's own
 * B-tree (one tree to write, not a table and its key index). The columns are moved, not copied: `devices` loses
 * `first_seen_at`, `last_seen_at` and `last_address`, so that nothing can read a stale copy. A device's row goes
 * with it (`on delete cascade`). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('device_presence')
    .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.device_id').onDelete('cascade'))
    .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('last_address', 'text')
    .$call((b) => (sqlite ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
  await sql`
    insert into device_presence (device_id, first_seen_at, last_seen_at, last_address)
    select device_id, coalesce(first_seen_at, last_seen_at), last_seen_at, last_address
    from devices where last_seen_at is not null`.execute(db);
  for (const column of ['first_seen_at', 'last_seen_at', 'last_address'])
    await db.schema.alterTable('devices').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('first_seen_at', 'bigint').execute();
  await db.schema.alterTable('devices').addColumn('last_seen_at', 'bigint').execute();
  await db.schema.alterTable('devices').addColumn('last_address', 'text').execute();
  await sql`
    update devices set
      first_seen_at = (select p.first_seen_at from device_presence p where p.device_id = devices.device_id),
      last_seen_at = (select p.last_seen_at from device_presence p where p.device_id = devices.device_id),
      last_address = (select p.last_address from device_presence p where p.device_id = devices.device_id)`.execute(db);
  await db.schema.dropTable('device_presence').execute();
}
