import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Compilable,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { tenantGuardPlugins } from '../tenancy/tenant-guard';
import type { Database } from './schema';
import { type SideThread, startSideThread } from './sqlite-side-thread';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

// bigint (int8) columns carry epoch milliseconds, well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database named by the config: SQLite (WAL) in DATA_DIR, or PostgreSQL. */
export function connect(database: Config['database']): { db: Db; dialect: Dialect } {
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // A file database checkpoints, and runs the reads that scan many rows, in a thread of its own
    // (sqlite-side-thread.ts), never on the event loop.
    let side: SideThread | undefined;
    if (database.file !== ':memory:') {
      sqlite.pragma('wal_autocheckpoint = 0');
      side = startSideThread(database.file, (message) => console.error(`SQLite side thread: ${message}`));
    }
    let writes = 0;
    const statements = withStatementCache(
      sqlite,
      () => side?.stop(),
      () => {
        writes += 1;
      },
    );
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: statements }),
      plugins: tenantGuardPlugins(),
    });
    registerDirect(db, sqlite, statements, side, () => writes);
    return { db, dialect: 'sqlite' };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: tenantGuardPlugins() }),
    dialect: 'postgres',
  };
}

/** Most prepared statements kept per SQLite database; the oldest go first. */
const STATEMENT_CACHE_MAX = 500;

/**
 * Kysely's SQLite driver prepares every query again (`better-sqlite3` parses and plans it each time); the same
 * few hundred SQL texts come back on every request, so the prepared statements are kept by their text. A cached
 * statement still being iterated (a streamed query) is `busy`: the caller then gets a fresh one. Kysely never
 * switches a statement's mode (`raw`, `pluck`, `expand`, `safeIntegers`), so reusing one is safe, and SQLite
 * re-plans a statement by itself after a schema change.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  beforeClose?: () => void,
  onWrite?: () => void,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        if (!cached.readonly) onWrite?.();
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!statement.readonly) onWrite?.();
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_MAX) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      beforeClose?.();
      statements.clear();
      sqlite.close();
    },
  };
}

interface DirectSqlite {
  sqlite: SQLite.Database;
  statements: SqliteDatabase;
  /** Rows inserted, updated or deleted through this connection since it opened (SQLite's `total_changes()`). */
  changes(): number;
  /** The file database's side thread (none in memory). */
  side: SideThread | undefined;
}

/** The SQLite connection behind each Kysely instance `connect` opened, for `precompile`'s direct reads. */
const sqliteOf = new WeakMap<Db, DirectSqlite>();

/**
 * `writes()` counts the statements that may write (not `readonly`: inserts, updates, deletes, `begin`, `commit`…)
 * handed out by the statement cache, every one of which runs at once, synchronously, where it was handed out (Kysely's
 * driver and `precompile`). So `total_changes()` (a statement of its own, about 2.5 µs) is read again only after
 * one of them: between two, it cannot have moved.
 */
function registerDirect(
  db: Db,
  sqlite: SQLite.Database,
  statements: SqliteDatabase,
  side: SideThread | undefined,
  writes: () => number,
): void {
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let seen = -1;
  let last = 0;
  const changes = () => {
    const now = writes();
    if (now !== seen) {
      last = totalChanges.get() as number;
      seen = now;
    }
    return last;
  };
  sqliteOf.set(db, { sqlite, statements, changes, side });
}

/** Where a read may run beside the requests: the SQLite side thread, when no transaction is open on `db`. */
const asideOf = (direct: DirectSqlite | undefined) =>
  direct?.side && !direct.sqlite.inTransaction ? direct.side : undefined;

/**
 * Runs a read that scans many rows (a count or an aggregate over a property's devices or a task's devices) where it
 * does not hold up the requests: on a SQLite file database, in the side thread (sqlite-side-thread.ts), which
 * reads the last committed state; inside a transaction, on a transaction's Kysely, in memory and on PostgreSQL
 * (where no query blocks the event loop), as any query. Only for reads with small answers: the rows are copied
 * between threads.
 */
export async function readAside<R>(db: Db, query: Compilable<R> & { execute(): Promise<R[]> }): Promise<R[]> {
  const side = asideOf(sqliteOf.get(db));
  // Otherwise on the query's own Kysely (a transaction's, if it was built on one).
  if (!side) return query.execute();
  const compiled = query.compile();
  return (await side.read(compiled.sql, compiled.parameters)) as R[];
}

/** Most answers a cached `precompile` read keeps; the oldest go first. */
const ANSWER_CACHE_MAX = 10_000;

export interface PrecompileOptions {
  /**
   * SQLite only: reuse an answer for the same values for up to this many milliseconds, as long as nothing has
   * been written through the connection since it was read (its `total_changes()` is unchanged). Any insert,
   * update or delete by this process, committed or not, so takes effect on the very next read; only a write by
   * another process (a CLI command on the same file) can go unseen, for at most this long. Off (0) by default,
   * and never on PostgreSQL, where other instances write.
   */
  reuseMs?: number;
  /**
   * SQLite file databases only: run the read in the side thread (`readAside`), for a read that scans many rows.
   * The answer is then always a promise.
   */
  aside?: boolean;
}

/**
 * A read built and compiled once, run with new parameter values: for the queries of every request (the session
 * and property lookups), where building and compiling with Kysely costs more than running them. `build` receives
 * `param(name)`, a marker to use wherever a value goes; the answer runs the query with the values bound by name
 * and resolves to its rows (frozen when reused: do not change them).
 *
 * On SQLite, when no transaction is open on the connection, the statement runs at once on `better-sqlite3`
 * (synchronous: nothing else can run on the connection meanwhile, and it sees exactly what Kysely would), which
 * skips Kysely's connection hand-over and its promises. Inside a transaction, on PostgreSQL, or for a
 * transaction's Kysely, it goes through Kysely as any query.
 */
export function precompile<R, K extends string>(
  db: Db,
  build: (param: (name: K) => string) => Compilable<R>,
  options: PrecompileOptions = {},
): (values: Readonly<Record<K, unknown>>) => Promise<readonly R[]> | readonly R[] {
  const names = new Map<string, K>();
  const compiled = build((name) => {
    const marker = `\u0000param:${name}`;
    names.set(marker, name);
    return marker;
  }).compile();
  const slots = compiled.parameters.map((p) => (typeof p === 'string' ? names.get(p) : undefined));
  for (const name of names.values()) {
    if (!slots.includes(name)) throw new Error(`precompile: parameter ${name} does not reach the SQL: ${compiled.sql}`);
  }
  const bind = (values: Readonly<Record<K, unknown>>) =>
    slots.map((name, i) => (name === undefined ? compiled.parameters[i] : values[name]));
  const direct = sqliteOf.get(db);
  const reuseMs = direct ? (options.reuseMs ?? 0) : 0;
  const answers = new Map<string, { rows: readonly R[]; changes: number; at: number }>();

  return (values) => {
    const parameters = bind(values);
    if (!direct || direct.sqlite.inTransaction) {
      return db.executeQuery<R>({ ...compiled, parameters }).then((r) => r.rows);
    }
    const side = options.aside ? asideOf(direct) : undefined;
    const read = () =>
      side
        ? (side.read(compiled.sql, parameters) as Promise<R[]>)
        : (direct.statements.prepare(compiled.sql).all(parameters) as R[]);
    if (reuseMs <= 0) return read();
    const key = parameters.map(String).join('\u0000');
    const changes = direct.changes();
    const at = performance.now();
    const known = answers.get(key);
    if (known && known.changes === changes && at - known.at < reuseMs) return known.rows;
    const keep = (fresh: R[]): readonly R[] => {
      const rows: readonly R[] = Object.freeze(fresh.map((row) => Object.freeze(row)));
      answers.delete(key);
      if (answers.size >= ANSWER_CACHE_MAX) {
        const oldest = answers.keys().next();
        if (!oldest.done) answers.delete(oldest.value);
      }
      answers.set(key, { rows, changes, at });
      return rows;
    };
    const fresh = read();
    return fresh instanceof Promise ? fresh.then(keep) : keep(fresh);
  };
}
