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

/**
 * The device API's next action id, inside the caller's transaction: one platform-wide counter for every update
 * action a device is offered (firmware tasks' attempts, temporary firmware results), because hawkBit clients
 * (SWUpdate) read action ids as 32-bit integers; an id therefore names one action of one service.
 */
export const nextActionId = (db: Db): Promise<number> => nextActionIds(db, 1);

/** `n` consecutive action ids (the first answered), reserved in one statement inside the caller's transaction. */
export async function nextActionIds(db: Db, n: number): Promise<number> {
  return (await advanceCounter(db, ACTION_COUNTER, n)) - n + 1;
}

/**
 * Adds `n` to a named counter (created at 0 when missing) inside the caller's transaction and answers its new value.
 * The update takes the row's lock on PostgreSQL, so concurrent callers are serialised until they commit.
 */
export async function advanceCounter(db: Db, name: string, n: number): Promise<number> {
  await db
    .insertInto('counters')
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('counters')
    .set({ value: sql`value + ${n}` })
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** A named counter's current value (0 when it was never advanced). */
export async function counterValue(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst();
  return Number(row?.value ?? 0);
}
const ACTION_COUNTER = 'fw-task-action';
