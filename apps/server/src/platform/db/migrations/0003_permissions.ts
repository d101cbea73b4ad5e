import type { Kysely } from 'kysely';

/**
 * Permission sets, their assignments to administrators and the assignments' scopes; an access-control
 * version per property that invalidates cached permissions; indexes for the property lists. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('properties')
    .addColumn('acl_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('properties_name').on('properties').column('name').unique().execute();
  await db.schema.createIndex('properties_created').on('properties').columns(['created_at', 'pno']).execute();
  await db.schema.createIndex('properties_owner').on('properties').column('owner_uid').execute();
  await db.schema
    .createIndex('property_members_role')
    .on('property_members')
    .columns(['pno', 'role', 'joined_at'])
    .execute();
  await db.schema
    .createIndex('property_members_role_all')
    .on('property_members')
    .columns(['role', 'pno', 'joined_at'])
    .execute();

  await db.schema
    .createTable('permission_sets')
    .addColumn('psid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('permission_sets_name')
    .on('permission_sets')
    .columns(['pno', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('permission_sets_created')
    .on('permission_sets')
    .columns(['pno', 'created_at', 'psid'])
    .execute();
  await db.schema.createIndex('permission_sets_all').on('permission_sets').columns(['created_at', 'psid']).execute();

  await db.schema
    .createTable('permission_set_admins')
    .addColumn('psid', 'text', (c) => c.notNull().references('permission_sets.psid'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('pno', 'text', (c) => c.notNull())
    .addColumn('org_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('space_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('assigned_by', 'text')
    .addColumn('assigned_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('permission_set_admins_pk', ['psid', 'uid'])
    .execute();
  await db.schema
    .createIndex('permission_set_admins_user')
    .on('permission_set_admins')
    .columns(['pno', 'uid'])
    .execute();

  await db.schema
    .createTable('admin_scopes')
    .addColumn('psid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('pno', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_scopes_pk', ['psid', 'uid', 'kind', 'ref_id'])
    .execute();
  await db.schema.createIndex('admin_scopes_user').on('admin_scopes').columns(['pno', 'uid']).execute();
  await db.schema.createIndex('admin_scopes_ref').on('admin_scopes').columns(['pno', 'kind', 'ref_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
