import type { Kysely } from 'kysely';

/**
 * A property's installers of one format (the APT repository lists its `.deb` installers on every request for its
 * index, README "The APT repository"): `pno` and `format` lead, so the list reads those rows instead of scanning every
 * installer of the property.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('soft_installers_format')
    .on('soft_installers')
    .columns(['pno', 'format', 'installer_id'])
    .execute();
}
