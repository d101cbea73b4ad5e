import { expressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { memberUids } from '../../platform/auth/members-repo';
import { userHeads, userMatches, userName as userNameOf, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type TenantDatabase, tenantDb } from '../../platform/tenancy/tenant-scope';
import { platformIdsAmong, platformOptions } from '../device/reads';
import { nodeIdsNamed, nodeNames, unitsAbove } from '../org/reads';
import { titleIdsNamed, titleNames, titlesOfUser } from '../title/reads';
import { userSetIdsNamed, userSetNames, userSetsOfUser } from '../user-set/reads';
import type {
  SigningAuthsTable,
  SigningCertsTable,
  SigningModulesTable,
  SigningRecordsTable,
  SigningUkeysTable,
} from './tables';

/**
 * SQL of the signing module (README.md). Every query runs on the tenant's scoped handle, which adds the property
 * (architecture §5, platform/tenancy/tenant-scope.ts); the expiry job's read alone spans every property. No rules here.
 */

export type CertRow = Selectable<SigningCertsTable>;
export type AuthTarget = 'cert' | 'pc' | 'pcg' | 'ukey';
interface Page {
  pageNum: number;
  pageSize: number;
}

/**
 * How many grants name the row's object (a list's `auth_count` column): a subquery of a query on the scoped handle,
 * which scopes it too.
 */
const authCountOf = (kind: AuthTarget, idRef: string) =>
  expressionBuilder<TenantDatabase, never>()
    .selectFrom('signing_auths as a')
    .select(sql<number>`count(*)`.as('n'))
    .where('a.target_kind', '=', kind)
    .where('a.target_id', '=', sql.ref<string>(idRef))
    .as('auth_count');

// Certificates.

export async function pageCerts(
  db: Db,
  t: Tenant,
  f: { str?: string; keyType?: string; expiringBefore?: number; now: number },
  page: Page,
) {
  const base = () => {
    let q = tenantDb(db, t).selectFrom('signing_certs');
    if (f.str) {
      const str = f.str;
      q = q.where(containsAnyCi(['name', 'subject', 'fingerprint'], str));
    }
    if (f.keyType) q = q.where('key_type', '=', f.keyType);
    if (f.expiringBefore !== undefined) {
      q = q.where('not_after', '<=', f.expiringBefore).where('not_after', '>', f.now).where('state', '=', 'active');
    }
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll()
        .orderBy('created_at', w.dir)
        .orderBy('cert_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'desc' },
  );
}

export const allCerts = (db: Db, t: Tenant) =>
  tenantDb(db, t).selectFrom('signing_certs').selectAll().orderBy('name').limit(2000).execute();

export const findCert = (db: Db, t: Tenant, certId: string) =>
  tenantDb(db, t).selectFrom('signing_certs').selectAll().where('cert_id', '=', certId).executeTakeFirst();

export const findCertByFingerprint = (db: Db, t: Tenant, fingerprint: string) =>
  tenantDb(db, t)
    .selectFrom('signing_certs')
    .select(['cert_id', 'name'])
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();

export const insertCert = (db: Db, t: Tenant, row: Omit<Insertable<SigningCertsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('signing_certs').values(row).execute();

export const updateCert = (db: Db, t: Tenant, certId: string, row: Updateable<SigningCertsTable>) =>
  tenantDb(db, t).updateTable('signing_certs').set(row).where('cert_id', '=', certId).execute();

/** Deletes a certificate with everything that names it. */
export async function deleteCert(db: Db, t: Tenant, certId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  await scoped
    .deleteFrom('signing_collection_items')
    .where('item_id', 'in', (eb) =>
      eb.selectFrom('signing_cert_sign_rels').select('rel_id').where('signing_cert_sign_rels.cert_id', '=', certId),
    )
    .execute();
  await scoped.deleteFrom('signing_cert_sign_rels').where('cert_id', '=', certId).execute();
  await scoped.deleteFrom('signing_cert_platforms').where('cert_id', '=', certId).execute();
  await scoped.deleteFrom('signing_auths').where('target_kind', '=', 'cert').where('target_id', '=', certId).execute();
  await scoped.deleteFrom('signing_certs').where('cert_id', '=', certId).execute();
}

export async function relCountsByCert(db: Db, t: Tenant, certIds: readonly string[]) {
  if (certIds.length === 0) return new Map<string, number>();
  const rows = await tenantDb(db, t)
    .selectFrom('signing_cert_sign_rels')
    .select(['cert_id', sql<number>`count(*)`.as('n')])
    .where('cert_id', 'in', [...certIds])
    .groupBy('cert_id')
    .execute();
  return new Map(rows.map((r) => [r.cert_id, Number(r.n)]));
}

/** Certificates near expiry whose owners have not been told yet (every property: the expiry job). */
export const certsToWarn = (db: Db, before: number, now: number) =>
  db
    .selectFrom('signing_certs')
    .select(['cert_id', 'pno', 'name', 'owner_uid', 'not_after'])
    .where(acrossProperties('system-job'))
    .where('state', '=', 'active')
    .where('not_after', '<=', before)
    .where('not_after', '>', now)
    .where('expiry_notified_at', 'is', null)
    .limit(500)
    .execute();

export const markWarned = (db: Db, t: Tenant, certId: string, at: number) =>
  tenantDb(db, t).updateTable('signing_certs').set({ expiry_notified_at: at }).where('cert_id', '=', certId).execute();

// Sign modules.

export async function pageModules(db: Db, t: Tenant, f: { str?: string; signType?: string }, page: Page) {
  const base = () => {
    let q = tenantDb(db, t).selectFrom('signing_modules');
    if (f.str) {
      const str = f.str;
      q = q.where(containsAnyCi(['name', 'remark'], str));
    }
    if (f.signType) q = q.where('sign_type', '=', f.signType);
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll()
        .select((eb) =>
          eb
            .selectFrom('signing_cert_sign_rels as r')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('r.module_id', '=', 'signing_modules.module_id')
            .as('cert_count'),
        )
        .orderBy('name_key', w.dir)
        .orderBy('module_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'asc' },
  );
}

export const allModules = (db: Db, t: Tenant) =>
  tenantDb(db, t).selectFrom('signing_modules').selectAll().orderBy('name_key').limit(2000).execute();

export const findModule = (db: Db, t: Tenant, moduleId: string) =>
  tenantDb(db, t).selectFrom('signing_modules').selectAll().where('module_id', '=', moduleId).executeTakeFirst();

export const findModuleByName = (db: Db, t: Tenant, nameKey: string) =>
  tenantDb(db, t).selectFrom('signing_modules').select('module_id').where('name_key', '=', nameKey).executeTakeFirst();

export const insertModule = (db: Db, t: Tenant, row: Omit<Insertable<SigningModulesTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('signing_modules').values(row).execute();

export const updateModule = (db: Db, t: Tenant, moduleId: string, row: Updateable<SigningModulesTable>) =>
  tenantDb(db, t).updateTable('signing_modules').set(row).where('module_id', '=', moduleId).execute();

export async function deleteModule(db: Db, t: Tenant, moduleId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  await scoped
    .deleteFrom('signing_collection_items')
    .where('item_id', 'in', (eb) =>
      eb.selectFrom('signing_cert_sign_rels').select('rel_id').where('signing_cert_sign_rels.module_id', '=', moduleId),
    )
    .execute();
  await scoped.deleteFrom('signing_collection_items').where('item_id', '=', moduleId).execute();
  await scoped.deleteFrom('signing_cert_sign_rels').where('module_id', '=', moduleId).execute();
  await scoped.deleteFrom('signing_modules').where('module_id', '=', moduleId).execute();
}

// Relations.

const relSelect = (db: Db, t: Tenant) =>
  tenantDb(db, t)
    .selectFrom('signing_cert_sign_rels as r')
    .innerJoin('signing_modules as m', 'm.module_id', 'r.module_id')
    .innerJoin('signing_certs as c', 'c.cert_id', 'r.cert_id');

export type RelRow = Awaited<ReturnType<typeof findRel>> & object;

export async function pageRels(
  db: Db,
  t: Tenant,
  f: { moduleId?: string; certId?: string; algorithm?: string },
  page: Page,
) {
  const base = () => {
    let q = relSelect(db, t);
    if (f.moduleId) q = q.where('r.module_id', '=', f.moduleId);
    if (f.certId) q = q.where('r.cert_id', '=', f.certId);
    if (f.algorithm) q = q.where('r.algorithm', '=', f.algorithm);
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .select([
          'r.rel_id',
          'r.module_id',
          'r.cert_id',
          'r.algorithm',
          'r.created_at',
          'm.name as module_name',
          'm.sign_type',
          'c.name as cert_name',
          'c.key_type',
        ])
        .orderBy('r.created_at', w.dir)
        .orderBy('r.rel_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'desc' },
  );
}

export const findRel = (db: Db, t: Tenant, relId: string) =>
  relSelect(db, t)
    .select([
      'r.rel_id',
      'r.module_id',
      'r.cert_id',
      'r.algorithm',
      'r.created_at',
      'm.name as module_name',
      'm.sign_type',
      'c.name as cert_name',
      'c.key_type',
    ])
    .where('r.rel_id', '=', relId)
    .executeTakeFirst();

export const findRelByPair = (db: Db, t: Tenant, moduleId: string, certId: string) =>
  tenantDb(db, t)
    .selectFrom('signing_cert_sign_rels')
    .selectAll()
    .where('module_id', '=', moduleId)
    .where('cert_id', '=', certId)
    .executeTakeFirst();

export const relsOfModule = (db: Db, t: Tenant, moduleId: string) =>
  tenantDb(db, t).selectFrom('signing_cert_sign_rels').selectAll().where('module_id', '=', moduleId).execute();

export const insertRel = (
  db: Db,
  t: Tenant,
  row: { rel_id: string; module_id: string; cert_id: string; algorithm: string; created_at: number },
) => tenantDb(db, t).insertInto('signing_cert_sign_rels').values(row).execute();

export const updateRelAlgorithm = (db: Db, t: Tenant, relId: string, algorithm: string) =>
  tenantDb(db, t).updateTable('signing_cert_sign_rels').set({ algorithm }).where('rel_id', '=', relId).execute();

export async function deleteRel(db: Db, t: Tenant, relId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('signing_collection_items').where('item_id', '=', relId).execute();
  await scoped.deleteFrom('signing_cert_sign_rels').where('rel_id', '=', relId).execute();
}

export const existingIds = async (
  db: Db,
  t: Tenant,
  table: 'signing_modules' | 'signing_cert_sign_rels' | 'signing_collections',
  ids: readonly string[],
) => {
  if (ids.length === 0) return [];
  const column = table === 'signing_modules' ? 'module_id' : table === 'signing_collections' ? 'pc_id' : 'rel_id';
  const rows = await tenantDb(db, t)
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as('id'))
    .where(sql.ref(column), 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
};

// Platforms.

/** The property's platforms by name (at most 1000), each with whether the certificate is related to it. */
export async function platformsWithRelation(db: Db, t: Tenant, certId: string) {
  const platforms = await platformOptions(db, t, 1000);
  const related = new Set(
    (
      await tenantDb(db, t)
        .selectFrom('signing_cert_platforms')
        .select('platform_id')
        .where('cert_id', '=', certId)
        .execute()
    ).map((r) => r.platform_id),
  );
  return platforms.map((p) => ({ ...p, related: related.has(p.platform_id) ? certId : null }));
}

/** Which of `ids` are platforms of the property (modules/device). */
export const platformIdsOf = (db: Db, t: Tenant, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : platformIdsAmong(db, t, ids);

export async function replacePlatforms(db: Db, t: Tenant, certId: string, ids: readonly string[], now: number) {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('signing_cert_platforms').where('cert_id', '=', certId).execute();
  if (ids.length > 0) {
    await scoped
      .insertInto('signing_cert_platforms')
      .values(ids.map((platform_id) => ({ cert_id: certId, platform_id, created_at: now })))
      .execute();
  }
}

// Collections and groups.

export async function pageCollections(
  db: Db,
  t: Tenant,
  f: { str?: string; signType?: string; type?: number; groupId?: string },
  page: Page,
) {
  const base = () => {
    let q = tenantDb(db, t)
      .selectFrom('signing_collections as c')
      .leftJoin('signing_collection_groups as g', (j) => j.onRef('g.group_id', '=', 'c.group_id'));
    if (f.str) q = q.where(containsCi('c.name', f.str));
    if (f.signType) q = q.where('c.sign_type', '=', f.signType);
    if (f.type) q = q.where('c.type', '=', f.type);
    if (f.groupId) q = q.where('c.group_id', '=', f.groupId);
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll('c')
        .select('g.name as group_name')
        .select(authCountOf('pc', 'c.pc_id'))
        .orderBy('c.name_key', w.dir)
        .orderBy('c.pc_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'asc' },
  );
}

export const itemsOf = async (db: Db, t: Tenant, pcIds: readonly string[]) =>
  pcIds.length === 0
    ? []
    : tenantDb(db, t)
        .selectFrom('signing_collection_items')
        .select(['pc_id', 'item_id'])
        .where('pc_id', 'in', [...pcIds])
        .execute();

export const findCollection = (db: Db, t: Tenant, pcId: string) =>
  tenantDb(db, t).selectFrom('signing_collections').selectAll().where('pc_id', '=', pcId).executeTakeFirst();

export const findByNameKey = (
  db: Db,
  t: Tenant,
  table: 'signing_collections' | 'signing_collection_groups',
  nameKey: string,
) =>
  tenantDb(db, t)
    .selectFrom(table)
    .select(sql<string>`${sql.ref(table === 'signing_collections' ? 'pc_id' : 'group_id')}`.as('id'))
    .where('name_key', '=', nameKey)
    .executeTakeFirst();

export async function saveCollection(
  db: Db,
  t: Tenant,
  row: {
    pc_id: string;
    name: string;
    name_key: string;
    sign_type: string;
    type: number;
    group_id: string | null;
    remark: string;
  },
  items: readonly string[],
  now: number,
  create: boolean,
): Promise<void> {
  const scoped = tenantDb(db, t);
  if (create) {
    await scoped
      .insertInto('signing_collections')
      .values({ ...row, created_at: now, updated_at: now })
      .execute();
  } else {
    await scoped
      .updateTable('signing_collections')
      .set({ ...row, updated_at: now })
      .where('pc_id', '=', row.pc_id)
      .execute();
    await scoped.deleteFrom('signing_collection_items').where('pc_id', '=', row.pc_id).execute();
  }
  if (items.length > 0) {
    await scoped
      .insertInto('signing_collection_items')
      .values(items.map((item_id) => ({ pc_id: row.pc_id, item_id })))
      .execute();
  }
}

export async function deleteCollection(db: Db, t: Tenant, pcId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('signing_collection_items').where('pc_id', '=', pcId).execute();
  await deleteAuthsOf(db, t, 'pc', pcId);
  await scoped.deleteFrom('signing_collections').where('pc_id', '=', pcId).execute();
}

export async function pageGroups(db: Db, t: Tenant, str: string | undefined, page: Page) {
  const base = () => {
    let q = tenantDb(db, t).selectFrom('signing_collection_groups as g');
    if (str) q = q.where(containsCi('g.name', str));
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll('g')
        .select((eb) => [
          eb
            .selectFrom('signing_collections as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.group_id', '=', 'g.group_id')
            .as('collection_count'),
          authCountOf('pcg', 'g.group_id'),
        ])
        .orderBy('g.name_key', w.dir)
        .orderBy('g.group_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'asc' },
  );
}

export const findGroup = (db: Db, t: Tenant, groupId: string) =>
  tenantDb(db, t)
    .selectFrom('signing_collection_groups')
    .selectAll()
    .where('group_id', '=', groupId)
    .executeTakeFirst();

export async function saveGroup(
  db: Db,
  t: Tenant,
  row: { group_id: string; name: string; name_key: string; remark: string },
  pcIds: readonly string[] | undefined,
  now: number,
  create: boolean,
): Promise<void> {
  const scoped = tenantDb(db, t);
  if (create) {
    await scoped
      .insertInto('signing_collection_groups')
      .values({ ...row, created_at: now, updated_at: now })
      .execute();
  } else {
    await scoped
      .updateTable('signing_collection_groups')
      .set({ ...row, updated_at: now })
      .where('group_id', '=', row.group_id)
      .execute();
  }
  if (pcIds) {
    await scoped
      .updateTable('signing_collections')
      .set({ group_id: null })
      .where('group_id', '=', row.group_id)
      .execute();
    if (pcIds.length > 0) {
      await scoped
        .updateTable('signing_collections')
        .set({ group_id: row.group_id })
        .where('pc_id', 'in', [...pcIds])
        .execute();
    }
  }
}

export async function deleteGroup(db: Db, t: Tenant, groupId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  await scoped.updateTable('signing_collections').set({ group_id: null }).where('group_id', '=', groupId).execute();
  await deleteAuthsOf(db, t, 'pcg', groupId);
  await scoped.deleteFrom('signing_collection_groups').where('group_id', '=', groupId).execute();
}

// Authorisations.

/**
 * A page of a target's authorisations, each with its subject's name (and a user's phone): the subjects' names come
 * from their owners, one read per kind for the page; a search takes the ids of the titles, user sets and units whose
 * name matches from each owner and the users by a condition of platform/auth, so search and paging stay in SQL.
 */
export async function pageAuths(
  db: Db,
  t: Tenant,
  target: AuthTarget,
  targetId: string,
  f: { authType?: number; str?: string },
  page: Page,
) {
  const str = f.str;
  const named = str
    ? await Promise.all([titleIdsNamed(db, t, str), userSetIdsNamed(db, t, str), nodeIdsNamed(db, t, str)])
    : null;
  const base = () => {
    let q = tenantDb(db, t)
      .selectFrom('signing_auths as a')
      .leftJoin('signing_ukeys as k', (j) => j.onRef('k.ukey_id', '=', 'a.subject_id').on('a.auth_type', '=', 5))
      .where('a.target_kind', '=', target)
      .where('a.target_id', '=', targetId);
    if (f.authType) q = q.where('a.auth_type', '=', f.authType);
    if (str && named) {
      const [titleIds, setIds, nodeIds] = named;
      q = q.where((eb) => {
        const ofType = (type: number, ids: readonly string[]) =>
          ids.length > 0 ? [eb.and([eb('a.auth_type', '=', type), eb('a.subject_id', 'in', [...ids])])] : [];
        return eb.or([
          eb.and([eb('a.auth_type', '=', 1), userMatches(eb.ref('a.subject_id'), str, ['name'])]),
          ...ofType(2, titleIds),
          ...ofType(3, setIds),
          ...ofType(4, nodeIds),
          containsCi('k.name', str),
        ]);
      });
    }
    return q;
  };
  const page_ = await readPage(
    () => countOf(base()),
    (w) =>
      base()
        .select(['a.auth_id', 'a.auth_type', 'a.subject_id', 'a.created_at', 'k.name as ukey_name'])
        .orderBy('a.created_at', w.dir)
        .orderBy('a.auth_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'desc' },
  );
  const idsOf = (type: number) => page_.rows.filter((r) => r.auth_type === type).map((r) => r.subject_id);
  const [users, titles, sets, nodes] = await Promise.all([
    userHeads(db, idsOf(1)),
    titleNames(db, t, idsOf(2)),
    userSetNames(db, t, idsOf(3)),
    nodeNames(db, t, idsOf(4)),
  ]);
  const nameOf = (r: (typeof page_.rows)[number]): string | null => {
    if (r.auth_type === 1) return users.get(r.subject_id)?.name ?? null;
    if (r.auth_type === 2) return titles.get(r.subject_id) ?? null;
    if (r.auth_type === 3) return sets.get(r.subject_id) ?? null;
    if (r.auth_type === 4) return nodes.get(r.subject_id) ?? null;
    return r.ukey_name ?? null;
  };
  return {
    total: page_.total,
    rows: page_.rows.map((r) => ({
      auth_id: r.auth_id,
      auth_type: r.auth_type,
      subject_id: r.subject_id,
      created_at: r.created_at,
      subject_name: nameOf(r),
      phone: r.auth_type === 1 ? (users.get(r.subject_id)?.phone ?? null) : null,
    })),
  };
}

export async function insertAuths(
  db: Db,
  t: Tenant,
  rows: Omit<Insertable<SigningAuthsTable>, 'pno'>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await tenantDb(db, t)
    .insertInto('signing_auths')
    .values(rows)
    .onConflict((oc) => oc.columns(['pno', 'target_kind', 'target_id', 'auth_type', 'subject_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function deleteAuths(
  db: Db,
  t: Tenant,
  target: AuthTarget,
  targetId: string,
  authIds: readonly string[],
  authType?: number,
): Promise<number> {
  let q = tenantDb(db, t)
    .deleteFrom('signing_auths')
    .where('target_kind', '=', target)
    .where('target_id', '=', targetId)
    .where('auth_id', 'in', [...authIds]);
  if (authType) q = q.where('auth_type', '=', authType);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

export const deleteAuthsOf = (db: Db, t: Tenant, target: AuthTarget, targetId: string) =>
  tenantDb(db, t)
    .deleteFrom('signing_auths')
    .where('target_kind', '=', target)
    .where('target_id', '=', targetId)
    .execute();

/** Which of the ids name objects of the kind in the property (members for users), through their owners' reads. */
export async function subjectsAmong(db: Db, t: Tenant, authType: number, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  switch (authType) {
    case 1:
      return [...(await memberUids(db, t.pno, list))];
    case 2:
      return [...(await titleNames(db, t, list)).keys()];
    case 3:
      return [...(await userSetNames(db, t, list)).keys()];
    case 4: {
      const found = [...(await nodeNames(db, t, list)).keys()];
      // The root unit `root-<pno>` is the property itself.
      return [...found, ...list.filter((id) => id === `root-${t.pno}`)];
    }
    default: {
      const rows = await tenantDb(db, t)
        .selectFrom('signing_ukeys')
        .select('ukey_id as id')
        .where('ukey_id', 'in', list)
        .execute();
      return rows.map((r) => r.id);
    }
  }
}

/**
 * Who the user is as an authorisation subject: their uid, titles, user sets, their unit and every unit above it (and
 * the root), as `[authType, id]` pairs.
 */
export async function subjectsOfUser(db: Db, t: Tenant, uid: string): Promise<Array<[number, string]>> {
  const [titles, sets, units] = await Promise.all([
    titlesOfUser(db, t, uid),
    userSetsOfUser(db, t, uid),
    unitsAbove(db, t, uid),
  ]);
  return [
    [1, uid],
    ...titles.map((tid): [number, string] => [2, tid]),
    ...sets.map((usid): [number, string] => [3, usid]),
    ...units.map((oid): [number, string] => [4, oid]),
    [4, `root-${t.pno}`],
  ];
}

/** The auth rows naming any of the subjects, for the given targets. */
export async function grantsFor(
  db: Db,
  t: Tenant,
  subjects: ReadonlyArray<[number, string]>,
  targets: ReadonlyArray<[AuthTarget, string]>,
) {
  if (subjects.length === 0 || targets.length === 0) return [];
  return tenantDb(db, t)
    .selectFrom('signing_auths')
    .select(['target_kind', 'target_id', 'auth_type', 'subject_id'])
    .where((eb) => eb.or(subjects.map(([a, s]) => eb.and([eb('auth_type', '=', a), eb('subject_id', '=', s)]))))
    .where((eb) => eb.or(targets.map(([k, id]) => eb.and([eb('target_kind', '=', k), eb('target_id', '=', id)]))))
    .execute();
}

/** Every grant of the subjects (what they may use). */
export const allGrantsOf = (db: Db, t: Tenant, subjects: ReadonlyArray<[number, string]>) =>
  tenantDb(db, t)
    .selectFrom('signing_auths')
    .select(['target_kind', 'target_id'])
    .where((eb) => eb.or(subjects.map(([a, s]) => eb.and([eb('auth_type', '=', a), eb('subject_id', '=', s)]))))
    .execute();

/** Collections naming a module (type 1) or a relation (type 2), with their group. */
export const collectionsCovering = (db: Db, t: Tenant, moduleId: string, relId: string) =>
  tenantDb(db, t)
    .selectFrom('signing_collections as c')
    .innerJoin('signing_collection_items as i', 'i.pc_id', 'c.pc_id')
    .select(['c.pc_id', 'c.group_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('c.type', '=', 1), eb('i.item_id', '=', moduleId)]),
        eb.and([eb('c.type', '=', 2), eb('i.item_id', '=', relId)]),
      ]),
    )
    .execute();

export const collectionsOfGroups = async (db: Db, t: Tenant, groupIds: readonly string[]) =>
  groupIds.length === 0
    ? []
    : tenantDb(db, t)
        .selectFrom('signing_collections')
        .select(['pc_id', 'type'])
        .where('group_id', 'in', [...groupIds])
        .execute();

export const collectionTypes = async (db: Db, t: Tenant, pcIds: readonly string[]) =>
  pcIds.length === 0
    ? []
    : tenantDb(db, t)
        .selectFrom('signing_collections')
        .select(['pc_id', 'type'])
        .where('pc_id', 'in', [...pcIds])
        .execute();

// USB keys.

export async function pageUkeys(db: Db, t: Tenant, str: string | undefined, page: Page) {
  const base = () => {
    let q = tenantDb(db, t).selectFrom('signing_ukeys as k');
    if (str) q = q.where(containsCi('k.name', str));
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll('k')
        .select((eb) => [
          eb
            .selectFrom('signing_certs as c')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('c.ukey_id', '=', 'k.ukey_id')
            .as('cert_count'),
          authCountOf('ukey', 'k.ukey_id'),
        ])
        .orderBy('k.created_at', w.dir)
        .orderBy('k.ukey_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'desc' },
  );
}

export const findUkey = (db: Db, t: Tenant, ukeyId: string) =>
  tenantDb(db, t).selectFrom('signing_ukeys').selectAll().where('ukey_id', '=', ukeyId).executeTakeFirst();

export const findUkeyByToken = (db: Db, t: Tenant, modulePath: string, serial: string) =>
  tenantDb(db, t)
    .selectFrom('signing_ukeys')
    .select('ukey_id')
    .where('module_path', '=', modulePath)
    .where('serial', '=', serial)
    .executeTakeFirst();

export const insertUkey = (db: Db, t: Tenant, row: Omit<Insertable<SigningUkeysTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('signing_ukeys').values(row).execute();

export async function deleteUkey(db: Db, t: Tenant, ukeyId: string): Promise<void> {
  const scoped = tenantDb(db, t);
  const certs = await scoped.selectFrom('signing_certs').select('cert_id').where('ukey_id', '=', ukeyId).execute();
  for (const c of certs) await deleteCert(db, t, c.cert_id);
  await deleteAuthsOf(db, t, 'ukey', ukeyId);
  await scoped.deleteFrom('signing_auths').where('auth_type', '=', 5).where('subject_id', '=', ukeyId).execute();
  await scoped.deleteFrom('signing_ukeys').where('ukey_id', '=', ukeyId).execute();
}

export const certsOfUkey = (db: Db, t: Tenant, ukeyId: string) =>
  tenantDb(db, t).selectFrom('signing_certs').selectAll().where('ukey_id', '=', ukeyId).execute();

export const certsGrantedTo = (db: Db, t: Tenant, authType: number, subjectId: string) =>
  tenantDb(db, t)
    .selectFrom('signing_certs as c')
    .innerJoin('signing_auths as a', (j) => j.onRef('a.target_id', '=', 'c.cert_id').on('a.target_kind', '=', 'cert'))
    .selectAll('c')
    .where('a.auth_type', '=', authType)
    .where('a.subject_id', '=', subjectId)
    .execute();

// Records.

export const insertRecord = (db: Db, t: Tenant, row: Omit<Insertable<SigningRecordsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('signing_records').values(row).execute();

export async function pageRecords(
  db: Db,
  t: Tenant,
  f: { str?: string; moduleId?: string; certId?: string; uid?: string },
  page: Page,
) {
  const base = () => {
    let q = tenantDb(db, t).selectFrom('signing_records as r');
    if (f.uid) q = q.where('r.requester_uid', '=', f.uid);
    if (f.moduleId) q = q.where('r.module_id', '=', f.moduleId);
    if (f.certId) q = q.where('r.cert_id', '=', f.certId);
    if (f.str) {
      const str = f.str;
      q = q.where((eb) =>
        eb.or([
          containsAnyCi(['r.artifact_name', 'r.artifact_sha256'], str),
          userMatches(eb.ref('r.requester_uid'), str, ['name']),
        ]),
      );
    }
    return q;
  };
  const found = await readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll('r')
        .orderBy('r.created_at', w.dir)
        .orderBy('r.sig_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { ...page, order: 'desc' },
  );
  return { ...found, rows: await withUserNames(db, found.rows, 'requester_uid', 'requester_name') };
}

export const findRecord = (db: Db, t: Tenant, sigId: string) =>
  tenantDb(db, t).selectFrom('signing_records').selectAll().where('sig_id', '=', sigId).executeTakeFirst();

/** A user's display name. */
export const userName = (db: Db, uid: string) => userNameOf(db, uid);
