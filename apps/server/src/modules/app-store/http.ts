import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { APP_FILE_PREFIX, appFileLinkTarget } from './links';

/** What the app store mounts besides its endpoints (README.md): the links to its files (images, APKs). */
export async function mountAppStore(app: FastifyInstance, s: Services): Promise<void> {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${APP_FILE_PREFIX}/:pno/:fid/:expires/:sig`,
    handler: async (request, reply) => {
      const target = await appFileLinkTarget(s, request.params as Record<'pno' | 'fid' | 'expires' | 'sig', string>);
      if (!target) throw new AppError('notFound', { what: 'link' }, { status: 404 });
      reply.header('cache-control', 'private, max-age=3600, immutable');
      return sendBlob(s.blobs.store, request, reply, target).catch((error: unknown) => {
        throw error instanceof AppError ? error : notFound('fid');
      });
    },
  });
}
