import { userHeads, userMatches, withPropertyNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant, TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * Applications for spaces (`space_applications`): SQL only, every query on the property's scoped handle, which adds
 * the property (platform/tenancy/tenant-scope.ts).
 */

export interface ApplyFilter {
  status?: string;
  uid?: string;
  str?: string;
}

const base = (db: Db, tenant: TenantScope, f: ApplyFilter) => {
  let q = scopedDb(db, tenant).selectFrom('space_applications as a');
  if (f.status) q = q.where('a.status', '=', f.status);
  if (f.uid) q = q.where('a.uid', '=', f.uid);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => eb.or([containsCi('a.name', str), userMatches(eb.ref('a.uid'), str)]));
  }
  return q;
};

const COLUMNS = [
  'a.id',
  'a.pno',
  'a.uid',
  'a.business',
  'a.category',
  'a.owner_type',
  'a.name',
  'a.quota_bytes',
  'a.reason',
  'a.status',
  'a.note',
  'a.sid',
  'a.created_at',
  'a.decided_at',
  'a.reviewer_uid',
] as const;

/** The rows with the property's, the applicant's and the reviewer's names (one read each per page). */
async function withNames<R extends { pno: string; uid: string; reviewer_uid: string | null }>(
  db: Db,
  rows: readonly R[],
) {
  const [people, named] = await Promise.all([
    userHeads(
      db,
      rows.flatMap((r) => [r.uid, r.reviewer_uid]),
    ),
    withPropertyNames(db, rows, 'pno', 'property_name'),
  ]);
  return named.map((r) => ({
    ...r,
    user_name: people.get(r.uid)?.name ?? '',
    user_phone: people.get(r.uid)?.phone ?? '',
    reviewer_name: r.reviewer_uid === null ? null : (people.get(r.reviewer_uid)?.name ?? null),
  }));
}

export type ApplyRow = Awaited<ReturnType<typeof findApplications>>[number];

/** A page of applications, newest first (indexes `(pno, status | uid, created_at, id)`). */
export async function pageApplications(db: Db, tenant: TenantScope, f: ApplyFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(base(db, tenant, f)),
    (w) =>
      base(db, tenant, f)
        .select(COLUMNS)
        .orderBy('a.created_at', w.dir)
        .orderBy('a.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withNames(db, page.rows) };
}

export const findApplications = async (db: Db, tenant: TenantScope, ids: readonly string[]) =>
  withNames(
    db,
    await base(db, tenant, {})
      .where('a.id', 'in', ids.length > 0 ? [...ids] : [''])
      .select(COLUMNS)
      .execute(),
  );

/** The applicant's pending application for the same business and category, if any. */
export const findPending = (db: Db, tenant: Tenant, uid: string, business: string, category: string) =>
  tenantDb(db, tenant)
    .selectFrom('space_applications')
    .select('id')
    .where('uid', '=', uid)
    .where('business', '=', business)
    .where('category', '=', category)
    .where('status', '=', 'pending')
    .executeTakeFirst();

export const insertApplication = (
  db: Db,
  tenant: Tenant,
  a: {
    id: string;
    uid: string;
    business: string;
    category: string;
    ownerType: string;
    name: string;
    quota: number;
    reason: string;
  },
  now: number,
) =>
  tenantDb(db, tenant)
    .insertInto('space_applications')
    .values({
      id: a.id,
      uid: a.uid,
      business: a.business,
      category: a.category,
      owner_type: a.ownerType,
      name: a.name,
      quota_bytes: a.quota,
      reason: a.reason,
      status: 'pending',
      note: '',
      created_at: now,
    })
    .execute();

/**
 * Decides a pending application: one conditional update, so that two reviewers at once decide it once. Answers
 * whether this call decided it.
 */
export async function decide(
  db: Db,
  tenant: Tenant,
  d: {
    id: string;
    status: 'approved' | 'rejected';
    reviewerUid: string;
    note: string;
    sid: string | null;
    quota: number;
  },
  now: number,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('space_applications')
    .set({
      status: d.status,
      reviewer_uid: d.reviewerUid,
      note: d.note,
      sid: d.sid,
      quota_bytes: d.quota,
      decided_at: now,
    })
    .where('id', '=', d.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
