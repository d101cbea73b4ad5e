import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../migrations';
import { connect, type Db, precompile, readAside } from './connect';
import { countOf } from './paging';

/** The per-request read path: precompiled queries, direct SQLite reads, and answers reused only while nothing changed. */
describe('precompile on SQLite', () => {
  let db: Db;

  beforeAll(async () => {
    db = connect({ kind: 'sqlite', file: ':memory:' }).db;
    await migrateToLatest(db);
    for (const [uid, name] of [
      ['u1', 'One'],
      ['u2', 'Two'],
    ]) {
      await db
        .insertInto('users')
        .values({
          uid,
          phone: `1380000000${uid.slice(1)}`,
          email: null,
          name,
          password_hash: null,
          is_operator: 0,
          status: 1,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
    }
  });
  afterAll(async () => db.destroy());

  const byUid = () =>
    precompile(
      db,
      (param: (name: 'uid') => string) =>
        db.selectFrom('users').select(['uid', 'name', 'status']).where('uid', '=', param('uid')),
      { reuseMs: 60_000 },
    );

  it('binds the values by name and refuses a parameter that does not reach the SQL', async () => {
    const plain = precompile(db, (param: (name: 'uid') => string) =>
      db.selectFrom('users').select('name').where('uid', '=', param('uid')).where('status', '=', 1),
    );
    expect(await plain({ uid: 'u2' })).toEqual([{ name: 'Two' }]);
    expect(await plain({ uid: 'nobody' })).toEqual([]);
    expect(() =>
      precompile(db, (param: (name: 'uid') => string) => {
        param('uid');
        return db.selectFrom('users').select('name');
      }),
    ).toThrow(/does not reach/);
  });

  it('reuses an answer while nothing is written, and reads again after any write', async () => {
    const read = byUid();
    const first = await read({ uid: 'u1' });
    expect(first).toEqual([{ uid: 'u1', name: 'One', status: 1 }]);
    expect(await read({ uid: 'u1' })).toBe(first);
    expect(Object.isFrozen(first[0])).toBe(true);

    // A write to another row still counts: the next read is fresh.
    await db.updateTable('users').set({ name: 'Deux' }).where('uid', '=', 'u2').execute();
    const second = await read({ uid: 'u1' });
    expect(second).not.toBe(first);
    expect(second).toEqual(first);

    await db.updateTable('users').set({ status: 0 }).where('uid', '=', 'u1').execute();
    expect(await read({ uid: 'u1' })).toEqual([{ uid: 'u1', name: 'One', status: 0 }]);
  });

  it('waits for an open transaction and sees only what it committed', async () => {
    const read = byUid();
    await db.updateTable('users').set({ status: 1 }).where('uid', '=', 'u1').execute();
    expect(await read({ uid: 'u1' })).toEqual([{ uid: 'u1', name: 'One', status: 1 }]);
    let during: Promise<unknown> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ status: 0 }).where('uid', '=', 'u1').execute();
        // Read while the transaction is open: it must not see the uncommitted write, nor a stale answer.
        during = Promise.resolve(read({ uid: 'u1' }));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await during).toEqual([{ uid: 'u1', name: 'One', status: 1 }]);
  });

  it('runs inside a transaction through that transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Uno' }).where('uid', '=', 'u1').execute();
      const inTrx = precompile(trx, (param: (name: 'uid') => string) =>
        trx.selectFrom('users').select('name').where('uid', '=', param('uid')),
      );
      expect(await inTrx({ uid: 'u1' })).toEqual([{ name: 'Uno' }]);
    });
  });
});

/** A file database's side thread: WAL checkpoints and long reads, never on the event loop. */
describe('SQLite side thread', () => {
  it('leaves checkpoints to the worker, which copies the WAL into the database file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-checkpoint-'));
    const file = join(dir, 'keel.db');
    const { db } = connect({ kind: 'sqlite', file });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table filler (id integer primary key, body text not null)`.execute(db);
      const before = statSync(file).size;
      const body = 'x'.repeat(1000);
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 4000; i += 1) await sql`insert into filler (body) values (${body})`.execute(trx);
      });
      // About 4 MB went to the WAL; only the worker moves it into the database file.
      await expect
        .poll(() => statSync(file).size - before, { timeout: 15_000, interval: 100 })
        .toBeGreaterThan(3_000_000);
      const { rows: count } = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
      expect(Number(count[0]?.n)).toBe(4000);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs reads aside on the committed state, and inside a transaction on the connection itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-aside-'));
    const { db } = connect({ kind: 'sqlite', file: join(dir, 'keel.db') });
    try {
      await sql`create table items (id integer primary key, kind text not null)`.execute(db);
      await sql`insert into items (kind) values ('a'), ('a'), ('b')`.execute(db);
      const byKind = (on: Db) =>
        on
          .selectFrom('items' as never)
          .select([sql<string>`kind`.as('kind'), sql<number>`count(*)`.as('n')])
          .groupBy(sql`kind`)
          .orderBy(sql`kind`);
      expect(await readAside(db, byKind(db))).toEqual([
        { kind: 'a', n: 2 },
        { kind: 'b', n: 1 },
      ]);
      expect(await countOf(db.selectFrom('items' as never), db)).toBe(3);
      await db.transaction().execute(async (trx) => {
        await sql`insert into items (kind) values ('c')`.execute(trx);
        // Not committed: the side thread cannot see it, the transaction's own read does.
        expect(await readAside(trx, byKind(trx))).toHaveLength(3);
      });
      expect(await countOf(db.selectFrom('items' as never), db)).toBe(4);
      await expect(readAside(db, db.selectFrom('missing' as never).selectAll())).rejects.toThrow(/no such table/);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
