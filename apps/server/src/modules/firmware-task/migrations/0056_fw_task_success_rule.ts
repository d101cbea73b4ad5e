import type { Kysely } from 'kysely';

/**
 * Success without a version report (modules/firmware-task README "Success rules"): each task's `success_rule`
 * (`versionReport`: a device succeeds when it reports the new version; `clientReport`: when the client reports
 * success, as hawkBit does) — every task before this migration waited for the version —, each task device's
 * `success_by` (what decided its success: `version`, `artifactName`, `clientReport`, `noVersion`; null until it
 * succeeds), and the property's default rule for tasks that do not name one (`fw_task_settings`, one row per
 * property; none: `versionReport`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fw_tasks')
    .addColumn('success_rule', 'text', (c) => c.notNull().defaultTo('versionReport'))
    .execute();
  await db.schema.alterTable('fw_task_devices').addColumn('success_by', 'text').execute();
  await db.schema
    .createTable('fw_task_settings')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    .addColumn('success_rule', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fw_task_settings').execute();
  await db.schema.alterTable('fw_task_devices').dropColumn('success_by').execute();
  await db.schema.alterTable('fw_tasks').dropColumn('success_rule').execute();
}
