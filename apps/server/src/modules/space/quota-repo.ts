import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * Quota reservations (`space_reservations`, counted in `spaces.reserved_bytes`): SQL only. Each change of the
 * counters is one conditional update, so that concurrent reservations never promise more than the quota: on
 * PostgreSQL the update locks the row and re-checks its condition against the committed values; SQLite runs one
 * writer at a time. Every query runs on the property's scoped handle (platform/tenancy/tenant-scope.ts): the
 * property is one more condition of the same statement, so each change of the counters stays one conditional update.
 */

const sumOf = (rows: { bytes: number | string }[]) => rows.reduce((n, r) => n + Number(r.bytes), 0);

/** Gives back the space's reservations that expired (uploads that died without saying so). */
export async function sweepExpired(db: Db, tenant: Tenant, sid: string, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const gone = await tenantDb(trx, tenant)
      .deleteFrom('space_reservations')
      .where('sid', '=', sid)
      .where('expires_at', '<', now)
      .returning('bytes')
      .execute();
    const bytes = sumOf(gone);
    if (bytes > 0) await addReserved(trx, tenant, sid, -bytes);
    return bytes;
  });
}

async function addReserved(db: Db, tenant: Tenant, sid: string, delta: number) {
  await tenantDb(db, tenant)
    .updateTable('spaces')
    .set({ reserved_bytes: sql`case when reserved_bytes + ${delta} > 0 then reserved_bytes + ${delta} else 0 end` })
    .where('sid', '=', sid)
    .execute();
}

/**
 * Promises `bytes` of the space to an upload when what it uses and has promised leaves room, and records the
 * reservation; answers false (nothing written) when it does not fit or the space is gone.
 */
export async function reserve(
  db: Db,
  tenant: Tenant,
  r: { id: string; sid: string; bytes: number; expiresAt: number },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    const done = await scoped
      .updateTable('spaces')
      .set({ reserved_bytes: sql`reserved_bytes + ${r.bytes}` })
      .where('sid', '=', r.sid)
      .where(sql<boolean>`used_bytes + reserved_bytes + ${r.bytes} <= quota_bytes`)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return false;
    await scoped
      .insertInto('space_reservations')
      .values({ id: r.id, sid: r.sid, bytes: r.bytes, created_at: now, expires_at: r.expiresAt })
      .execute();
    return true;
  });
}

/**
 * Turns a reservation into used bytes. A reservation already swept (it expired) is charged again only if the bytes
 * still fit. Answers `kept` (used now counts them), `full` (they do not fit any more) or `gone` (space deleted).
 */
export async function commit(
  db: Db,
  tenant: Tenant,
  r: { id: string; sid: string; bytes: number },
  now: number,
): Promise<'kept' | 'full' | 'gone'> {
  return db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    const held = await scoped.deleteFrom('space_reservations').where('id', '=', r.id).returning('bytes').execute();
    const q = scoped.updateTable('spaces').where('sid', '=', r.sid);
    if (held.length > 0) {
      const bytes = sumOf(held);
      const done = await q
        .set({
          used_bytes: sql`used_bytes + ${bytes}`,
          reserved_bytes: sql`case when reserved_bytes > ${bytes} then reserved_bytes - ${bytes} else 0 end`,
          updated_at: now,
        })
        .executeTakeFirst();
      return Number(done.numUpdatedRows) > 0 ? 'kept' : 'gone';
    }
    const done = await q
      .set({ used_bytes: sql`used_bytes + ${r.bytes}`, updated_at: now })
      .where(sql<boolean>`used_bytes + reserved_bytes + ${r.bytes} <= quota_bytes`)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0 ? 'kept' : 'full';
  });
}

/** Gives a reservation back (the upload gave up); nothing when it was committed, released or swept already. */
export async function release(db: Db, tenant: Tenant, r: { id: string; sid: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = await tenantDb(trx, tenant)
      .deleteFrom('space_reservations')
      .where('id', '=', r.id)
      .returning('bytes')
      .execute();
    const bytes = sumOf(held);
    if (bytes > 0) await addReserved(trx, tenant, r.sid, -bytes);
  });
}

/** Frees used bytes (a file of the space was deleted); never below zero. */
export async function freeUsed(db: Db, tenant: Tenant, sid: string, bytes: number, now: number): Promise<boolean> {
  const done = await tenantDb(db, tenant)
    .updateTable('spaces')
    .set({
      used_bytes: sql`case when used_bytes > ${bytes} then used_bytes - ${bytes} else 0 end`,
      updated_at: now,
    })
    .where('sid', '=', sid)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
