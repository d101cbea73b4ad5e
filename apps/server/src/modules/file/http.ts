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
  keepUploadedFile,
  linkTarget,
  readDownloadLink,
  safeContentType,
  type UploadContext,
  uploadRequestContext,
} from './service';

/**
 * What the files module mounts besides its API endpoints (README.md): the tus endpoint of large uploads, download
 * links, and the periodic sweep of blobs and expired uploads.
 */

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
