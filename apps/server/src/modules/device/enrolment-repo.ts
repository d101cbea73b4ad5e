import type { Db } from '../../platform/db/connect';

/** SQL of the properties' enrolment keys (`device_enrolment_keys`, one per property, stored hashed). No rules. */

export const findKeyInfo = (db: Db, pno: string) =>
  db.selectFrom('device_enrolment_keys').select(['hint', 'created_at']).where('pno', '=', pno).executeTakeFirst();

/** Whether the key of this hash is the property's. */
export async function keyMatches(db: Db, pno: string, keyHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('device_enrolment_keys')
    .select('pno')
    .where('pno', '=', pno)
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row !== undefined;
}

export const saveKey = (db: Db, row: { pno: string; keyHash: string; hint: string; by: string; now: number }) =>
  db
    .insertInto('device_enrolment_keys')
    .values({ pno: row.pno, key_hash: row.keyHash, hint: row.hint, created_by: row.by, created_at: row.now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet({ key_hash: row.keyHash, hint: row.hint, created_by: row.by, created_at: row.now }),
    )
    .execute();

export const deleteKey = (db: Db, pno: string) =>
  db.deleteFrom('device_enrolment_keys').where('pno', '=', pno).execute();
