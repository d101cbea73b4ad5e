import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * Portable search and constraint helpers (architecture §6): the same SQL on SQLite and PostgreSQL.
 */

/**
 * `%text%` with the LIKE wildcards `%`, `_` and the escape character taken literally, for `like ? escape '\'` (the
 * one way the server builds a LIKE pattern from user text: `containsCi` and `containsAnyCi` below).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" on a column: `lower(col) like lower(?) escape '\'`. Both sides are lower-cased by the
 * database, so they fold alike (SQLite's `lower` folds ASCII only, PostgreSQL's every letter), and the escape clause
 * makes `%` and `_` in the text literal on both.
 */
export function containsCi(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(text)}) escape '\\'`;
}

/** A search box over several columns: `containsCi` on any of them (`(… or …)`). */
export function containsAnyCi(columns: readonly string[], text: string): Expression<SqlBool> {
  if (columns.length === 0) throw new Error('containsAnyCi needs a column');
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => containsCi(column, text)),
    sql` or `,
  )})`;
}

/** The key a name is unique by: Unicode-compatible form (full-width letters fold), single spaces, lower case. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether a database error is a foreign-key violation (a referenced row vanished meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Rows of `(owner, state, n)` — a `group by owner, state` count — as each owner's counts by state. */
export function countsByState(rows: ReadonlyArray<{ owner: string; state: string; n: number | string | bigint }>) {
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    let m = out.get(r.owner);
    if (!m) {
      m = new Map();
      out.set(r.owner, m);
    }
    m.set(r.state, Number(r.n));
  }
  return out;
}
