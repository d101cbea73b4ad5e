import { afterAll } from 'vitest';
import { connect, type Db } from '../platform/db/connect';
import { createSchema, dropSchema } from './harness';

/** The databases a migration test runs on: SQLite, and PostgreSQL when TEST_DATABASE_URL names one. */
export const migrationDatabases = process.env.TEST_DATABASE_URL
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);

/**
 * Empty databases of one kind for a migration test, none migrated (an in-memory SQLite, or a PostgreSQL schema of
 * their own), closed and dropped after the suite. Call inside a `describe`.
 */
export function scratchDatabases(kind: (typeof migrationDatabases)[number]): () => Promise<Db> {
  const opened: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of opened) await close();
  });
  return async () => {
    if (kind === 'sqlite') {
      const { db } = connect({ kind: 'sqlite', file: ':memory:' });
      opened.push(() => db.destroy());
      return db;
    }
    const schema = await createSchema();
    const { db } = connect({ kind: 'postgres', url: process.env.TEST_DATABASE_URL as string, schema });
    opened.push(async () => {
      await db.destroy();
      await dropSchema(schema);
    });
    return db;
  };
}
