import type { Kysely } from 'kysely';

/**
 * Security chain functions (modules/security-chain): the functions of a security space, each with a code unique in
 * the space, and the responses a device may give, each with a code unique in its function. The space is named by id
 * without a foreign key into modules/space's table: the module reads it through space/reads.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_funcs')
    .addColumn('func_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_funcs_code')
    .on('security_funcs')
    .columns(['pno', 'sid', 'code'])
    .unique()
    .execute();

  await db.schema
    .createTable('security_func_responses')
    .addColumn('response_id', 'text', (c) => c.primaryKey())
    .addColumn('func_id', 'text', (c) => c.notNull().references('security_funcs.func_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_func_responses_code')
    .on('security_func_responses')
    .columns(['pno', 'func_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('security_func_responses_space')
    .on('security_func_responses')
    .columns(['pno', 'sid', 'func_id'])
    .execute();
}
