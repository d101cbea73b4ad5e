import type { Db } from '../db/connect';

/** Writes of `news` that modules ask for (notify.ts writes new messages), and the demo seed's lookup. */

/** Marks the user's own unread messages read; ids of other users' messages change nothing. */
export async function markRead(db: Db, uid: string, now: number, filter: { nids?: string[]; newsType?: string }) {
  let q = db.updateTable('news').set({ read_at: now }).where('uid', '=', uid).where('read_at', 'is', null);
  if (filter.nids) q = q.where('nid', 'in', filter.nids);
  if (filter.newsType) q = q.where('news_type', '=', filter.newsType);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the user has a message of this property with this catalogue key (or, written before keys were stored,
 * of this type): the demo seed writes each of its messages once. */
export async function hasNewsOf(db: Db, m: { uid: string; pno: string; key: string; type: string }): Promise<boolean> {
  const row = await db
    .selectFrom('news')
    .select('nid')
    .where('uid', '=', m.uid)
    .where('pno', '=', m.pno)
    .where((eb) =>
      eb.or([eb('news_key', '=', m.key), eb.and([eb('news_key', 'is', null), eb('news_type', '=', m.type)])]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
