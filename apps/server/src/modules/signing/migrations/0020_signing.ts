import type { Kysely } from 'kysely';

/**
 * The signing service (modules/signing): certificates with their keys sealed at rest (or held by a
 * PKCS#11 token), sign modules and their certificate relations (`cs/`) and platforms (`cp/`), permission
 * collections (`pc/`) and their groups (`pcg/`), authorisations of certificates, collections, groups and USB keys
 * to users, titles, user sets, units and USB keys, registered tokens, signing records (the audit of every
 * signature) and personal access tokens of build pipelines. Every table carries `pno` (tenant guard). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_ukeys')
    .addColumn('ukey_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('module_path', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('token_label', 'text', (c) => c.notNull())
    // The user PIN, envelope-sealed like private keys.
    .addColumn('sealed_pin', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_ukeys_token')
    .on('signing_ukeys')
    .columns(['pno', 'module_path', 'serial'])
    .unique()
    .execute();

  await db.schema
    .createTable('signing_certs')
    .addColumn('cert_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    // active | csr (a key waiting for its issued certificate)
    .addColumn('state', 'text', (c) => c.notNull())
    // soft (sealed here) | ukey (in a token) | none (a certificate only: a chain's CA)
    .addColumn('key_source', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text')
    .addColumn('ukey_id', 'text', (c) => c.references('signing_ukeys.ukey_id'))
    .addColumn('token_key_id', 'text')
    .addColumn('cert_der', 'text')
    .addColumn('csr_der', 'text')
    .addColumn('spki', 'text', (c) => c.notNull())
    .addColumn('key_type', 'text', (c) => c.notNull())
    .addColumn('key_bits', 'integer', (c) => c.notNull())
    .addColumn('curve', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    .addColumn('not_after', 'bigint', (c) => c.notNull())
    // SHA-256 of the certificate (`csr:<cert_id>` while waiting).
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('sig_alg', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_uid', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('expiry_notified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_certs_fp')
    .on('signing_certs')
    .columns(['pno', 'fingerprint'])
    .unique()
    .execute();
  await db.schema.createIndex('signing_certs_list').on('signing_certs').columns(['pno', 'created_at']).execute();
  await db.schema.createIndex('signing_certs_expiry').on('signing_certs').columns(['not_after']).execute();

  await db.schema
    .createTable('signing_modules')
    .addColumn('module_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    // raw | firmware | apk | cms
    .addColumn('sign_type', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_modules_name')
    .on('signing_modules')
    .columns(['pno', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('signing_cert_sign_rels')
    .addColumn('rel_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('signing_modules.module_id'))
    .addColumn('cert_id', 'text', (c) => c.notNull().references('signing_certs.cert_id'))
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_rels_pair')
    .on('signing_cert_sign_rels')
    .columns(['pno', 'module_id', 'cert_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('signing_cert_platforms')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('cert_id', 'text', (c) => c.notNull().references('signing_certs.cert_id'))
    .addColumn('platform_id', 'text', (c) => c.notNull().references('device_platforms.platform_id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('signing_cert_platforms_pk', ['cert_id', 'platform_id'])
    .execute();

  await db.schema
    .createTable('signing_collection_groups')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_groups_name')
    .on('signing_collection_groups')
    .columns(['pno', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('signing_collections')
    .addColumn('pc_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('sign_type', 'text', (c) => c.notNull())
    // 1: whole modules (every certificate bound to them); 2: chosen module–certificate relations
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('signing_collection_groups.group_id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_collections_name')
    .on('signing_collections')
    .columns(['pno', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('signing_collection_items')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('pc_id', 'text', (c) => c.notNull().references('signing_collections.pc_id'))
    // A module id (type 1) or a relation id (type 2).
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('signing_collection_items_pk', ['pc_id', 'item_id'])
    .execute();
  await db.schema
    .createIndex('signing_collection_items_item')
    .on('signing_collection_items')
    .columns(['pno', 'item_id'])
    .execute();

  await db.schema
    .createTable('signing_auths')
    .addColumn('auth_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    // cert | pc | pcg | ukey
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    // 1 user, 2 title, 3 user set, 4 unit (SPEC §3), 5 USB key
    .addColumn('auth_type', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_auths_pair')
    .on('signing_auths')
    .columns(['pno', 'target_kind', 'target_id', 'auth_type', 'subject_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('signing_auths_subject')
    .on('signing_auths')
    .columns(['pno', 'auth_type', 'subject_id'])
    .execute();

  await db.schema
    .createTable('signing_records')
    .addColumn('sig_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('module_id', 'text', (c) => c.notNull())
    .addColumn('module_name', 'text', (c) => c.notNull())
    .addColumn('sign_type', 'text', (c) => c.notNull())
    .addColumn('cert_id', 'text', (c) => c.notNull())
    .addColumn('cert_name', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('requester_uid', 'text', (c) => c.references('users.uid').onDelete('set null'))
    // console | pipeline | service
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text')
    .addColumn('artifact_name', 'text', (c) => c.notNull())
    .addColumn('artifact_sha256', 'text', (c) => c.notNull())
    .addColumn('artifact_size', 'bigint')
    .addColumn('output_name', 'text', (c) => c.notNull())
    .addColumn('output_sha256', 'text', (c) => c.notNull())
    .addColumn('output_size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signing_records_list').on('signing_records').columns(['pno', 'created_at']).execute();
  await db.schema
    .createIndex('signing_records_mine')
    .on('signing_records')
    .columns(['pno', 'requester_uid', 'created_at'])
    .execute();

  await db.schema
    .createTable('signing_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the token; the token itself is shown once.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signing_tokens_user').on('signing_tokens').columns(['pno', 'uid']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'signing_tokens',
    'signing_records',
    'signing_auths',
    'signing_collection_items',
    'signing_collections',
    'signing_collection_groups',
    'signing_cert_platforms',
    'signing_cert_sign_rels',
    'signing_modules',
    'signing_certs',
    'signing_ukeys',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
