import type { Db } from '../db/connect';
import { nextCounter } from '../db/counters';
import { containsCi } from '../db/sql-helpers';
import { type AllTenants, propertyTenant, type Tenant } from '../tenancy/tenant';
import { tenantDb } from '../tenancy/tenant-scope';
import { bumpAclVersion } from './property-context';

/**
 * Properties and their businesses (the owner's membership too, made with the property): SQL only
 * (architecture §5–6); modules/property holds the rules. `properties` is not a tenant table (its `pno`
 * is its key); a property's members and businesses are read and written on its scoped handle, which adds the
 * property (platform/tenancy/tenant-scope.ts), but for the operators' list across properties.
 */

/** Property numbers are eight digits from 10000001 on. */
const PNO_START = 10_000_000;

export interface NewProperty {
  name: string;
  isCustomer: boolean;
  ownerUid: string;
  businesses: readonly string[];
}

/** Creates a property with its owner as a member and its authorised businesses, in one transaction. */
export async function createProperty(db: Db, p: NewProperty, now: number): Promise<string> {
  const pno = String(await nextCounter(db, 'pno', PNO_START));
  await db.transaction().execute(async (trx) => {
    // The property just created.
    const scoped = tenantDb(trx, propertyTenant(pno));
    await trx
      .insertInto('properties')
      .values({
        pno,
        name: p.name,
        is_customer: p.isCustomer ? 1 : 0,
        owner_uid: p.ownerUid,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await scoped.insertInto('property_members').values({ uid: p.ownerUid, role: 'owner', joined_at: now }).execute();
    if (p.businesses.length > 0) {
      await scoped
        .insertInto('property_businesses')
        .values(p.businesses.map((business) => ({ business, disabled: 0, authorised_at: now })))
        .execute();
    }
  });
  return pno;
}

export const findPropertyByName = (db: Db, name: string) =>
  db.selectFrom('properties').selectAll().where('name', '=', name).executeTakeFirst();

export const findProperty = (db: Db, pno: string) =>
  // not a tenant filter: a key lookup on properties, the register of properties
  db.selectFrom('properties').selectAll().where('pno', '=', pno).executeTakeFirst();

/** Every property's pno and name, in pno order (operators' overviews). */
export const allPropertyNames = (db: Db, _operator: AllTenants) =>
  db.selectFrom('properties').select(['pno', 'name']).orderBy('pno').execute();

/**
 * Serialises changes of one property inside a transaction: every writer first touches the same row (the
 * property's), so two concurrent writers cannot both pass a check on PostgreSQL; SQLite writes are serial.
 */
export const lockProperty = (db: Db, tenant: Tenant) =>
  db
    .updateTable('properties')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    // not a tenant filter: a key lookup on properties, the register of properties
    .where('pno', '=', tenant.pno)
    .execute();

/** The names of these properties, by pno (one read for a page of rows naming them). */
export async function propertyNames(db: Db, pnos: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const ids = [...new Set([...pnos].filter((p): p is string => !!p))];
  if (ids.length === 0) return new Map();
  // not a tenant filter: a key lookup on properties, the register of properties
  const rows = await db.selectFrom('properties').select(['pno', 'name']).where('pno', 'in', ids).execute();
  return new Map(rows.map((r) => [r.pno, r.name]));
}

/** The rows, each with the name of the property its `pnoKey` names as `nameKey`: one read for a page of rows. */
export async function withPropertyNames<R extends object, K extends keyof R, N extends string>(
  db: Db,
  rows: readonly R[],
  pnoKey: K,
  nameKey: N,
): Promise<(R & Record<N, string>)[]> {
  const names = await propertyNames(
    db,
    rows.map((r) => r[pnoKey] as string),
  );
  return rows.map((r) => ({ ...r, [nameKey]: names.get(r[pnoKey] as string) ?? '' }) as R & Record<N, string>);
}

/** The property's enabled businesses (authorised and not switched off). */
export async function enabledBusinesses(db: Db, tenant: Tenant): Promise<string[]> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('property_businesses')
    .select('business')
    .where('disabled', '=', 0)
    .execute();
  return rows.map((r) => r.business);
}

export interface PropertyFilter {
  str?: string;
  /** -1 all. */
  isCustomer: number;
  filterUid?: string;
  business?: string;
}

/**
 * The back office's property list, newest first, with owner and member count. Across properties (operators): the
 * members and businesses read are each listed property's.
 */
export async function listProperties(db: Db, f: PropertyFilter, pageNum: number, pageSize: number) {
  const base = db
    .selectFrom('properties as p')
    .innerJoin('users as u', 'u.uid', 'p.owner_uid')
    .$if(Boolean(f.str), (q) =>
      // not a tenant filter: the operators' list across properties
      q.where((eb) => eb.or([containsCi('p.name', f.str ?? ''), eb('p.pno', '=', f.str ?? '')])),
    )
    .$if(f.isCustomer !== -1, (q) => q.where('p.is_customer', '=', f.isCustomer))
    .$if(f.filterUid !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('property_members as m')
            .select('m.uid')
            // not a tenant filter: the operators' list across properties
            .whereRef('m.pno', '=', 'p.pno')
            .where('m.uid', '=', f.filterUid as string),
        ),
      ),
    )
    .$if(f.business !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('property_businesses as b')
            .select('b.pno')
            // not a tenant filter: the operators' list across properties
            .whereRef('b.pno', '=', 'p.pno')
            .where('b.business', '=', f.business as string),
        ),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select([
        'p.pno',
        'p.name',
        'p.is_customer',
        'p.owner_uid',
        'p.created_at',
        'p.updated_at',
        'u.name as owner_name',
        'u.phone as owner_phone',
      ])
      .select((eb) =>
        eb
          .selectFrom('property_members as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          // not a tenant filter: the operators' list across properties
          .whereRef('m.pno', '=', 'p.pno')
          .as('member_count'),
      )
      .orderBy('p.created_at', 'desc')
      .orderBy('p.pno', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The authorised businesses of the property. */
export const businessesOf = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant)
    .selectFrom('property_businesses')
    .select(['business', 'disabled', 'authorised_at'])
    .orderBy('business')
    .execute();

/** The authorised businesses of the properties of a page of the operators' list, by property. */
export async function businessesOfListed(db: Db, _operator: AllTenants, pnos: readonly string[]) {
  if (pnos.length === 0) return [];
  return (
    db
      .selectFrom('property_businesses')
      .select(['pno', 'business', 'disabled', 'authorised_at'])
      // not a tenant filter: the operators' list across properties
      .where('pno', 'in', pnos)
      .orderBy('pno')
      .orderBy('business')
      .execute()
  );
}

export async function updateProperty(
  db: Db,
  pno: string,
  patch: { name?: string; isCustomer?: number },
  now: number,
): Promise<void> {
  await db
    .updateTable('properties')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.isCustomer !== undefined ? { is_customer: patch.isCustomer } : {}),
      updated_at: now,
    })
    // not a tenant filter: a key lookup on properties, the register of properties
    .where('pno', '=', pno)
    .execute();
}

/**
 * Makes `to` the owner (a member first if they are not one) and the previous owner an ordinary member; the new
 * owner's permission sets and scopes go (the owner holds everything). One transaction.
 */
export async function transferOwnership(
  db: Db,
  tenant: Tenant,
  from: string,
  to: string,
  now: number,
  /** Further changes in the same transaction (the new owner's administrator rights go: modules/permission). */
  alongside: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    await scoped.updateTable('property_members').set({ role: 'member' }).where('uid', '=', from).execute();
    await scoped
      .insertInto('property_members')
      .values({ uid: to, role: 'owner', joined_at: now })
      .onConflict((oc) => oc.columns(['pno', 'uid']).doUpdateSet({ role: 'owner' }))
      .execute();
    await alongside(trx);
    // not a tenant filter: a key lookup on properties, the register of properties
    await trx.updateTable('properties').set({ owner_uid: to, updated_at: now }).where('pno', '=', tenant.pno).execute();
    await bumpAclVersion(trx, tenant.pno);
  });
}

/** Switches an authorised business off or on; false when it is not authorised. */
export async function setBusinessDisabled(
  db: Db,
  tenant: Tenant,
  business: string,
  disabled: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await tenantDb(trx, tenant)
      .updateTable('property_businesses')
      .set({ disabled })
      .where('business', '=', business)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await bumpAclVersion(trx, tenant.pno);
    return true;
  });
}

/** Replaces the authorised businesses; kept ones keep their on/off state. */
export async function authoriseBusinesses(db: Db, tenant: Tenant, wanted: readonly string[], now: number) {
  return db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    const current = (await scoped.selectFrom('property_businesses').select('business').execute()).map(
      (r) => r.business,
    );
    const added = wanted.filter((b) => !current.includes(b));
    const removed = current.filter((b) => !wanted.includes(b));
    if (added.length > 0) {
      await scoped
        .insertInto('property_businesses')
        .values(added.map((business) => ({ business, disabled: 0, authorised_at: now })))
        .execute();
    }
    if (removed.length > 0) {
      await scoped.deleteFrom('property_businesses').where('business', 'in', removed).execute();
    }
    if (added.length + removed.length > 0) {
      // not a tenant filter: a key lookup on properties, the register of properties
      await trx.updateTable('properties').set({ updated_at: now }).where('pno', '=', tenant.pno).execute();
      await bumpAclVersion(trx, tenant.pno);
    }
    return { added, removed };
  });
}
