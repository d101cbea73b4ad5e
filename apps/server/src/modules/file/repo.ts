import { withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { withSpaceNames } from '../space/reads';

/**
 * Files and common files: SQL only, every query on the property's scoped handle, which adds the property to the
 * files (architecture §5, platform/tenancy/tenant-scope.ts); spaces' names come from the space module's reads.
 * No rules here.
 */

export interface FileFilter {
  /** The spaces to list (null: every space of the property). */
  sids: readonly string[] | null;
  groupId?: string;
  str?: string;
}

const FILE_COLUMNS = [
  'f.fid',
  'f.sid',
  'f.group_id',
  'f.name',
  'f.size',
  'f.sha256',
  'f.content_type',
  'f.uid',
  'f.created_at',
  'f.updated_at',
] as const;

const fileBase = (db: Db, tenant: Tenant, f: FileFilter) => {
  let q = tenantDb(db, tenant).selectFrom('files as f');
  if (f.sids !== null) q = q.where('f.sid', 'in', f.sids.length > 0 ? [...f.sids] : ['']);
  if (f.groupId) q = q.where('f.group_id', '=', f.groupId);
  const str = f.str;
  if (str) {
    q = q.where((eb) => eb.or([containsCi('f.name', str), eb('f.fid', '=', str)]));
  }
  return q;
};

export type FileRow = Awaited<ReturnType<typeof findFiles>>[number];

/**
 * A page of files, newest first, read from the nearer end of the ordering (platform/db/paging), over the indexes
 * `(pno, sid, created_at, fid)`, `(pno, sid, group_id, created_at, fid)` and `(pno, created_at, fid)`.
 */
export async function pageFiles(db: Db, tenant: Tenant, f: FileFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(fileBase(db, tenant, f)),
    (w) =>
      fileBase(db, tenant, f)
        .select(FILE_COLUMNS)
        .orderBy('f.created_at', w.dir)
        .orderBy('f.fid', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return {
    ...page,
    rows: await withSpaceNames(db, tenant, await withUserNames(db, page.rows, 'uid', 'uploader_name')),
  };
}

export const findFiles = async (db: Db, tenant: Tenant, fids: readonly string[]) =>
  withSpaceNames(
    db,
    tenant,
    await withUserNames(
      db,
      await tenantDb(db, tenant)
        .selectFrom('files as f')
        .where('f.fid', 'in', fids.length > 0 ? [...fids] : [''])
        .select(FILE_COLUMNS)
        .execute(),
      'uid',
      'uploader_name',
    ),
  );

export interface NewFile {
  fid: string;
  sid: string;
  groupId: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  uid: string;
}

export const insertFile = (db: Db, tenant: Tenant, v: NewFile, now: number) =>
  tenantDb(db, tenant)
    .insertInto('files')
    .values({
      fid: v.fid,
      sid: v.sid,
      group_id: v.groupId,
      name: v.name,
      size: v.size,
      sha256: v.sha256,
      content_type: v.contentType,
      uid: v.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateFile = (db: Db, tenant: Tenant, fid: string, v: { name: string; groupId: string }, now: number) =>
  tenantDb(db, tenant)
    .updateTable('files')
    .set({ name: v.name, group_id: v.groupId, updated_at: now })
    .where('fid', '=', fid)
    .execute();

/** Deletes a file row; true when this call deleted it (two deletes at once: one wins). */
export async function deleteFile(db: Db, tenant: Tenant, fid: string): Promise<boolean> {
  const r = await tenantDb(db, tenant).deleteFrom('files').where('fid', '=', fid).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Files directly in each group of a space (the sid: in no group). */
export async function countByGroup(db: Db, tenant: Tenant, sid: string): Promise<Map<string, number>> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('files')
    .select(['group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sid', '=', sid)
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

// Common files.

const COMMON_COLUMNS = [
  'c.id',
  'c.name',
  'c.version',
  'c.remark',
  'c.file_name',
  'c.size',
  'c.sha256',
  'c.content_type',
  'c.created_at',
  'c.updated_at',
  'c.created_by',
] as const;

const commonBase = (db: Db, tenant: Tenant, f: { id?: string; str?: string }) => {
  let q = tenantDb(db, tenant).selectFrom('common_files as c');
  if (f.id) q = q.where('c.id', '=', f.id);
  if (f.str) {
    q = q.where(containsAnyCi(['c.name', 'c.file_name', 'c.version'], f.str));
  }
  return q;
};

export type CommonFileRow = Awaited<ReturnType<typeof findCommonFiles>>[number];

export async function pageCommonFiles(
  db: Db,
  tenant: Tenant,
  f: { id?: string; str?: string },
  pageNum: number,
  pageSize: number,
) {
  const page = await readPage(
    () => countOf(commonBase(db, tenant, f)),
    (w) =>
      commonBase(db, tenant, f)
        .select(COMMON_COLUMNS)
        .orderBy('c.created_at', w.dir)
        .orderBy('c.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withUserNames(db, page.rows, 'created_by', 'creator_name') };
}

export const findCommonFiles = async (db: Db, tenant: Tenant, ids: readonly string[]) =>
  withUserNames(
    db,
    await commonBase(db, tenant, {})
      .where('c.id', 'in', ids.length > 0 ? [...ids] : [''])
      .select(COMMON_COLUMNS)
      .execute(),
    'created_by',
    'creator_name',
  );

export interface CommonFileContent {
  fileName: string;
  size: number;
  sha256: string;
  contentType: string;
}

export const insertCommonFile = (
  db: Db,
  tenant: Tenant,
  v: { id: string; name: string; version: string; remark: string; uid: string } & CommonFileContent,
  now: number,
) =>
  tenantDb(db, tenant)
    .insertInto('common_files')
    .values({
      id: v.id,
      name: v.name,
      version: v.version,
      remark: v.remark,
      file_name: v.fileName,
      size: v.size,
      sha256: v.sha256,
      content_type: v.contentType,
      created_by: v.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateCommonFile = (
  db: Db,
  tenant: Tenant,
  id: string,
  v: { name: string; version: string; remark: string } & Partial<CommonFileContent>,
  now: number,
) =>
  tenantDb(db, tenant)
    .updateTable('common_files')
    .set({
      name: v.name,
      version: v.version,
      remark: v.remark,
      ...(v.sha256 !== undefined
        ? { file_name: v.fileName, size: v.size, sha256: v.sha256, content_type: v.contentType }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();

export async function deleteCommonFile(db: Db, tenant: Tenant, id: string): Promise<boolean> {
  const r = await tenantDb(db, tenant).deleteFrom('common_files').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
