import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import {
  EXPIRY_INTERVAL_MS,
  EXPIRY_JOB,
  SIGNATURE_DOWNLOAD_PREFIX,
  signatureLinkTarget,
  warnExpiring,
} from './service';

/**
 * What the signing module mounts besides its endpoints (README.md): the download links of signatures and signed
 * APKs and the hourly expiry job.
 */
export async function mountSigning(app: FastifyInstance, s: Services): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${SIGNATURE_DOWNLOAD_PREFIX}/:pno/:sigId/:expires/:sig`,
    handler: async (request, reply) => {
      const params = request.params as { pno: string; sigId: string; expires: string; sig: string };
      const target = await signatureLinkTarget(s, params);
      if (!target) throw new AppError('notFound', { what: 'link' }, { status: 404 });
      return sendBlob(s.blobs.store, request, reply, target).catch((error: unknown) => {
        throw error instanceof AppError ? error : notFound('signature');
      });
    },
  });

  const slot = (t: number) => Math.floor(t / EXPIRY_INTERVAL_MS);
  const schedule = (at: number) =>
    s.jobs.enqueue(EXPIRY_JOB, null, { runAt: at, dedupeKey: `${EXPIRY_JOB}:${slot(at)}`, maxAttempts: 1 });
  s.jobs.register(EXPIRY_JOB, async () => {
    try {
      await warnExpiring(s);
    } finally {
      await schedule(s.now() + EXPIRY_INTERVAL_MS);
    }
  });
  app.addHook('onListen', async () => {
    await schedule(s.now() + 60_000);
  });
}
