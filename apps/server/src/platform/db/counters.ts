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
  await db
    .insertInto('counters')
    .values({ name: ACTION_COUNTER, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('counters')
    .set({ value: sql`value + ${n}` })
    .where('name', '=', ACTION_COUNTER)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}
const ACTION_COUNTER = 'fw-task-action';
