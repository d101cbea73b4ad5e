import { sql } from 'kysely';
import type { Db } from './connect';

/** The next value of a named counter starting after `start` (portable: one row per counter, updated in place). */
export async function nextCounter(db: Db, name: string, start: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('counters')
      .values({ name, value: start })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await trx
      .updateTable('counters')
      .set({ value: sql`value + 1` })
      .where('name', '=', name)
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  });
}
