import { type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect';

/** Migrations by name, as a folder lists them (`<owner>/migrations/index.ts`). */
export type MigrationList = Readonly<Record<string, Migration>>;

/**
 * Every folder's migrations as one list in name order (the order they run in). A name listed by two folders is
 * an error: existing databases recorded each name once.
 */
export function collectMigrations(lists: readonly MigrationList[]): Record<string, Migration> {
  const all = new Map<string, Migration>();
  for (const list of lists)
    for (const [name, migration] of Object.entries(list)) {
      if (all.has(name)) throw new Error(`Migration ${name} is listed twice`);
      all.set(name, migration);
    }
  return Object.fromEntries([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Brings the schema up to date with `migrations`, or up to `last` (a migration's name) and no further; throws on
 * the first failure. Answers the names it ran.
 */
export async function runMigrations(
  db: Db,
  migrations: Readonly<Record<string, Migration>>,
  last?: string,
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => ({ ...migrations }) };
  // On PostgreSQL, name the schema of the migration tables: Kysely otherwise looks for them in every schema
  // and, with another schema of the same database holding them (parallel test suites), skips creating its own.
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const schema = postgres
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  if (last !== undefined && !(last in migrations)) throw new Error(`No migration named ${last}`);
  const { error, results } = await (last === undefined ? migrator.migrateToLatest() : migrator.migrateTo(last));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
