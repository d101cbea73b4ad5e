import { sql } from 'kysely';
import { type Db, precompile } from '../db/connect';
import type { PropertyContext } from '../http/context';
import { computePermissions, type EffectivePermissions, type PropertyRole } from '../permissions/effective';
import { loadGrants } from '../permissions/grants';
import { acrossProperties } from '../tenancy/filters';

/**
 * The property context of every property call (architecture §5). One indexed query per request, compiled once per
 * database, reads the membership (primary keys of `property_members` and `properties`), the property's
 * `acl_version` and its enabled businesses (primary-key prefix of `property_businesses`, aggregated). The
 * permission computation is cached: for owners and members by role and businesses, for administrators also by
 * property, user and `acl_version`, whose grants are read only on a miss. Every write that changes a permission
 * set, an assignment or a scope bumps `acl_version` in its transaction (`bumpAclVersion`), so a cached entry is
 * never used past a change, on this instance or another. Businesses are read with the membership, so even a
 * change made outside the API (but through this process) takes effect on the next call.
 */

/** Most cached computations per database; the oldest go first. */
const CACHE_MAX = 20_000;
const caches = new WeakMap<Db, Map<string, EffectivePermissions>>();

function cacheOf(db: Db): Map<string, EffectivePermissions> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

type ContextQuery = ReturnType<typeof compileContextQuery>;
const contextQueries = new WeakMap<Db, ContextQuery>();

/**
 * The membership row with the property's enabled businesses aggregated into one column (`string_agg`, which
 * SQLite has too), so that the answer is one row however many businesses there are. On SQLite the row is reused
 * for up to a second while nothing at all is written through the connection (`precompile`'s `reuseMs`): any
 * change to a membership, a property or its businesses is a write, so the next call reads again.
 */
function compileContextQuery(db: Db) {
  return precompile(
    db,
    (param: (name: 'pno' | 'uid') => string) =>
      db
        .selectFrom('property_members as m')
        .innerJoin('properties as p', 'p.pno', 'm.pno')
        .select((eb) => [
          'p.pno',
          'p.name',
          'p.is_customer',
          'p.acl_version',
          'm.role',
          eb
            .selectFrom('property_businesses as b')
            .select(sql<string | null>`string_agg(b.business, ',')`.as('list'))
            .whereRef('b.pno', '=', 'p.pno')
            .where('b.disabled', '=', 0)
            .as('businesses'),
        ])
        .where('m.pno', '=', param('pno'))
        .where('m.uid', '=', param('uid')),
    { reuseMs: 1_000 },
  );
}

/** The property a member works in, or null when the user is not a member (answered as "not found"). */
export async function loadPropertyContext(db: Db, uid: string, pno: string): Promise<PropertyContext | null> {
  let query = contextQueries.get(db);
  if (!query) {
    query = compileContextQuery(db);
    contextQueries.set(db, query);
  }
  const row = (await query({ pno, uid }))[0];
  if (!row) return null;
  // A reused row (same object, same acl_version) answers the context built from it the first time.
  const known = contexts.get(row);
  if (known) return known;
  const businesses = Object.freeze(row.businesses ? row.businesses.split(',').sort() : []);
  const role = row.role as PropertyRole;
  const effective = await effectiveFor(db, uid, pno, role, Number(row.acl_version), businesses);
  const context: PropertyContext = Object.freeze({
    pno: row.pno,
    name: row.name,
    isCustomer: row.is_customer === 1,
    role,
    businesses,
    permissions: effective.permissions,
    grants: effective.grants,
    scopeOf: effective.scopeOf,
  });
  contexts.set(row, context);
  return context;
}

/** Contexts built from a row, while the row is kept for reuse (frozen: calls share them). */
const contexts = new WeakMap<object, PropertyContext>();

async function effectiveFor(
  db: Db,
  uid: string,
  pno: string,
  role: PropertyRole,
  version: number,
  businesses: readonly string[],
): Promise<EffectivePermissions> {
  const cache = cacheOf(db);
  const key =
    role === 'admin' ? `admin|${pno}|${uid}|${version}|${businesses.join(',')}` : `${role}|${businesses.join(',')}`;
  let effective = cache.get(key);
  if (!effective) {
    const grants = role === 'admin' ? await loadGrants(db, pno, uid) : [];
    effective = computePermissions(role, businesses, grants);
    if (cache.size >= CACHE_MAX) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, effective);
  }
  return effective;
}

/**
 * Marks a change to what the members of a property may do; call it in the transaction of the change
 * (businesses, permission sets, assignments and scopes, ownership, roles).
 */
export async function bumpAclVersion(db: Db, pno: string): Promise<void> {
  await db.updateTable('properties').set({ acl_version: sql`acl_version + 1` }).where('pno', '=', pno).execute();
}

/** The properties a user belongs to, in the order they joined (the first is selected at sign-in, SPEC §4). */
export async function listMyProperties(db: Db, uid: string) {
  const rows = await db
    .selectFrom('property_members as m')
    .innerJoin('properties as p', 'p.pno', 'm.pno')
    .select(['p.pno', 'p.name', 'p.is_customer', 'm.role'])
    .where(acrossProperties('own-uid'))
    .where('m.uid', '=', uid)
    .orderBy('m.joined_at')
    .orderBy('p.pno')
    .execute();
  return rows.map((r) => ({
    pno: r.pno,
    name: r.name,
    isCustomer: r.is_customer === 1 ? (1 as const) : (0 as const),
    role: r.role as PropertyRole,
  }));
}
