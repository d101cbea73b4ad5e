import { type Kysely, sql } from 'kysely';

/**
 * The commands module takes its name from the glossary (`command`, no longer `directive`): its table `fw_commands`
 * becomes `commands` (with its index; the rows stay), and its expiry jobs still waiting are renamed with it
 * (`directive.expire` → `command.expire`, their dedupe keys too), so the new name's worker runs them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fw_commands_created').execute();
  await sql`alter table fw_commands rename to commands`.execute(db);
  await db.schema.createIndex('commands_created').on('commands').columns(['pno', 'created_at', 'cmd_id']).execute();
  await renameJobs(db, 'directive.expire', 'command.expire');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameJobs(db, 'command.expire', 'directive.expire');
  await db.schema.dropIndex('commands_created').execute();
  await sql`alter table commands rename to fw_commands`.execute(db);
  await db.schema
    .createIndex('fw_commands_created')
    .on('fw_commands')
    .columns(['pno', 'created_at', 'cmd_id'])
    .execute();
}

/** Jobs of one kind not yet finished take another kind's name, their dedupe keys (`<kind>:<id>`) with it. */
const renameJobs = (db: Kysely<unknown>, from: string, to: string) =>
  sql`update jobs set kind = ${sql.lit(to)}, dedupe_key = ${sql.lit(to)} || substr(dedupe_key, ${sql.lit(from.length + 1)})
      where kind = ${sql.lit(from)} and status in ('queued', 'running')`.execute(db);
