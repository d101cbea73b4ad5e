import type { Kysely } from 'kysely';

/**
 * The grants of the security chain (modules/security-chain README): device-function authorisations (`da/`), user
 * authorisations (`ua/`), grant pools and their white lists, each naming a function of `security_funcs` (deleting a
 * function is refused while `auth_count` counts any of them); the property's token settings; and the record of every
 * authorisation issued, refused and used. Devices, users, titles, user sets, organisation units and groups are named by
 * id without foreign keys into their owners' tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_device_auths')
    .addColumn('auth_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull().references('security_funcs.func_id'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_device_auths_target')
    .on('security_device_auths')
    .columns(['pno', 'func_id', 'target_type', 'target_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_device_auths_of_target')
    .on('security_device_auths')
    .columns(['pno', 'target_type', 'target_id'])
    .execute();
  await db.schema
    .createIndex('security_device_auths_created')
    .on('security_device_auths')
    .columns(['pno', 'sid', 'created_at', 'auth_id'])
    .execute();

  await db.schema
    .createTable('security_user_auths')
    .addColumn('auth_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull().references('security_funcs.func_id'))
    .addColumn('subject_type', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_user_auths_subject')
    .on('security_user_auths')
    .columns(['pno', 'func_id', 'subject_type', 'subject_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_user_auths_created')
    .on('security_user_auths')
    .columns(['pno', 'sid', 'created_at', 'auth_id'])
    .execute();

  await db.schema
    .createTable('security_grant_pools')
    .addColumn('pool_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull().references('security_funcs.func_id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_grant_pools_func')
    .on('security_grant_pools')
    .columns(['pno', 'func_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_grant_pools_space')
    .on('security_grant_pools')
    .columns(['pno', 'sid', 'created_at', 'pool_id'])
    .execute();

  await db.schema
    .createTable('security_white_lists')
    .addColumn('entry_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull().references('security_funcs.func_id'))
    .addColumn('member_type', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_white_lists_member')
    .on('security_white_lists')
    .columns(['pno', 'func_id', 'member_type', 'member_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_white_lists_created')
    .on('security_white_lists')
    .columns(['pno', 'sid', 'created_at', 'entry_id'])
    .execute();

  await db.schema
    .createTable('security_settings')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('token_ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('security_func_records')
    .addColumn('record_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('nonce', 'text')
    .addColumn('pool_id', 'text')
    .addColumn('response_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('not_before', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_func_records_nonce')
    .on('security_func_records')
    .columns(['pno', 'kind', 'nonce'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_func_records_space')
    .on('security_func_records')
    .columns(['pno', 'sid', 'created_at', 'record_id'])
    .execute();
  await db.schema
    .createIndex('security_func_records_device')
    .on('security_func_records')
    .columns(['pno', 'device_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('security_func_records_pool')
    .on('security_func_records')
    .columns(['pno', 'pool_id', 'created_at'])
    .execute();
}
