import { sql } from 'kysely';
import { withPropertyNames, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant, TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * Spaces and their quota records: SQL only. Every query on a property's tables runs on its scoped handle, which adds
 * the property (architecture §5, platform/tenancy/tenant-scope.ts). No rules here.
 */

export interface SpaceFilter {
  str?: string;
  business?: string;
  category?: string;
  uid?: string;
  /** An administrator's space scope: only these spaces (null: no limit). */
  sids: readonly string[] | null;
}

const SPACE_COLUMNS = [
  's.sid',
  's.pno',
  's.name',
  's.business',
  's.category',
  's.owner_type',
  's.uid',
  's.quota_bytes',
  's.used_bytes',
  's.reserved_bytes',
  's.remark',
  's.created_at',
  's.updated_at',
] as const;

const base = (db: Db, tenant: TenantScope, f: SpaceFilter) => {
  let q = scopedDb(db, tenant).selectFrom('spaces as s');
  if (f.sids !== null) q = q.where('s.sid', 'in', f.sids.length > 0 ? [...f.sids] : ['']);
  if (f.business) q = q.where('s.business', '=', f.business);
  if (f.category) q = q.where('s.category', '=', f.category);
  if (f.uid) q = q.where('s.uid', '=', f.uid);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => eb.or([containsCi('s.name', str), eb('s.sid', '=', str)]));
  }
  return q;
};

/** Spaces' rows with their property's and owner's names (one read each per page). */
const withNames = async <R extends { pno: string; uid: string | null }>(db: Db, rows: readonly R[]) =>
  withUserNames(db, await withPropertyNames(db, rows, 'pno', 'property_name'), 'uid', 'owner_name');

export type SpaceRow = Awaited<ReturnType<typeof findSpaces>>[number];

/**
 * A page of spaces, newest first, read from the nearer end of the ordering (platform/db/paging), over the indexes
 * `(pno, created_at, sid)` and, filtered, `(pno, uid | business | category, created_at, sid)`.
 */
export async function pageSpaces(db: Db, tenant: TenantScope, f: SpaceFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(base(db, tenant, f)),
    (w) =>
      base(db, tenant, f)
        .select(SPACE_COLUMNS)
        .orderBy('s.created_at', w.dir)
        .orderBy('s.sid', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withNames(db, page.rows) };
}

/** Spaces by id in one property, or (operators) in any. */
export const findSpaces = async (db: Db, tenant: TenantScope, sids: readonly string[]) =>
  withNames(
    db,
    await scopedDb(db, tenant)
      .selectFrom('spaces as s')
      .where('s.sid', 'in', sids.length > 0 ? [...sids] : [''])
      .select(SPACE_COLUMNS)
      .execute(),
  );

/** Another space of the property with this name key, if any. */
export const findSpaceByNameKey = (db: Db, tenant: Tenant, nameKey: string) =>
  tenantDb(db, tenant).selectFrom('spaces').select('sid').where('name_key', '=', nameKey).executeTakeFirst();

export interface NewSpace {
  sid: string;
  name: string;
  nameKey: string;
  business: string;
  category: string;
  ownerType: string;
  uid: string | null;
  quota: number;
  remark: string;
}

/** Inserts a space and its first quota record (`create`, or `apply` when an application made it). */
export async function insertSpace(
  db: Db,
  tenant: Tenant,
  v: NewSpace,
  record: { id: string; kind: 'create' | 'apply'; reason: string },
  actorUid: string,
  now: number,
): Promise<void> {
  await tenantDb(db, tenant)
    .insertInto('spaces')
    .values({
      sid: v.sid,
      name: v.name,
      name_key: v.nameKey,
      business: v.business,
      category: v.category,
      owner_type: v.ownerType,
      uid: v.uid,
      quota_bytes: v.quota,
      remark: v.remark,
      created_by: actorUid,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertQuotaRecord(db, tenant, {
    id: record.id,
    sid: v.sid,
    kind: record.kind,
    oldQuota: 0,
    newQuota: v.quota,
    reason: record.reason,
    actorUid,
    now,
  });
}

async function insertQuotaRecord(
  db: Db,
  tenant: Tenant,
  r: {
    id: string;
    sid: string;
    kind: string;
    oldQuota: number;
    newQuota: number;
    reason: string;
    actorUid: string;
    now: number;
  },
) {
  await tenantDb(db, tenant)
    .insertInto('space_quota_records')
    .values({
      id: r.id,
      sid: r.sid,
      kind: r.kind,
      old_quota: r.oldQuota,
      new_quota: r.newQuota,
      reason: r.reason,
      actor_uid: r.actorUid,
      created_at: r.now,
    })
    .execute();
}

/**
 * Sets a space's quota when it is not below what the space uses and has promised (a conditional update, so a
 * reservation running at the same time is never squeezed out), and records the change with the quota it replaced.
 * The row is locked first (a no-op update), so that two changes at once record each other's values truly.
 */
export async function changeQuota(
  db: Db,
  tenant: Tenant,
  change: { recordId: string; sid: string; quota: number; reason: string; actorUid: string },
  now: number,
): Promise<{ oldQuota: number } | 'missing' | 'tooSmall'> {
  return db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    const locked = await scoped
      .updateTable('spaces')
      .set({ updated_at: now })
      .where('sid', '=', change.sid)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) return 'missing';
    const before = await scoped
      .selectFrom('spaces')
      .select('quota_bytes')
      .where('sid', '=', change.sid)
      .executeTakeFirstOrThrow();
    const done = await scoped
      .updateTable('spaces')
      .set({ quota_bytes: change.quota })
      .where('sid', '=', change.sid)
      .where(sql<boolean>`used_bytes + reserved_bytes <= ${change.quota}`)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return 'tooSmall';
    const oldQuota = Number(before.quota_bytes);
    await insertQuotaRecord(trx, tenant, {
      id: change.recordId,
      sid: change.sid,
      kind: 'change',
      oldQuota,
      newQuota: change.quota,
      reason: change.reason,
      actorUid: change.actorUid,
      now,
    });
    return { oldQuota };
  });
}

/** A space's quota records, newest first (index `(pno, sid, created_at, id)`). */
export async function pageQuotaRecords(db: Db, tenant: Tenant, sid: string, pageNum: number, pageSize: number) {
  const q = () => tenantDb(db, tenant).selectFrom('space_quota_records as r').where('r.sid', '=', sid);
  const page = await readPage(
    () => countOf(q()),
    (w) =>
      q()
        .select(['r.id', 'r.sid', 'r.kind', 'r.old_quota', 'r.new_quota', 'r.reason', 'r.actor_uid', 'r.created_at'])
        .orderBy('r.created_at', w.dir)
        .orderBy('r.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withUserNames(db, page.rows, 'actor_uid', 'user_name') };
}

/** Use against quota per business and category of the spaces in reach. */
export async function usageBreakdown(db: Db, tenant: TenantScope, sids: readonly string[] | null) {
  const scoped = () => {
    let q = scopedDb(db, tenant).selectFrom('spaces as s');
    if (sids !== null) q = q.where('s.sid', 'in', sids.length > 0 ? [...sids] : ['']);
    return q;
  };
  return scoped()
    .select([
      's.business',
      's.category',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('s.quota_bytes').as('quota'),
      (eb) => eb.fn.sum<number>('s.used_bytes').as('used'),
      (eb) => eb.fn.sum<number>('s.reserved_bytes').as('reserved'),
      sql<number>`sum(case when s.used_bytes * 10 >= s.quota_bytes * 9 then 1 else 0 end)`.as('near_full'),
    ])
    .groupBy(['s.business', 's.category'])
    .execute();
}

/** Names of the property's spaces by id; ids that name no space of the property are left out. */
export async function spaceNames(db: Db, tenant: Tenant, sids: readonly string[]): Promise<Map<string, string>> {
  if (sids.length === 0) return new Map();
  const rows = await tenantDb(db, tenant)
    .selectFrom('spaces')
    .select(['sid', 'name'])
    .where('sid', 'in', sids)
    .execute();
  return new Map(rows.map((r) => [r.sid, r.name]));
}

/** The sids of the property's spaces a member owns. */
export async function spacesOwnedBy(db: Db, tenant: Tenant, uid: string): Promise<string[]> {
  const rows = await tenantDb(db, tenant).selectFrom('spaces').select('sid').where('uid', '=', uid).execute();
  return rows.map((r) => r.sid);
}
