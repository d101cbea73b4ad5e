import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  APK_MAX_BYTES,
  APP_IMAGE_MAX_BYTES,
  type ApkAnalysis,
  type AppFileItem,
  type AppFileKind,
} from '@keel/contract/endpoints/app-store';
import { type RequestContext, requireUpload, requireUser } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { safeFileName } from '../../platform/storage/file-name';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { type ApkReading, readApk } from './apk/analyse';
import { ApkRefusal } from './apk/zip-scan';
import { appFileUrl } from './links';
import * as repo from './repo';

/**
 * The app store's uploaded files (README "Files"): an APK, analysed before anything is kept, or a listing image,
 * checked by its first bytes. The bytes are blobs kept by `appFile:<fid>`; a file no version or listing names is
 * removed a day after its upload (`SWEEP_JOB`).
 */

export const SWEEP_JOB = 'appStore.sweepFiles';
/** How long an uploaded file waits to be named by a version or listing. */
export const UNUSED_FILE_TTL_MS = 24 * 3_600_000;
const SWEEP_SLOT_MS = 3_600_000;

const owner = (fid: string) => `appFile:${fid}`;

export const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

/** The image types a listing shows, by their first bytes. */
function imageType(head: Buffer): string | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

export const analysisOf = (row: { analysis: string }): ApkAnalysis | null =>
  row.analysis ? (JSON.parse(row.analysis) as ApkAnalysis) : null;

export const fileItem = (s: Services, row: repo.AppFileRow): AppFileItem => ({
  fid: row.fid,
  url: appFileUrl(s, row.pno, row.fid),
  iconUrl: appFileUrl(s, row.pno, analysisOf(row)?.iconFid ?? ''),
  kind: row.kind as AppFileKind,
  name: row.name,
  size: Number(row.size),
  sha256: row.sha256,
  apk: analysisOf(row),
});

/** Streams the upload to a private temporary file, counting and hashing it. */
async function receive(ctx: RequestContext, dir: string, maxBytes: number) {
  const part = await requireUpload(ctx).file();
  const path = join(dir, 'upload');
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new AppError('tooLarge'));
      if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(part.stream, meter, createWriteStream(path, { mode: 0o600 }));
  return { path, size, sha256: hash.digest('hex'), head, name: safeFileName(part.filename) };
}

const refusal = (error: unknown, name: string) =>
  error instanceof ApkRefusal ? new AppError(error.key, { name, entry: error.entry }) : error;

/** Keeps an upload: its bytes (and an APK's icon, as an image beside it) and its row. */
async function keep(
  s: Services,
  t: Tenant,
  uid: string,
  kind: AppFileKind,
  got: { path: string; size: number; sha256: string; name: string; contentType: string },
  apk: ApkReading | null,
): Promise<repo.AppFileRow> {
  const fid = newId();
  const now = s.now();
  let analysis: ApkAnalysis | null = null;
  if (apk) {
    const { icon, ...read } = apk;
    let iconFid = '';
    const iconType = icon && imageType(icon.bytes);
    if (icon && iconType) {
      iconFid = repo.apkIconFid(fid);
      const stored = await s.blobs.keep(Readable.from([icon.bytes]), {
        owner: owner(iconFid),
        maxSize: APP_IMAGE_MAX_BYTES,
      });
      await repo.insertFile(s.db, t, {
        fid: iconFid,
        uid,
        kind: 'image',
        name: icon.name.split('/').pop() ?? 'icon.png',
        content_type: iconType,
        size: stored.size,
        sha256: stored.sha256,
        created_at: now,
      });
    }
    analysis = { ...read, iconFid };
  }
  await s.blobs.keep(createReadStream(got.path), {
    owner: owner(fid),
    maxSize: got.size,
    expectedSha256: got.sha256,
  });
  const row = {
    fid,
    uid,
    kind,
    name: got.name,
    content_type: got.contentType,
    size: got.size,
    sha256: got.sha256,
    analysis: analysis ? JSON.stringify(analysis) : '',
    created_at: now,
  };
  await repo.insertFile(s.db, t, row);
  await scheduleSweep(s, now + UNUSED_FILE_TTL_MS);
  return { ...row, pno: t.pno };
}

/** `ai/uploadAppFile`: an APK or an image, refused with the reason (nothing kept) when it is not sound. */
export async function uploadAppFile(s: Services, ctx: RequestContext, kind: AppFileKind): Promise<AppFileItem> {
  const uid = requireUser(ctx).uid;
  const t = tenantOf(ctx);
  const dir = await mkdtemp(join(tmpdir(), 'keel-app-'));
  try {
    const got = await receive(ctx, dir, kind === 'apk' ? APK_MAX_BYTES : APP_IMAGE_MAX_BYTES);
    if (kind === 'image') {
      const contentType = imageType(got.head);
      if (!contentType) throw new AppError('appImageInvalid', { name: got.name });
      return fileItem(s, await keep(s, t, uid, kind, { ...got, contentType }, null));
    }
    const row = await keepApk(s, t, uid, got);
    ctx.audit.target = row.fid;
    return fileItem(s, row);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Analyses an APK on disk and keeps it (refused with the reason, nothing kept, when it is not sound). */
async function keepApk(
  s: Services,
  t: Tenant,
  uid: string,
  got: { path: string; size: number; sha256: string; name: string },
): Promise<repo.AppFileRow> {
  let apk: ApkReading;
  try {
    apk = await readApk(got.path);
  } catch (error) {
    throw refusal(error, got.name);
  }
  return keep(s, t, uid, 'apk', { ...got, contentType: APK_CONTENT_TYPE }, apk);
}

/** Keeps an APK made on the server (a re-signed one) as `uid`'s file, analysed as an upload is. */
export async function keepApkBytes(s: Services, t: Tenant, uid: string, name: string, bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'keel-app-'));
  try {
    const path = join(dir, 'apk');
    await writeFile(path, bytes, { mode: 0o600 });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return await keepApk(s, t, uid, { path, size: bytes.length, sha256, name: safeFileName(name) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const scheduleSweep = (s: Services, at: number) => {
  const slot = Math.ceil(at / SWEEP_SLOT_MS);
  return s.jobs.enqueue(SWEEP_JOB, null, {
    runAt: slot * SWEEP_SLOT_MS,
    dedupeKey: `${SWEEP_JOB}:${slot}`,
    maxAttempts: 3,
  });
};

/** Removes files nobody named within a day of their upload; answers how many. */
export async function sweepUnusedFiles(s: Services): Promise<number> {
  const stale = await repo.unusedFiles(s.db, s.now() - UNUSED_FILE_TTL_MS, 1000);
  for (const f of stale) {
    await repo.deleteFile(s.db, propertyTenant(f.pno), f.fid);
    await s.blobs.dropRef(f.sha256, owner(f.fid));
  }
  return stale.length;
}
