import type { Db } from '../db/connect';

/** Membership, the row every property's rules start from (`property_members`); the modules add what hangs on it. */

/** Of `uids`, those that are members of the property. */
export async function memberUids(db: Db, pno: string, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .selectFrom('property_members')
    .select('uid')
    .where('pno', '=', pno)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}
