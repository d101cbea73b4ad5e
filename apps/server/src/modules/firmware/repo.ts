import { sql } from 'kysely';
import { withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsPattern } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { customerNames, customerProperties as standingFor } from '../customer/reads';
import { withSpaceNames } from '../space/reads';

/**
 * Firmware packages, their files, customers, keys, upgrade records and deltas: SQL only, each query on the tenant's
 * scoped handle, which adds the property (architecture §5, platform/tenancy/tenant-scope.ts).
 */

type Tx = Db;

export interface PackageFilter {
  sids?: readonly string[] | null;
  groupId?: string;
  swType?: string;
  str?: string;
  published?: 0 | 1;
  ids?: readonly string[];
  /** Published packages of a type newer than a version key. */
  newerThan?: string;
  modelId?: string;
  /** Packages shared with one of these customers (`fw_package_customers`) of the property. */
  sharedWith?: readonly string[];
}

const PACKAGE_COLUMNS = [
  'p.id',
  'p.sid',
  'p.group_id',
  'p.sw_type',
  'p.name',
  'p.version',
  'p.version_key',
  'p.models',
  'p.platforms',
  'p.notes_zh',
  'p.notes_en',
  'p.published',
  'p.published_at',
  'p.size',
  'p.sha256',
  'p.manifest',
  'p.manifest_sig',
  'p.manifest_key',
  'p.created_at',
  'p.updated_at',
  'p.created_by',
] as const;

const packageBase = (db: Db, tenant: Tenant, f: PackageFilter) => {
  let q = tenantDb(db, tenant).selectFrom('fw_packages as p');
  if (f.sids) q = q.where('p.sid', 'in', f.sids.length > 0 ? [...f.sids] : ['']);
  if (f.groupId) q = q.where('p.group_id', '=', f.groupId);
  if (f.swType) q = q.where('p.sw_type', '=', f.swType);
  if (f.published !== undefined) q = q.where('p.published', '=', f.published);
  if (f.ids) q = q.where('p.id', 'in', f.ids.length > 0 ? [...f.ids] : ['']);
  if (f.sharedWith) {
    const cids = f.sharedWith.length > 0 ? [...f.sharedWith] : [''];
    q = q.where('p.id', 'in', (eb) =>
      eb.selectFrom('fw_package_customers as sc').select('sc.package_id').where('sc.cid', 'in', cids),
    );
  }
  if (f.newerThan !== undefined) q = q.where('p.version_key', '>', f.newerThan);
  if (f.modelId) {
    // Fits the model: names it, or names no model at all (fits every model).
    const needle = containsPattern(`"${f.modelId}"`);
    q = q.where((eb) => eb.or([eb('p.models', '=', '[]'), sql<boolean>`p.models like ${needle} escape '\\'`]));
  }
  const str = f.str;
  if (str) {
    q = q.where((eb) => eb.or([containsAnyCi(['p.name', 'p.version'], str), eb('p.id', '=', str)]));
  }
  return q;
};

/** A package's columns with how many customers and files it has. */
const packageRows = (db: Db, tenant: Tenant, f: PackageFilter) =>
  packageBase(db, tenant, f)
    .select(PACKAGE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('fw_package_customers as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.package_id', '=', 'p.id')
        .as('customer_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('fw_package_files as f')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('f.package_id', '=', 'p.id')
        .as('file_count'),
    );

/** Rows with their creator's and space's names: one read of each for the rows (users and spaces are others'). */
const withNames = async <R extends { created_by: string | null; sid: string }>(db: Db, tenant: Tenant, rows: R[]) =>
  withSpaceNames(db, tenant, await withUserNames(db, rows, 'created_by', 'creator_name'));

export type PackageRow = Awaited<ReturnType<typeof findPackages>>[number];

/** Packages newest version first (type, then version), then newest made. */
export async function pagePackages(db: Db, tenant: Tenant, f: PackageFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(packageBase(db, tenant, f)),
    (w) =>
      packageRows(db, tenant, f)
        .orderBy('p.created_at', w.dir)
        .orderBy('p.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withNames(db, tenant, page.rows) };
}

export const findPackages = (db: Db, tenant: Tenant, ids: readonly string[]) => findPackagesBy(db, tenant, { ids });

/** Packages of the property by a filter (no paging: for small sets, such as those shared with some customers). */
export const findPackagesBy = async (db: Db, tenant: Tenant, f: PackageFilter) =>
  withNames(db, tenant, await packageRows(db, tenant, f).execute());

export async function findByVersion(db: Db, tenant: Tenant, swType: string, versionKey: string) {
  return tenantDb(db, tenant)
    .selectFrom('fw_packages')
    .select(['id', 'version'])
    .where('sw_type', '=', swType)
    .where('version_key', '=', versionKey)
    .executeTakeFirst();
}

export interface PackageValues {
  id: string;
  sid: string;
  groupId: string;
  swType: string;
  name: string;
  version: string;
  versionKey: string;
  models: string[];
  platforms: string[];
  notesZh: string;
  notesEn: string;
  size: number;
  sha256: string;
  manifest: string;
  manifestSig: string;
  manifestKey: string;
}

export interface PackageFileValues {
  fid: string;
  name: string;
  size: number;
  sha256: string;
  kind: string;
  artifact: string | null;
  signature: string;
}

const packageColumns = (v: PackageValues) => ({
  group_id: v.groupId,
  name: v.name,
  version: v.version,
  version_key: v.versionKey,
  models: JSON.stringify(v.models),
  platforms: JSON.stringify(v.platforms),
  notes_zh: v.notesZh,
  notes_en: v.notesEn,
  size: v.size,
  sha256: v.sha256,
  manifest: v.manifest,
  manifest_sig: v.manifestSig,
  manifest_key: v.manifestKey,
});

export async function insertPackage(
  db: Tx,
  tenant: Tenant,
  v: PackageValues,
  files: readonly PackageFileValues[],
  uid: string,
  now: number,
) {
  await tenantDb(db, tenant)
    .insertInto('fw_packages')
    .values({
      id: v.id,
      sid: v.sid,
      sw_type: v.swType,
      ...packageColumns(v),
      published: 0,
      published_at: null,
      created_by: uid,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await insertFiles(db, tenant, v.id, files);
}

async function insertFiles(db: Tx, tenant: Tenant, id: string, files: readonly PackageFileValues[]) {
  if (files.length === 0) return;
  await tenantDb(db, tenant)
    .insertInto('fw_package_files')
    .values(
      files.map((f, ord) => ({
        package_id: id,
        ord,
        fid: f.fid,
        name: f.name,
        size: f.size,
        sha256: f.sha256,
        kind: f.kind,
        artifact: f.artifact,
        signature: f.signature,
      })),
    )
    .execute();
}

export async function updatePackage(
  db: Tx,
  tenant: Tenant,
  v: PackageValues,
  files: readonly PackageFileValues[] | null,
  now: number,
) {
  const scoped = tenantDb(db, tenant);
  await scoped
    .updateTable('fw_packages')
    .set({ ...packageColumns(v), updated_at: now })
    .where('id', '=', v.id)
    .execute();
  if (files) {
    await scoped.deleteFrom('fw_package_files').where('package_id', '=', v.id).execute();
    await insertFiles(db, tenant, v.id, files);
  }
}

export const setPublished = (db: Db, tenant: Tenant, id: string, published: 0 | 1, now: number) =>
  tenantDb(db, tenant)
    .updateTable('fw_packages')
    .set({ published, published_at: published ? now : null, updated_at: now })
    .where('id', '=', id)
    .execute();

/** Deletes a package and what hangs on it (files, customers, deltas); true when this call deleted it. */
export async function deletePackage(db: Tx, tenant: Tenant, id: string): Promise<boolean> {
  const scoped = tenantDb(db, tenant);
  await scoped.deleteFrom('fw_package_files').where('package_id', '=', id).execute();
  await scoped.deleteFrom('fw_package_customers').where('package_id', '=', id).execute();
  await scoped
    .deleteFrom('fw_deltas')
    .where((eb) => eb.or([eb('source_id', '=', id), eb('target_id', '=', id)]))
    .execute();
  const r = await scoped.deleteFrom('fw_packages').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export const packageFiles = (db: Db, tenant: Tenant, id: string) =>
  tenantDb(db, tenant).selectFrom('fw_package_files').selectAll().where('package_id', '=', id).orderBy('ord').execute();

/** The first of `fids` a package uses, with the package's name and version. */
export const packageUsingFiles = (db: Db, tenant: Tenant, fids: readonly string[]) =>
  tenantDb(db, tenant)
    .selectFrom('fw_package_files as f')
    .innerJoin('fw_packages as p', 'p.id', 'f.package_id')
    .select(['f.fid', 'p.name', 'p.version'])
    .where('f.fid', 'in', fids.length > 0 ? [...fids] : [''])
    .executeTakeFirst();

/** Packages directly in each group of a space. */
export async function countByGroup(db: Db, tenant: Tenant, sid: string): Promise<Map<string, number>> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('fw_packages')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sid', '=', sid)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export async function typeCounts(db: Db, tenant: Tenant) {
  return tenantDb(db, tenant)
    .selectFrom('fw_packages')
    .select([
      'sw_type',
      (eb) => eb.fn.countAll<number>().as('n'),
      (eb) => eb.fn.sum<number>('published').as('published'),
    ])
    .groupBy('sw_type')
    .execute();
}

// Customers.

/** The customers a package is shared with (`cid`, `name`), by name: the links here, the names from modules/customer. */
export async function packageCustomers(db: Db, tenant: Tenant, id: string) {
  const links = await tenantDb(db, tenant)
    .selectFrom('fw_package_customers')
    .select('cid')
    .where('package_id', '=', id)
    .execute();
  const names = await customerNames(
    db,
    tenant,
    links.map((l) => l.cid),
  );
  return [...names]
    .map(([cid, name]) => ({ cid, name }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export async function replaceCustomers(
  db: Tx,
  tenant: Tenant,
  id: string,
  cids: readonly string[],
  uid: string,
  now: number,
) {
  const scoped = tenantDb(db, tenant);
  await scoped.deleteFrom('fw_package_customers').where('package_id', '=', id).execute();
  if (cids.length === 0) return;
  await scoped
    .insertInto('fw_package_customers')
    .values(cids.map((cid) => ({ package_id: id, cid, added_by: uid, added_at: now })))
    .execute();
}

/** The customer properties the property's customer records stand for (`customers.property_pno`), each once. */
export const customerProperties = (db: Db, tenant: Tenant, cids: readonly string[]) => standingFor(db, tenant, cids);

/** Which of `cids` are the property's customers. */
export const existingCustomers = async (db: Db, tenant: Tenant, cids: readonly string[]) =>
  cids.length === 0 ? [] : [...(await customerNames(db, tenant, cids)).keys()];

// Keys.

export type KeysRow = NonNullable<Awaited<ReturnType<typeof findKeys>>>;

export const findKeys = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant).selectFrom('fw_keys').selectAll().executeTakeFirst();

/** The property's keys row, without a manifest key (the signing service holds it since migration 0033). */
export const insertKeys = (db: Db, tenant: Tenant, now: number) =>
  tenantDb(db, tenant)
    .insertInto('fw_keys')
    .values({ manifest_public: '', manifest_private: '', manifest_key_id: '', updated_at: now })
    .onConflict((oc) => oc.column('pno').doNothing())
    .execute();

/** Empties the manifest private key kept here before migration 0033 (the signing service holds it now). */
export const clearLegacyManifestKey = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant).updateTable('fw_keys').set({ manifest_private: '' }).execute();

export const saveVendorKeys = (
  db: Db,
  tenant: Tenant,
  v: { swuCertificate: string; menderPublicKey: string },
  now: number,
) =>
  tenantDb(db, tenant)
    .updateTable('fw_keys')
    .set({ swu_certificate: v.swuCertificate, mender_public_key: v.menderPublicKey, updated_at: now })
    .execute();

// Upgrade records.

export async function pageRecords(
  db: Db,
  tenant: Tenant,
  f: { deviceId?: string; swId?: string; state?: string },
  pageNum: number,
  pageSize: number,
) {
  const base = () => {
    let q = tenantDb(db, tenant).selectFrom('fw_upgrade_records');
    if (f.deviceId) q = q.where('device_id', '=', f.deviceId);
    if (f.swId) q = q.where('package_id', '=', f.swId);
    if (f.state) q = q.where('state', '=', f.state);
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) =>
      base().selectAll().orderBy('created_at', w.dir).orderBy('id', w.dir).limit(w.limit).offset(w.offset).execute(),
    { pageNum, pageSize, order: 'desc' },
  );
}

export const insertRecord = (
  db: Db,
  tenant: Tenant,
  v: {
    id: string;
    deviceId: string;
    packageId: string;
    swType: string;
    swName: string;
    fromVersion: string;
    toVersion: string;
    delta: 0 | 1;
    state: string;
  },
  now: number,
) =>
  tenantDb(db, tenant)
    .insertInto('fw_upgrade_records')
    .values({
      id: v.id,
      device_id: v.deviceId,
      package_id: v.packageId,
      sw_type: v.swType,
      sw_name: v.swName,
      from_version: v.fromVersion,
      to_version: v.toVersion,
      delta: v.delta,
      state: v.state,
      created_at: now,
      updated_at: now,
    })
    .execute();

// Deltas.

const DELTA_COLUMNS = [
  'd.id',
  'd.sw_type',
  'd.source_id',
  'd.target_id',
  'd.source_version',
  'd.target_version',
  'd.source_sha256',
  'd.target_sha256',
  'd.state',
  'd.reason',
  'd.progress',
  'd.format',
  'd.size',
  'd.sha256',
  'd.full_size',
  'd.verified',
  'd.job_id',
  'd.created_at',
  'd.finished_at',
  'p.name',
  'd.created_by',
] as const;

const deltaBase = (db: Db, tenant: Tenant, f: { swId?: string; swType?: string; str?: string; ids?: string[] }) => {
  let q = tenantDb(db, tenant).selectFrom('fw_deltas as d').innerJoin('fw_packages as p', 'p.id', 'd.target_id');
  if (f.swId) {
    const id = f.swId;
    q = q.where((eb) => eb.or([eb('d.source_id', '=', id), eb('d.target_id', '=', id)]));
  }
  if (f.swType) q = q.where('d.sw_type', '=', f.swType);
  if (f.ids) q = q.where('d.id', 'in', f.ids.length > 0 ? f.ids : ['']);
  if (f.str) {
    q = q.where(containsAnyCi(['p.name', 'd.source_version', 'd.target_version'], f.str));
  }
  return q;
};

export type DeltaRow = Awaited<ReturnType<typeof findDeltas>>[number];

export async function pageDeltas(
  db: Db,
  tenant: Tenant,
  f: { swId?: string; swType?: string; str?: string },
  pageNum: number,
  pageSize: number,
) {
  const page = await readPage(
    () => countOf(deltaBase(db, tenant, f)),
    (w) =>
      deltaBase(db, tenant, f)
        .select(DELTA_COLUMNS)
        .orderBy('d.created_at', w.dir)
        .orderBy('d.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withUserNames(db, page.rows, 'created_by', 'creator_name') };
}

export const findDeltas = async (db: Db, tenant: Tenant, ids: string[]) =>
  withUserNames(db, await deltaBase(db, tenant, { ids }).select(DELTA_COLUMNS).execute(), 'created_by', 'creator_name');

export const findDeltaPair = (db: Db, tenant: Tenant, sourceId: string, targetId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_deltas')
    .select('id')
    .where('source_id', '=', sourceId)
    .where('target_id', '=', targetId)
    .executeTakeFirst();

export const insertDelta = (
  db: Db,
  tenant: Tenant,
  v: {
    id: string;
    swType: string;
    sourceId: string;
    targetId: string;
    sourceVersion: string;
    targetVersion: string;
    sourceSha256: string;
    targetSha256: string;
    fullSize: number;
    uid: string;
  },
  now: number,
) =>
  tenantDb(db, tenant)
    .insertInto('fw_deltas')
    .values({
      id: v.id,
      sw_type: v.swType,
      source_id: v.sourceId,
      target_id: v.targetId,
      source_version: v.sourceVersion,
      target_version: v.targetVersion,
      source_sha256: v.sourceSha256,
      target_sha256: v.targetSha256,
      state: 'queued',
      full_size: v.fullSize,
      created_by: v.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateDelta = (
  db: Db,
  tenant: Tenant,
  id: string,
  v: Partial<{
    state: string;
    reason: string;
    progress: number;
    size: number;
    sha256: string;
    verified: number;
    job_id: string;
    finished_at: number;
  }>,
  now: number,
) =>
  tenantDb(db, tenant)
    .updateTable('fw_deltas')
    .set({ ...v, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();

export async function deleteDelta(db: Db, tenant: Tenant, id: string): Promise<boolean> {
  const r = await tenantDb(db, tenant).deleteFrom('fw_deltas').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Deltas (their ids and blobs) from or to a package: what deleting it drops. */
export const deltasOfPackage = (db: Db, tenant: Tenant, id: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_deltas')
    .select(['id', 'sha256', 'state'])
    .where((eb) => eb.or([eb('source_id', '=', id), eb('target_id', '=', id)]))
    .execute();

/** Ready deltas to a package, with their source versions. */
export const readyDeltasTo = (db: Db, tenant: Tenant, targetId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_deltas')
    .select(['id', 'source_id', 'source_version', 'size', 'sha256', 'source_sha256', 'target_sha256'])
    .where('target_id', '=', targetId)
    .where('state', '=', 'ready')
    .where('verified', '=', 1)
    .execute();
