import type { Kysely } from 'kysely';

/**
 * Privileged users of the security chain (modules/security-chain): a member of the property who may operate any
 * function of a security space, within an optional window, one privilege per member and space. The member and the
 * space are named by id without foreign keys into their owners' tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_privileged_users')
    .addColumn('privilege_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_privileged_users_member')
    .on('security_privileged_users')
    .columns(['pno', 'sid', 'uid'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_privileged_users_created')
    .on('security_privileged_users')
    .columns(['pno', 'sid', 'created_at', 'privilege_id'])
    .execute();
}
