import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant, TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SoftChangeRecordsTable, SoftInstallersTable, SoftVersionsTable } from './tables';

/** The SQL of versions (`soft_versions`), their installers (`soft_installers`) and change records. No rules here. */

export type VersionRow = Awaited<ReturnType<typeof findVersion>> & object;
export type InstallerRow = Awaited<ReturnType<typeof installersOf>>[number];
export type ChangeRecordRow = Awaited<ReturnType<typeof changeRecordsOf>>[number];

export const findVersion = (db: Db, t: Tenant, versionId: string) =>
  tenantDb(db, t).selectFrom('soft_versions').selectAll().where('version_id', '=', versionId).executeTakeFirst();

export const findVersionByNumber = (db: Db, t: Tenant, softId: string, version: string) =>
  tenantDb(db, t)
    .selectFrom('soft_versions')
    .select('version_id')
    .where('soft_id', '=', softId)
    .where('version', '=', version)
    .executeTakeFirst();

export const insertVersion = (db: Db, t: Tenant, row: Omit<Insertable<SoftVersionsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('soft_versions').values(row).execute();

export const updateVersion = (
  db: Db,
  t: Tenant,
  versionId: string,
  set: Omit<Updateable<SoftVersionsTable>, 'pno' | 'version_id' | 'soft_id' | 'created_by' | 'created_at'>,
) => tenantDb(db, t).updateTable('soft_versions').set(set).where('version_id', '=', versionId).execute();

/**
 * Sets a version's release fields only while it still waits for `pendingChannel` (a hook of the workflow engine, in
 * its transaction): answers whether it did.
 */
export async function settlePending(
  db: Db,
  t: Tenant,
  versionId: string,
  pendingChannel: string,
  set: Omit<Updateable<SoftVersionsTable>, 'pno' | 'version_id' | 'soft_id'>,
): Promise<boolean> {
  const r = await tenantDb(db, t)
    .updateTable('soft_versions')
    .set(set)
    .where('version_id', '=', versionId)
    .where('pending_channel', '=', pendingChannel)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Sets a version's fields only while it is still released where it was read (`channel`) and not waiting for a
 * release: a concurrent release makes the loser's change a no-op. Answers whether it changed.
 */
export async function updateUnchangedVersion(
  db: Db,
  t: Tenant,
  versionId: string,
  channel: string,
  set: Omit<Updateable<SoftVersionsTable>, 'pno' | 'version_id' | 'soft_id'>,
): Promise<boolean> {
  const r = await tenantDb(db, t)
    .updateTable('soft_versions')
    .set(set)
    .where('version_id', '=', versionId)
    .where('channel', '=', channel)
    .where('pending_channel', '=', '')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface VersionFilter {
  softId: string;
  /** Released to this channel (`beta` counts stable ones too). */
  channel?: string;
  str?: string;
}

const versionBase = (db: Db, t: Tenant, f: VersionFilter) => {
  let q = tenantDb(db, t).selectFrom('soft_versions as v').where('v.soft_id', '=', f.softId);
  if (f.channel === 'stable') q = q.where('v.channel', '=', 'stable');
  else if (f.channel === 'beta') q = q.where('v.channel', 'in', ['beta', 'stable']);
  if (f.str) q = q.where(containsCi('v.version', f.str));
  return q;
};

/** A page of a software's versions, highest first. */
export const pageVersions = (db: Db, t: Tenant, f: VersionFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(versionBase(db, t, f)),
    (w) =>
      versionBase(db, t, f).selectAll('v').orderBy('v.version_key', w.dir).limit(w.limit).offset(w.offset).execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Per software: how many versions it has. */
export async function versionCounts(db: Db, t: Tenant, softIds: readonly string[]) {
  if (softIds.length === 0) return new Map<string, number>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_versions')
    .select((eb) => ['soft_id', eb.fn.countAll().as('n')])
    .where('soft_id', 'in', [...softIds])
    .groupBy('soft_id')
    .execute();
  return new Map(rows.map((r) => [r.soft_id, Number(r.n)]));
}

/** The released versions of these software (the latest per channel is picked from them), highest first. */
export const releasedOf = (db: Db, t: Tenant, softIds: readonly string[]) =>
  softIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('soft_versions')
        .select(['soft_id', 'version_id', 'version', 'channel', 'released_at'])
        .where('soft_id', 'in', [...softIds])
        .where('channel', 'in', ['beta', 'stable'])
        .orderBy('soft_id')
        .orderBy('version_key', 'desc')
        .execute();

/** A software's versions (their ids), for deleting it. */
export const versionIdsOf = async (db: Db, t: Tenant, softId: string) =>
  (await tenantDb(db, t).selectFrom('soft_versions').select('version_id').where('soft_id', '=', softId).execute()).map(
    (r) => r.version_id,
  );

/** Deletes versions with their installers and change records; answers the versions deleted. */
export async function deleteVersions(db: Db, t: Tenant, versionIds: readonly string[]): Promise<number> {
  if (versionIds.length === 0) return 0;
  const h = tenantDb(db, t);
  const ids = [...versionIds];
  await h.deleteFrom('soft_installers').where('version_id', 'in', ids).execute();
  await h.deleteFrom('soft_change_records').where('version_id', 'in', ids).execute();
  const r = await h.deleteFrom('soft_versions').where('version_id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- installers ------------------------------------------------------------------------------------------------

export const installersOf = (db: Db, t: Tenant, versionIds: readonly string[]) =>
  versionIds.length === 0
    ? Promise.resolve([] as never[])
    : tenantDb(db, t)
        .selectFrom('soft_installers')
        .selectAll()
        .where('version_id', 'in', [...versionIds])
        .orderBy('version_id')
        .orderBy('os')
        .orderBy('arch')
        .orderBy('format')
        .execute();

export const insertInstaller = (db: Db, t: Tenant, row: Omit<Insertable<SoftInstallersTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('soft_installers').values(row).execute();

export const deleteInstallers = async (db: Db, t: Tenant, installerIds: readonly string[]) => {
  if (installerIds.length === 0) return;
  await tenantDb(db, t)
    .deleteFrom('soft_installers')
    .where('installer_id', 'in', [...installerIds])
    .execute();
};

/** The first software (id, name) whose installer or icon is one of these files. */
export async function softUsingFiles(db: Db, t: Tenant, fids: readonly string[]) {
  if (fids.length === 0) return undefined;
  const h = tenantDb(db, t);
  const installer = await h
    .selectFrom('soft_installers as i')
    .innerJoin('soft_versions as v', 'v.version_id', 'i.version_id')
    .innerJoin('soft_infos as s', 's.soft_id', 'i.soft_id')
    .select(['i.fid', 's.name', 'v.version'])
    .where('i.fid', 'in', [...fids])
    .executeTakeFirst();
  if (installer) return { fid: installer.fid, by: `${installer.name} ${installer.version}` };
  const icon = await h
    .selectFrom('soft_infos')
    .select(['icon_fid', 'name'])
    .where('icon_fid', 'in', [...fids])
    .executeTakeFirst();
  return icon ? { fid: icon.icon_fid, by: icon.name } : undefined;
}

// ---- change records --------------------------------------------------------------------------------------------

export const changeRecordsOf = (db: Db, t: Tenant, versionIds: readonly string[]) =>
  versionIds.length === 0
    ? Promise.resolve([] as never[])
    : tenantDb(db, t)
        .selectFrom('soft_change_records')
        .selectAll()
        .where('version_id', 'in', [...versionIds])
        .orderBy('version_id')
        .orderBy('position')
        .execute();

/** Replaces a version's change record with `rows` (in the caller's transaction). */
export async function replaceChangeRecords(
  db: Db,
  t: Tenant,
  versionId: string,
  rows: readonly Omit<Insertable<SoftChangeRecordsTable>, 'pno'>[],
): Promise<void> {
  const h = tenantDb(db, t);
  await h.deleteFrom('soft_change_records').where('version_id', '=', versionId).execute();
  if (rows.length > 0)
    await h
      .insertInto('soft_change_records')
      .values([...rows])
      .execute();
}

// ---- operators: released versions of every property -------------------------------------------------------------

export interface ReleasedAcrossFilter {
  channel?: string;
  str?: string;
}

const releasedBase = (db: Db, scope: TenantScope, f: ReleasedAcrossFilter) => {
  let q = scopedDb(db, scope)
    .selectFrom('soft_versions as v')
    .innerJoin('soft_infos as s', 's.soft_id', 'v.soft_id')
    .where('v.channel', 'in', f.channel ? [f.channel] : ['beta', 'stable']);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => eb.or([containsCi('s.search_text', str), containsCi('v.version', str)]));
  }
  return q;
};

/** Every property's released versions (or one's), last released first. */
export const pageReleasedAcross = (
  db: Db,
  scope: TenantScope,
  f: ReleasedAcrossFilter,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(releasedBase(db, scope, f)),
    (w) =>
      releasedBase(db, scope, f)
        .selectAll('v')
        .orderBy('v.released_at', w.dir)
        .orderBy('v.version_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
