import type { Kysely } from 'kysely';

/**
 * The property directory: titles, user sets and customers, each a named group of the property's
 * members. `name_key` is the name folded for uniqueness (trimmed, lower-case), unique per property. Membership
 * rows carry `pno` too, so that every query filters by tenant. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    { table: 'titles', id: 'tid', members: 'title_users' },
    { table: 'user_sets', id: 'usid', members: 'user_set_users' },
  ] as const) {
    await db.schema
      .createTable(t.table)
      .addColumn(t.id, 'text', (c) => c.primaryKey())
      .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'text', (c) => c.references('users.uid'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${t.table}_name`).on(t.table).columns(['pno', 'name_key']).unique().execute();
    await db.schema.createIndex(`${t.table}_created`).on(t.table).columns(['pno', 'created_at', t.id]).execute();
    // The back office lists every property's groups newest first.
    await db.schema.createIndex(`${t.table}_created_all`).on(t.table).columns(['created_at', t.id]).execute();
    await membersTable(db, t.members, t.id, t.table);
  }

  await db.schema
    .createTable('customers')
    .addColumn('cid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    // NULL when the customer has no code; unique per property otherwise (NULLs never collide).
    .addColumn('code_key', 'text')
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_name').on('customers').columns(['pno', 'name_key']).unique().execute();
  await db.schema.createIndex('customers_code').on('customers').columns(['pno', 'code_key']).unique().execute();
  await db.schema.createIndex('customers_created').on('customers').columns(['pno', 'created_at', 'cid']).execute();
  await membersTable(db, 'customer_users', 'cid', 'customers');
}

/** `(pno, <group id>, uid, added_at)`: one row per membership; the user's own memberships are found by (pno, uid). */
async function membersTable(db: Kysely<unknown>, table: string, groupId: string, groupTable: string) {
  await db.schema
    .createTable(table)
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn(groupId, 'text', (c) => c.notNull().references(`${groupTable}.${groupId}`))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('added_by', 'text', (c) => c.references('users.uid'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, [groupId, 'uid'])
    .execute();
  // The member list (tenant, group; newest first, ties by uid) and its count, read straight off the index.
  await db.schema.createIndex(`${table}_added`).on(table).columns(['pno', groupId, 'added_at', 'uid']).execute();
  await db.schema.createIndex(`${table}_uid`).on(table).columns(['pno', 'uid']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
