import type { Kysely } from 'kysely';

/**
 * Spaces (modules/space): a space of one property and business with a quota; its quota changes; its group
 * tree; quota reservations of uploads under way; applications for spaces. Every table carries `pno` (tenant guard).
 * Sizes are bytes in bigint columns. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spaces')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    // `name` folded (platform/db/sql-helpers nameKey); unique per property.
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.references('users.uid'))
    .addColumn('quota_bytes', 'bigint', (c) => c.notNull())
    .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    // The sum of the live rows of space_reservations: kept here so that a reservation is one conditional update.
    .addColumn('reserved_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spaces_name').on('spaces').columns(['pno', 'name_key']).unique().execute();
  // Lists: the property's spaces newest first (and its count), a member's own, filtered by business or category.
  await db.schema.createIndex('spaces_created').on('spaces').columns(['pno', 'created_at', 'sid']).execute();
  await db.schema.createIndex('spaces_owner').on('spaces').columns(['pno', 'uid', 'created_at', 'sid']).execute();
  await db.schema
    .createIndex('spaces_business')
    .on('spaces')
    .columns(['pno', 'business', 'created_at', 'sid'])
    .execute();
  await db.schema
    .createIndex('spaces_category')
    .on('spaces')
    .columns(['pno', 'category', 'created_at', 'sid'])
    .execute();
  // The back office lists every property's spaces newest first.
  await db.schema.createIndex('spaces_created_all').on('spaces').columns(['created_at', 'sid']).execute();

  await db.schema
    .createTable('space_quota_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull().references('spaces.sid'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('old_quota', 'bigint', (c) => c.notNull())
    .addColumn('new_quota', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_uid', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('space_quota_records_sid')
    .on('space_quota_records')
    .columns(['pno', 'sid', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('space_groups')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull().references('spaces.sid'))
    // The parent group; the sid for top-level groups (the space is the root).
    .addColumn('pid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('space_groups_name')
    .on('space_groups')
    .columns(['pno', 'sid', 'pid', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('space_reservations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull().references('spaces.sid'))
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Past it the reservation is given back (an upload that died without saying so).
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('space_reservations_expiry')
    .on('space_reservations')
    .columns(['pno', 'sid', 'expires_at'])
    .execute();

  await db.schema
    .createTable('space_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quota_bytes', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reviewer_uid', 'text', (c) => c.references('users.uid'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sid', 'text', (c) => c.references('spaces.sid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('space_applications_status')
    .on('space_applications')
    .columns(['pno', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('space_applications_uid')
    .on('space_applications')
    .columns(['pno', 'uid', 'created_at', 'id'])
    .execute();
  // The back office's review list across properties.
  await db.schema
    .createIndex('space_applications_all')
    .on('space_applications')
    .columns(['status', 'created_at', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
