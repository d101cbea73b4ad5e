import type { Kysely } from 'kysely';
import { findProperty, userContacts, userMatches, withPropertyNames } from '../auth/reads';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { containsAnyCi } from '../db/sql-helpers';
import type { Tenant, TenantScope } from '../tenancy/tenant';
import { scopedDb, type TenantDb, tenantDb } from '../tenancy/tenant-scope';

/**
 * The SQL of a member group (titles, user sets, customers: a named group of a property's users, README.md), once
 * for all three. Every query runs on the tenant's scoped handle, which adds the property (architecture §5,
 * platform/tenancy/tenant-scope.ts).
 */

/** Where a kind of member group lives. */
export interface MemberGroupTables<Id extends string, Extra, V> {
  /** The groups' table (`pno`, the id, `name`, `name_key`, `remark`, `created_by`, `created_at`, `updated_at`, …). */
  groups: keyof Database;
  /** The memberships' table (`pno`, the id, `uid`, `added_by`, `added_at`; unique on (id, uid)). */
  members: keyof Database;
  /** The id column of both: `tid`, `usid`, `cid`. */
  id: Id;
  /** Group columns the list reads besides the id, `pno`, `name`, `remark` and the times (customers: code, contact…). */
  listColumns: readonly (keyof Extra & string)[];
  /** The group columns `str` searches in the list. */
  searchColumns: readonly string[];
  /** Whether the list names each group's property (`property_name`: lists across properties in the back office). */
  propertyName: boolean;
  /** The columns a save writes. */
  columns: (v: V) => Record<string, string | null>;
}

/** The values every group saves; a kind may have more (`columns` writes them). */
export interface GroupValues {
  name: string;
  nameKey: string;
  remark: string;
}

/** The columns of `GroupValues`. */
export const groupColumns = (v: GroupValues) => ({ name: v.name, name_key: v.nameKey, remark: v.remark });

/** A row of the groups list. */
export type GroupRow<Id extends string, Extra> = Record<Id, string> & {
  pno: string;
  name: string;
  remark: string;
  user_count: number;
  created_at: number;
  updated_at: number;
} & Extra;

export interface MemberRow {
  uid: string;
  name: string;
  phone: string;
  email: string | null;
  status: number;
  added_at: number;
}

/** The table and column names come from the descriptor, so the queries below are built on an untyped view. */
// biome-ignore lint/suspicious/noExplicitAny: the descriptor names the tables; each function declares its answer.
const untyped = (db: TenantDb) => db as unknown as Kysely<any>;

/** Whether a property exists (operators name one in the body). */
export async function propertyExists(db: Db, pno: string): Promise<boolean> {
  return Boolean(await findProperty(db, pno));
}

export type MemberGroupRepo<Id extends string, Extra, V> = ReturnType<typeof memberGroupRepo<Id, Extra, V>>;

/** The queries of one kind of member group. */
export function memberGroupRepo<Id extends string, Extra, V>(t: MemberGroupTables<Id, Extra, V>) {
  // Plain strings for the query builder (the typed view is each function's declared answer).
  const groups: string = t.groups;
  const members: string = t.members;
  const id: string = t.id;

  /**
   * The user counts of one page of groups, in one grouped query over the primary key (a correlated count per row
   * would also run for the rows OFFSET skips).
   */
  async function userCounts(db: Db, tenant: TenantScope, ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows: Record<string, unknown>[] = await untyped(scopedDb(db, tenant))
      .selectFrom(members)
      .select([id, (eb) => eb.fn.countAll<number>().as('n')])
      .where(id, 'in', [...ids])
      .groupBy(id)
      .execute();
    return new Map(rows.map((r) => [String(r[id]), Number(r.n)]));
  }

  async function countUsers(db: Db, tenant: Tenant, groupId: string): Promise<number> {
    const row = await untyped(tenantDb(db, tenant))
      .selectFrom(members)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(id, '=', groupId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    id: t.id,

    /** A property's groups, or (`AllTenants`: operators in the back office) every property's; newest first. */
    async list(
      db: Db,
      tenant: TenantScope,
      str: string | undefined,
      pageNum: number,
      pageSize: number,
      only?: string,
    ): Promise<{ rows: GroupRow<Id, Extra>[]; total: number }> {
      const base = untyped(scopedDb(db, tenant))
        .selectFrom(`${groups} as g`)
        .$if(only !== undefined, (q) => q.where(`g.${id}`, '=', only as string))
        .$if(Boolean(str), (q) =>
          q.where(
            containsAnyCi(
              t.searchColumns.map((column) => `g.${column}`),
              str ?? '',
            ),
          ),
        );
      const [page, total] = await Promise.all([
        base
          .select([
            `g.${id}`,
            'g.pno',
            'g.name',
            ...t.listColumns.map((column) => `g.${column}`),
            'g.remark',
            'g.created_at',
            'g.updated_at',
          ])
          .orderBy('g.created_at', 'desc')
          .orderBy(`g.${id}`, 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      // Each group's property name, when the kind lists it: one read for the page.
      const rows: Record<string, unknown>[] = t.propertyName
        ? await withPropertyNames(db, page as Record<string, unknown>[], 'pno', 'property_name')
        : page;
      const counts = await userCounts(
        db,
        tenant,
        rows.map((r) => String(r[id])),
      );
      return {
        rows: rows.map((r) => ({ ...r, user_count: counts.get(String(r[id])) ?? 0 }) as GroupRow<Id, Extra>),
        total: Number(total.n),
      };
    },

    /** A group of the property, or (`AllTenants`: operators) of any property; answers its `pno`. */
    find: (
      db: Db,
      tenant: TenantScope,
      groupId: string,
    ): Promise<(Record<Id, string> & { pno: string; name: string }) | undefined> =>
      untyped(scopedDb(db, tenant))
        .selectFrom(groups)
        .select([id, 'pno', 'name'])
        .where(id, '=', groupId)
        .executeTakeFirst() as Promise<(Record<Id, string> & { pno: string; name: string }) | undefined>,

    /** The names of the property's groups among `ids`, by id (unknown ids are left out): one query. */
    async names(db: Db, tenant: Tenant, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows: Record<string, unknown>[] = await untyped(tenantDb(db, tenant))
        .selectFrom(groups)
        .select([id, 'name'])
        .where(id, 'in', [...ids])
        .execute();
      return new Map(rows.map((r) => [String(r[id]), String(r.name)]));
    },

    /** The ids of the property's groups whose name contains `text`, in any case (a search by subject names). */
    async idsNamed(db: Db, tenant: Tenant, text: string): Promise<string[]> {
      const rows: Record<string, unknown>[] = await untyped(tenantDb(db, tenant))
        .selectFrom(groups)
        .select(id)
        .where(containsAnyCi(['name'], text))
        .execute();
      return rows.map((r) => String(r[id]));
    },

    /** The ids of the property's groups a user is a member of. */
    async groupsOfUser(db: Db, tenant: Tenant, uid: string): Promise<string[]> {
      const rows: Record<string, unknown>[] = await untyped(tenantDb(db, tenant))
        .selectFrom(members)
        .select(id)
        .where('uid', '=', uid)
        .execute();
      return rows.map((r) => String(r[id]));
    },

    /** Another group of the property with the same key in a unique column (`name_key`, `code_key`), if any. */
    findByKey: (
      db: Db,
      tenant: Tenant,
      column: 'name_key' | 'code_key',
      key: string,
      exceptId?: string,
    ): Promise<Record<Id, string> | undefined> =>
      untyped(tenantDb(db, tenant))
        .selectFrom(groups)
        .select(id)
        .where(column, '=', key)
        .$if(exceptId !== undefined, (q) => q.where(id, '!=', exceptId as string))
        .executeTakeFirst() as Promise<Record<Id, string> | undefined>,

    insert: async (db: Db, tenant: Tenant, groupId: string, v: V, by: string, now: number): Promise<void> => {
      await untyped(tenantDb(db, tenant))
        .insertInto(groups)
        .values({ [id]: groupId, ...t.columns(v), created_by: by, created_at: now, updated_at: now })
        .execute();
    },

    update: async (db: Db, tenant: Tenant, groupId: string, v: V, now: number): Promise<void> => {
      await untyped(tenantDb(db, tenant))
        .updateTable(groups)
        .set({ ...t.columns(v), updated_at: now })
        .where(id, '=', groupId)
        .execute();
    },

    countUsers,

    /** The user counts of the groups among `ids`, by id (a group without users, or unknown, is left out). */
    userCounts,

    /** The users of the groups among `ids` together: distinct uids, in uid order, at most `limit`. */
    async memberUidsOf(db: Db, tenant: Tenant, ids: readonly string[], limit: number): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows: { uid: string }[] = await untyped(tenantDb(db, tenant))
        .selectFrom(members)
        .select('uid')
        .distinct()
        .where(id, 'in', [...ids])
        .orderBy('uid')
        .limit(limit)
        .execute();
      return rows.map((r) => r.uid);
    },

    /** Deletes a group and its memberships; call inside a transaction. */
    async delete(db: Db, tenant: Tenant, groupId: string): Promise<void> {
      await untyped(tenantDb(db, tenant)).deleteFrom(members).where(id, '=', groupId).execute();
      await untyped(tenantDb(db, tenant)).deleteFrom(groups).where(id, '=', groupId).execute();
    },

    /** Of `uids`, those in the group. */
    async memberUids(db: Db, tenant: Tenant, groupId: string, uids: readonly string[]): Promise<Set<string>> {
      const rows: { uid: string }[] = await untyped(tenantDb(db, tenant))
        .selectFrom(members)
        .select('uid')
        .where(id, '=', groupId)
        .where('uid', 'in', uids)
        .execute();
      return new Set(rows.map((r) => r.uid));
    },

    /** Inserts the memberships that do not exist yet; answers how many were added. */
    async addUsers(db: Db, tenant: Tenant, groupId: string, uids: readonly string[], by: string, now: number) {
      if (uids.length === 0) return 0;
      const result = await untyped(tenantDb(db, tenant))
        .insertInto(members)
        .values(uids.map((uid) => ({ [id]: groupId, uid, added_by: by, added_at: now })))
        .onConflict((oc) => oc.columns([id, 'uid']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async removeUsers(db: Db, tenant: Tenant, groupId: string, uids: readonly string[]): Promise<number> {
      const result = await untyped(tenantDb(db, tenant))
        .deleteFrom(members)
        .where(id, '=', groupId)
        .where('uid', 'in', uids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A group's users, latest added first; `str` searches name, phone and e-mail. */
    async listUsers(
      db: Db,
      tenant: Tenant,
      groupId: string,
      str: string | undefined,
      pageNum: number,
      pageSize: number,
    ): Promise<{ rows: MemberRow[]; total: number }> {
      const scoped = untyped(tenantDb(db, tenant));
      const memberships = scoped
        .selectFrom(`${members} as m`)
        .where(`m.${id}`, '=', groupId)
        .$if(Boolean(str), (q) => q.where((eb) => userMatches(eb.ref('m.uid'), str ?? '', ['name', 'phone', 'email'])));
      // Page through the membership index first, then read only the page's users (platform/auth, one read).
      const [page, total] = await Promise.all([
        memberships
          .select(['m.uid', 'm.added_at'])
          .orderBy('m.added_at', 'desc')
          .orderBy('m.uid', 'desc')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute() as Promise<{ uid: string; added_at: number }[]>,
        // Without a search the total is an index-only count of the group's memberships.
        str
          ? memberships
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
              .then((r) => Number(r.n))
          : countUsers(db, tenant, groupId),
      ]);
      const users = new Map(
        (
          await userContacts(
            db,
            page.map((m) => m.uid),
          )
        ).map((u) => [u.uid, u]),
      );
      const rows = page.flatMap((m): MemberRow[] => {
        const u = users.get(m.uid);
        return u ? [{ ...u, added_at: m.added_at }] : [];
      });
      return { rows, total };
    },

    /** Removes a user from every group of the kind in the property (call when the user leaves it). */
    removeUserEverywhere: (db: Db, tenant: Tenant, uid: string) =>
      untyped(tenantDb(db, tenant)).deleteFrom(members).where('uid', '=', uid).execute(),
  };
}
