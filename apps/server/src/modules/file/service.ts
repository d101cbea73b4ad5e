import { type CommonFileItem, type FileItem, fileEndpoints } from '@keel/contract/endpoints/file';
import { SPACE_PERMISSIONS } from '@keel/contract/endpoints/space';
import { extensionPoint } from '../../platform/extension-points';
import { memberProperty } from '../../platform/http/access';
import type { RequestContext } from '../../platform/http/context';
import { requireProperty, requireUpload, requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { BlobTooLargeError, type StagedBlob } from '../../platform/storage/blob-store';
import { safeFileName } from '../../platform/storage/file-name';
import { signedLink, signedLinkValid } from '../../platform/storage/signed-links';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { assertGroupOf, spaceOfGroupId, spacesOwnedBy } from '../space/reads';
import { releaseSpaceUsage, reserveSpaceQuota, spaceForRequest } from '../space/service';
import * as repo from './repo';

/**
 * Files in spaces and common files (README.md): the rules. Who may read or write a space is the space module's
 * (`spaceForRequest`); quota is reserved there before any byte is kept. No SQL and no HTTP here.
 */

export const fileOwner = (fid: string) => `file:${fid}`;
export const commonFileOwner = (id: string) => `commonFile:${id}`;

const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
/** A client's content type when it is a plain `type/subtype`, else `application/octet-stream`. */
export const safeContentType = (type: string | null | undefined) =>
  type && CONTENT_TYPE.test(type) ? type.toLowerCase() : 'application/octet-stream';

export function fileItem(r: repo.FileRow): FileItem {
  return {
    fid: r.fid,
    sid: r.sid,
    spaceName: r.space_name,
    groupId: r.group_id,
    name: r.name,
    size: Number(r.size),
    sha256: r.sha256,
    contentType: r.content_type,
    uid: r.uid,
    uploaderName: r.uploader_name ?? '',
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

export function commonFileItem(r: repo.CommonFileRow): CommonFileItem {
  return {
    id: r.id,
    name: r.name,
    version: r.version,
    remark: r.remark,
    fileName: r.file_name,
    size: Number(r.size),
    sha256: r.sha256,
    creatorName: r.creator_name ?? '',
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

/** The group a file goes into: one of the space's groups, or the space itself (the root) when none is named. */
export async function groupInSpace(s: Services, tenant: Tenant, sid: string, groupId: string | undefined) {
  if (!groupId) return sid;
  await assertGroupOf(s.db, tenant, sid, groupId);
  return groupId;
}

/** A file of the property the caller may use (read: its space's readers; write: those who write into it). */
export async function fileForRequest(s: Services, ctx: RequestContext, fid: string, right: 'read' | 'write') {
  const [row] = await repo.findFiles(s.db, tenantOf(ctx), [fid]);
  if (!row) throw notFound('fid');
  await spaceForRequest(s, ctx, row.sid, right);
  return row;
}

/**
 * `fis/fi/uploadFile`: the caller must write into the space; the request's whole length (capped at `maxSize`; the
 * mount refused a longer request, platform/http/multipart.ts) is reserved against the quota before any byte is read, the part is streamed into the store (hashed, at most
 * `maxSize`), then the reservation is narrowed to the file's true size and committed with the new file row.
 */
export async function uploadSmall(
  s: Services,
  ctx: RequestContext,
  input: { sid: string; groupId?: string; name?: string },
  maxSize: number,
): Promise<FileItem> {
  const space = await spaceForRequest(s, ctx, input.sid, 'write');
  const tenant = tenantOf(ctx);
  const groupId = await groupInSpace(s, tenant, space.sid, input.groupId);
  const incoming = requireUpload(ctx);
  const first = await reserveSpaceQuota(s, tenant, space.sid, Math.min(incoming.length, maxSize));
  let staged: StagedBlob;
  let part: { filename: string; mimeType: string };
  try {
    const opened = await incoming.file();
    part = opened;
    staged = await s.blobs.store.stage(opened.stream, { maxSize: Math.min(incoming.length, maxSize) });
  } catch (error) {
    await first.release();
    if (error instanceof BlobTooLargeError) throw new AppError('tooLarge', {}, { status: 413 });
    throw error;
  }
  // The file is smaller than the request (the multipart framing): hold exactly its size instead.
  await first.release();
  let exact: Awaited<ReturnType<typeof reserveSpaceQuota>>;
  try {
    exact = await reserveSpaceQuota(s, tenant, space.sid, staged.size);
  } catch (error) {
    await staged.discard();
    throw error;
  }
  try {
    const fid = newId();
    const blob = await s.blobs.record(staged, fileOwner(fid));
    const name = safeFileName(input.name ?? part.filename);
    const file = {
      sid: space.sid,
      groupId,
      name,
      contentType: safeContentType(part.mimeType),
      uid: requireUser(ctx).uid,
    };
    try {
      await repo.insertFile(s.db, tenant, { ...file, fid, size: blob.size, sha256: blob.sha256 }, s.now());
      await exact.commit();
    } catch (error) {
      await repo.deleteFile(s.db, tenant, fid).catch(() => {});
      await s.blobs.dropRef(blob.sha256, fileOwner(fid));
      throw error;
    }
    ctx.audit.target = fid;
    return fileItem((await repo.findFiles(s.db, tenant, [fid]))[0] as repo.FileRow);
  } catch (error) {
    await exact.release();
    throw error;
  }
}

/** What a tus upload of a file remembers between its hooks. */
export interface UploadContext {
  [key: string]: string;
  pno: string;
  sid: string;
  groupId: string;
  name: string;
  contentType: string;
  /** The space's quota reservation (space module) and when it expires. */
  reservation: string;
  expiresAt: string;
}

/**
 * A request context for a tus request: the session's user in the property its metadata names, checked as an upload
 * through `fis/fi/uploadFile` is (the same declared access, by the one access check).
 */
export async function uploadRequestContext(
  s: Services,
  user: RequestContext['user'] & object,
  pno: string | null | undefined,
  locale: RequestContext['locale'] = 'zh-cn',
): Promise<RequestContext> {
  const access = fileEndpoints['fis/fi/uploadFile'].access;
  if (access.kind !== 'property') throw new Error('fis/fi/uploadFile is declared with property access');
  const property = await memberProperty(s, user, pno, access);
  return { requestId: newId(), locale, ip: '', user, property, device: null, audit: {} };
}

/** Finishes a tus upload: the file row (its blob held by `file:<fid>`), the quota committed. */
export async function keepUploadedFile(
  s: Services,
  uid: string,
  context: UploadContext,
  blob: { sha256: string; size: number },
  commit: () => Promise<void>,
): Promise<string> {
  const tenant = propertyTenant(context.pno);
  const fid = newId();
  if (!(await s.blobs.addRef(blob.sha256, fileOwner(fid)))) throw notFound('file');
  await repo
    .insertFile(
      s.db,
      tenant,
      {
        fid,
        sid: context.sid,
        groupId: context.groupId,
        name: context.name,
        contentType: context.contentType,
        uid,
        size: blob.size,
        sha256: blob.sha256,
      },
      s.now(),
    )
    .catch(async (error) => {
      await s.blobs.dropRef(blob.sha256, fileOwner(fid));
      throw error;
    });
  try {
    await commit();
  } catch (error) {
    await repo.deleteFile(s.db, tenant, fid).catch(() => {});
    await s.blobs.dropRef(blob.sha256, fileOwner(fid));
    throw error;
  }
  return fid;
}

/** The spaces whose files the caller lists: null for every space of the property. */
async function readableSpaces(s: Services, ctx: RequestContext): Promise<string[] | null> {
  const property = requireProperty(ctx);
  const own = await spacesOwnedBy(s.db, tenantOf(ctx), requireUser(ctx).uid);
  if (!property.permissions.has(SPACE_PERMISSIONS.view)) return own;
  const scope = property.scopeOf(SPACE_PERMISSIONS.view).spaces;
  return scope === null ? null : [...new Set([...own, ...scope])];
}

export async function listFiles(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; sid?: string; groupId?: string },
) {
  const tenant = tenantOf(ctx);
  let sids: string[] | null;
  if (input.sid) {
    await spaceForRequest(s, ctx, input.sid, 'read');
    sids = [input.sid];
  } else {
    sids = await readableSpaces(s, ctx);
  }
  let groupId: string | undefined;
  if (input.groupId) {
    const sid = input.sid ?? (await spaceOfGroupId(s.db, tenant, input.groupId));
    if (!sid) throw notFound('groupId');
    if (!input.sid) {
      await spaceForRequest(s, ctx, sid, 'read');
      sids = [sid];
    }
    groupId = await groupInSpace(s, tenant, sid, input.groupId);
  }
  const { rows, total } = await repo.pageFiles(
    s.db,
    tenant,
    { sids, groupId, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(fileItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function renameFile(
  s: Services,
  ctx: RequestContext,
  input: { fid: string; name?: string; groupId?: string },
): Promise<FileItem> {
  const tenant = tenantOf(ctx);
  const row = await fileForRequest(s, ctx, input.fid, 'write');
  const groupId = input.groupId === undefined ? row.group_id : await groupInSpace(s, tenant, row.sid, input.groupId);
  const name = input.name === undefined ? row.name : safeFileName(input.name);
  await repo.updateFile(s.db, tenant, row.fid, { name, groupId }, s.now());
  return fileItem((await repo.findFiles(s.db, tenant, [row.fid]))[0] as repo.FileRow);
}

/**
 * Who uses files (another module, e.g. firmware packages): answers, for the first of `fids` in use, the file and a
 * name of its user; null when none is. Contributed by the using module, so this one never imports it.
 */
export type FileUseCheck = (
  s: Services,
  tenant: Tenant,
  fids: readonly string[],
) => Promise<{ fid: string; by: string } | null>;
export const fileUseChecks = extensionPoint<FileUseCheck>('file.useChecks');

/** Files of the property the caller may read (its spaces' readers), in the order asked; not found when one is not. */
export async function readableFiles(s: Services, ctx: RequestContext, fids: readonly string[]) {
  const rows = await repo.findFiles(s.db, tenantOf(ctx), [...new Set(fids)]);
  const byId = new Map(rows.map((r) => [r.fid, r]));
  const out = fids.map((fid) => byId.get(fid));
  if (out.some((r) => !r)) throw notFound('fid');
  for (const sid of new Set(rows.map((r) => r.sid))) await spaceForRequest(s, ctx, sid, 'read');
  return (out as repo.FileRow[]).map(fileItem);
}

/** Deletes files the caller writes into: each row, the space's use, the blob's hold (collected later). */
export async function deleteFiles(s: Services, ctx: RequestContext, fids: readonly string[]): Promise<number> {
  const tenant = tenantOf(ctx);
  const rows = await repo.findFiles(s.db, tenant, [...new Set(fids)]);
  if (rows.length !== new Set(fids).size) throw notFound('fid');
  for (const sid of new Set(rows.map((r) => r.sid))) await spaceForRequest(s, ctx, sid, 'write');
  for (const check of s.extensions.all(fileUseChecks)) {
    const used = await check(
      s,
      tenant,
      rows.map((r) => r.fid),
    );
    if (used)
      throw new AppError('fileInUse', { name: rows.find((r) => r.fid === used.fid)?.name ?? used.fid, by: used.by });
  }
  let deleted = 0;
  for (const row of rows) {
    if (!(await repo.deleteFile(s.db, tenant, row.fid))) continue;
    deleted += 1;
    await releaseSpaceUsage(s, tenant, row.sid, Number(row.size));
    await s.blobs.dropRef(row.sha256, fileOwner(row.fid));
  }
  return deleted;
}

/** Files directly in each group of a space (the group tree's file counts). */
export const filesPerGroup = (s: Services, tenant: Tenant, sid: string) => repo.countByGroup(s.db, tenant, sid);

// Download links: a browser's GET carries no `token` header, so a checked caller gets a short signed link.

const LINK_TTL_MS = 60_000;
const SHOWN_LINK_TTL_MS = 3_600_000;
export const DOWNLOAD_PREFIX = '/api/download';
type LinkKind = 'file' | 'common';

function downloadLink(s: Services, kind: LinkKind, pno: string, id: string) {
  return signedLink(s, 'download', DOWNLOAD_PREFIX, [kind, pno, id], s.now() + LINK_TTL_MS);
}

/** The object a download link names, or null when it is forged or expired. */
export function readDownloadLink(
  s: Services,
  parts: { kind: string; pno: string; id: string; expires: string; sig: string },
): { kind: LinkKind; pno: string; id: string } | null {
  if (parts.kind !== 'file' && parts.kind !== 'common') return null;
  if (!signedLinkValid(s, 'download', [parts.kind, parts.pno, parts.id], parts.expires, parts.sig)) return null;
  return { kind: parts.kind, pno: parts.pno, id: parts.id };
}

/**
 * A download link, valid an hour, to a file of the property that another module already checked its reader may see
 * (the icon and installers of a piece of software in its lists), so that a list needs no call per file.
 */
export function shownFileLink(s: Services, pno: string, fid: string): string {
  return signedLink(s, 'download', DOWNLOAD_PREFIX, ['file', pno, fid], s.now() + SHOWN_LINK_TTL_MS).url;
}

export async function fileDownloadLink(s: Services, ctx: RequestContext, fid: string) {
  const row = await fileForRequest(s, ctx, fid, 'read');
  return downloadLink(s, 'file', tenantOf(ctx).pno, row.fid);
}

/** What a valid link downloads: the blob, its size and name (null when the object is gone). */
export async function linkTarget(s: Services, link: { kind: LinkKind; pno: string; id: string }) {
  const tenant = propertyTenant(link.pno);
  if (link.kind === 'file') {
    const [row] = await repo.findFiles(s.db, tenant, [link.id]);
    return row ? { sha256: row.sha256, size: Number(row.size), name: row.name, contentType: row.content_type } : null;
  }
  const [row] = await repo.findCommonFiles(s.db, tenant, [link.id]);
  return row
    ? { sha256: row.sha256, size: Number(row.size), name: row.file_name, contentType: row.content_type }
    : null;
}

// Common files (the PC software store's shared files).

export async function listCommonFiles(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; id?: string; str?: string },
) {
  const { rows, total } = await repo.pageCommonFiles(
    s.db,
    tenantOf(ctx),
    { id: input.id, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  if (input.id && total === 0) throw notFound('id');
  return { list: rows.map(commonFileItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The content of a file the caller may read, held for a common file by `commonFile:<id>`. */
async function holdContent(s: Services, ctx: RequestContext, fid: string, id: string) {
  const row = await fileForRequest(s, ctx, fid, 'read');
  if (!(await s.blobs.addRef(row.sha256, commonFileOwner(id)))) throw notFound('fid');
  return { fileName: row.name, size: Number(row.size), sha256: row.sha256, contentType: row.content_type };
}

export async function saveCommonFile(
  s: Services,
  ctx: RequestContext,
  input: { fid: string; name: string; version: string; remark: string },
): Promise<string> {
  const id = newId();
  const content = await holdContent(s, ctx, input.fid, id);
  try {
    await repo.insertCommonFile(
      s.db,
      tenantOf(ctx),
      { id, name: input.name, version: input.version, remark: input.remark, uid: requireUser(ctx).uid, ...content },
      s.now(),
    );
  } catch (error) {
    await s.blobs.dropRef(content.sha256, commonFileOwner(id));
    throw error;
  }
  return id;
}

export async function updateCommonFile(
  s: Services,
  ctx: RequestContext,
  input: { id: string; fid?: string; name: string; version: string; remark: string },
): Promise<CommonFileItem> {
  const tenant = tenantOf(ctx);
  const [row] = await repo.findCommonFiles(s.db, tenant, [input.id]);
  if (!row) throw notFound('id');
  let content: repo.CommonFileContent | undefined;
  if (input.fid) {
    // The owner string is the same for old and new content: drop the old only when the content changed.
    content = await holdContent(s, ctx, input.fid, row.id);
  }
  await repo.updateCommonFile(
    s.db,
    tenant,
    row.id,
    { name: input.name, version: input.version, remark: input.remark, ...content },
    s.now(),
  );
  if (content && content.sha256 !== row.sha256) await s.blobs.dropRef(row.sha256, commonFileOwner(row.id));
  return commonFileItem((await repo.findCommonFiles(s.db, tenant, [row.id]))[0] as repo.CommonFileRow);
}

export async function deleteCommonFiles(s: Services, ctx: RequestContext, ids: readonly string[]): Promise<number> {
  const tenant = tenantOf(ctx);
  const rows = await repo.findCommonFiles(s.db, tenant, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) throw notFound('id');
  let deleted = 0;
  for (const row of rows) {
    if (!(await repo.deleteCommonFile(s.db, tenant, row.id))) continue;
    deleted += 1;
    await s.blobs.dropRef(row.sha256, commonFileOwner(row.id));
  }
  return deleted;
}

export async function commonFileDownloadLink(s: Services, ctx: RequestContext, id: string) {
  const [row] = await repo.findCommonFiles(s.db, tenantOf(ctx), [id]);
  if (!row) throw notFound('id');
  return downloadLink(s, 'common', tenantOf(ctx).pno, row.id);
}
