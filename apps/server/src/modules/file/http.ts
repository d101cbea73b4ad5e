import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { FILE_UPLOAD_PATH, RESUMABLE_UPLOAD_MAX } from '@keel/contract/endpoints/file';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { safeFileName } from '../../platform/storage/file-name';
import { mountUploads, type UploadMount } from '../../platform/storage/uploads';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { reserveSpaceQuota, resumeSpaceReservation, spaceForRequest } from '../space/service';
import {
  DOWNLOAD_PREFIX,
  groupInSpace,
  type IncomingFile,
  keepUploadedFile,
  linkTarget,
  readDownloadLink,
  safeContentType,
  type UploadContext,
  uploadRequestContext,
} from './service';

/**
 * What the files module mounts besides its API endpoints (README.md): the multipart body of `fis/fi/uploadFile`,
 * the tus endpoint of large uploads, download links, and the periodic sweep of blobs and expired uploads.
 */

/** Multipart bodies waiting for their handler, by request id (the handler reads the stream itself). */
const pendingMultipart = new Map<string, { payload: Readable; headers: IncomingHttpHeaders }>();

/**
 * The multipart file of a request (`fis/fi/uploadFile`), taken once: its length (Content-Length) and the first
 * file part. Undefined for a request that did not send multipart.
 */
export function takeMultipart(requestId: string): IncomingFile | undefined {
  const pending = pendingMultipart.get(requestId);
  if (!pending) return undefined;
  pendingMultipart.delete(requestId);
  const length = Number(pending.headers['content-length']);
  if (!Number.isSafeInteger(length) || length <= 0) throw invalidInput('content-length');
  return {
    length,
    open: () =>
      new Promise((resolve, reject) => {
        let found = false;
        let busboy: InstanceType<typeof Busboy>;
        try {
          busboy = new Busboy({ headers: pending.headers as never, limits: { files: 1, fields: 20, parts: 21 } });
        } catch {
          reject(invalidInput('content-type'));
          return;
        }
        busboy.on('file', (_field, stream, filename, _encoding, mimeType) => {
          if (found) {
            stream.resume();
            return;
          }
          found = true;
          resolve({ stream, filename: filename || 'file', mimeType });
        });
        busboy.on('error', (error: unknown) => (found ? undefined : reject(error)));
        busboy.on('finish', () => (found ? undefined : reject(invalidInput('file'))));
        pending.payload.pipe(busboy);
      }),
  };
}

/** The tus upload mount of files, once mounted (its `sweep` runs with the blob collection). */
let uploads: UploadMount | null = null;

export const STORAGE_SWEEP_JOB = 'storage.sweep';
/** How often unreferenced blobs and expired uploads are swept. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Runs one sweep: expired unfinished uploads (their quota given back), then blobs no one keeps any more. */
export async function sweepStorage(s: Services): Promise<{ uploads: number; blobs: number }> {
  const dropped = uploads ? await uploads.sweep(1000) : 0;
  const blobs = await s.blobs.collect(undefined, 1000);
  return { uploads: dropped, blobs };
}

const slotOf = (t: number) => Math.floor(t / SWEEP_INTERVAL_MS);
const scheduleSweep = (s: Services, at: number) =>
  s.jobs.enqueue(STORAGE_SWEEP_JOB, null, {
    runAt: at,
    dedupeKey: `${STORAGE_SWEEP_JOB}:${slotOf(at)}`,
    maxAttempts: 1,
  });

export async function mountFiles(app: FastifyInstance, s: Services): Promise<void> {
  // `fis/fi/uploadFile`: the body is left to the handler, which checks the caller and reserves quota first.
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    pendingMultipart.set(request.id, { payload, headers: request.headers });
    done(null, { ...(request.query as Record<string, unknown>) });
  });
  // Runs on every request of the app (device polls too), so it is synchronous and returns at once while no
  // multipart body is pending: an async hook costs a promise and a microtask turn per request (issue 8).
  app.addHook('onResponse', (request, _reply, done) => {
    if (pendingMultipart.size > 0) {
      const left = pendingMultipart.get(request.id);
      if (left) {
        pendingMultipart.delete(request.id);
        left.payload.resume();
      }
    }
    done();
  });

  uploads = await mountUploads<UploadContext>(app, s, {
    path: FILE_UPLOAD_PATH,
    maxSize: RESUMABLE_UPLOAD_MAX,
    async onCreate({ size, metadata, user }) {
      const ctx = await uploadRequestContext(s, user, metadata.pno);
      if (!metadata.sid) throw invalidInput('sid');
      const space = await spaceForRequest(s, ctx, metadata.sid, 'write');
      const tenant = propertyTenant(space.pno);
      const groupId = await groupInSpace(s, tenant, space.sid, metadata.groupId ?? undefined);
      // Held for as long as the upload may take, and a little longer.
      const reservation = await reserveSpaceQuota(s, tenant, space.sid, size, { ttlMs: 25 * 3_600_000 });
      return {
        pno: space.pno,
        sid: space.sid,
        groupId,
        name: safeFileName(metadata.filename ?? 'file'),
        contentType: safeContentType(metadata.filetype),
        reservation: reservation.id,
        expiresAt: String(reservation.expiresAt),
      };
    },
    async onComplete({ size, context, user, blob }) {
      const reservation = resumeSpaceReservation(s, propertyTenant(context.pno), {
        id: context.reservation,
        sid: context.sid,
        bytes: size,
        expiresAt: Number(context.expiresAt),
      });
      const fid = await keepUploadedFile(s, user.uid, context, blob, () => reservation.commit());
      return { 'keel-file-id': fid };
    },
    async onAbandon({ size, context }) {
      await resumeSpaceReservation(s, propertyTenant(context.pno), {
        id: context.reservation,
        sid: context.sid,
        bytes: size,
        expiresAt: Number(context.expiresAt),
      }).release();
    },
  });

  // Download links (service.ts `downloadLink`): checked when issued, valid a minute, Range and ETag.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${DOWNLOAD_PREFIX}/:kind/:pno/:id/:expires/:sig`,
    handler: async (request, reply) => {
      const params = request.params as { kind: string; pno: string; id: string; expires: string; sig: string };
      const link = readDownloadLink(s, params);
      if (!link) throw new AppError('notFound', { what: 'link' }, { status: 404 });
      const target = await linkTarget(s, link);
      if (!target) throw notFound('file');
      return sendBlob(s.blobs.store, request, reply, target);
    },
  });

  s.jobs.register(STORAGE_SWEEP_JOB, async () => {
    try {
      await sweepStorage(s);
    } finally {
      await scheduleSweep(s, s.now() + SWEEP_INTERVAL_MS);
    }
  });
  app.addHook('onListen', async () => {
    await scheduleSweep(s, s.now() + SWEEP_INTERVAL_MS);
  });
}
