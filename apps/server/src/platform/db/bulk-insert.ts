import { CompiledQuery } from 'kysely';
import type { Db } from './connect';
import type { Database } from './schema';

/**
 * Many rows into one table, as few statements as the databases' parameter limits allow (SQLite 32 766, PostgreSQL
 * 65 535), the SQL written here instead of by Kysely: building a 500-row insert with Kysely costs more than running
 * it (bench/firmware.ts: 100 000 task devices). Every row must carry the same columns (the first row's); values
 * are bound, never spliced in. Runs in the caller's transaction when given one.
 */

const PARAMS_MAX = 30_000;
const postgresOf = new WeakMap<object, boolean>();

/** Whether `db` speaks PostgreSQL (its placeholders are `$n`), read once from how it compiles a query. */
function isPostgres(db: Db): boolean {
  const known = postgresOf.get(db);
  if (known !== undefined) return known;
  const pg = db
    .selectNoFrom((eb) => eb.val(1).as('one'))
    .compile()
    .sql.includes('$1');
  postgresOf.set(db, pg);
  return pg;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function insertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const columns = Object.keys(first);
  const perStatement = Math.max(1, Math.floor(PARAMS_MAX / columns.length));
  const pg = isPostgres(db);
  const head = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values `;
  for (let at = 0; at < rows.length; at += perStatement) {
    const part = rows.slice(at, at + perStatement);
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of part) {
      const marks: string[] = [];
      for (const c of columns) {
        parameters.push(row[c] ?? null);
        marks.push(pg ? `$${parameters.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}
