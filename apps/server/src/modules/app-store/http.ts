import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasBusiness } from '../../platform/auth/businesses';
import { enabledBusinesses, findProperty } from '../../platform/auth/reads';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { catalogueNames } from '../device/catalogue';
import { currentIndex, FDROID_PREFIX, repositoryPath } from './fdroid';
import { APP_FILE_PREFIX, appFileLinkTarget } from './links';
import { releasedScreenshot, releasedVersion } from './platform-apps';
import * as repo from './repo';

/**
 * What the app store mounts besides its endpoints (README.md): the links to its files (images, APKs) and each
 * property's F-Droid repository, public as F-Droid repositories are (stock clients send no credential): its signed
 * index, the APKs, icons and screenshots of the apps on the shelf (its own and the platform apps, whose files are
 * read in the property holding them), nothing else.
 */

const missing = () => new AppError('notFound', { what: 'file' }, { status: 404 });
const SAFE = /^[A-Za-z0-9._-]{1,200}$/;

/** The property and scope a repository path names, or null (unknown, or no app store business). */
async function repositoryOf(s: Services, pno: string, scope: string): Promise<{ t: Tenant; name: string } | null> {
  if (!SAFE.test(pno) || !SAFE.test(scope)) return null;
  const property = await findProperty(s.db, pno);
  if (!property) return null;
  const t = propertyTenant(property.pno);
  if (!hasBusiness(await enabledBusinesses(s.db, t), 'appstore')) return null;
  if (scope !== 'all' && (await catalogueNames(s, t, 'model', [scope])).size === 0) return null;
  return { t, name: property.name };
}

/** Where clients reach this server: PUBLIC_URL, else the request's own scheme and host. */
const origin = (s: Services, request: FastifyRequest) => s.config.publicUrl ?? `${request.protocol}://${request.host}`;

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

  const serveFile = async (request: FastifyRequest, reply: FastifyReply, t: Tenant, fid: string, name: string) => {
    const row = await repo.findFile(s.db, t, fid);
    if (!row) throw missing();
    return sendBlob(s.blobs.store, request, reply, {
      sha256: row.sha256,
      size: Number(row.size),
      name,
      contentType: row.content_type,
      disposition: row.kind === 'image' ? 'inline' : 'attachment',
    });
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: `${FDROID_PREFIX}/:pno/:scope/repo/:file`,
    handler: async (request, reply) => {
      const p = request.params as { pno: string; scope: string; file: string };
      const repository = await repositoryOf(s, p.pno, p.scope);
      if (!repository) throw missing();
      if (p.file === 'index-v1.jar') {
        const index = await currentIndex(s, repository.t, p.scope, {
          name: repository.name,
          address: `${origin(s, request)}${repositoryPath(repository.t.pno, p.scope)}`,
        });
        reply.header('cache-control', 'no-cache');
        return sendBlob(s.blobs.store, request, reply, {
          ...index,
          name: 'index-v1.jar',
          contentType: 'application/java-archive',
        });
      }
      const apk = /^(.+)_(\d{1,18})\.apk$/.exec(p.file);
      const version = apk && (await releasedVersion(s, repository.t, apk[1] as string, Number(apk[2])));
      if (!version) throw missing();
      return serveFile(request, reply, version.t, version.fid, p.file);
    },
  });

  // Icons, in the folders F-Droid clients ask for by screen density (`icons`, `icons-640`, …).
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FDROID_PREFIX}/:pno/:scope/repo/:folder/:icon`,
    handler: async (request, reply) => {
      const p = request.params as { pno: string; scope: string; folder: string; icon: string };
      const repository = await repositoryOf(s, p.pno, p.scope);
      const named = /^(.+)\.(\d{1,18})\.png$/.exec(p.icon);
      if (!repository || !/^icons(-\d{3})?$/.test(p.folder) || !named) throw missing();
      const version = await releasedVersion(s, repository.t, named[1] as string, Number(named[2]));
      if (!version) throw missing();
      const listings = (await repo.listingsOf(s.db, version.t, [version.app_id])).get(version.app_id) ?? [];
      const own = listings.find((l) => l.icon_fid)?.icon_fid;
      return serveFile(request, reply, version.t, own ?? repo.apkIconFid(version.fid), p.icon);
    },
  });

  // Screenshots: `<package>/<locale>/phoneScreenshots/<fid>.png`, of an app on the shelf.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${FDROID_PREFIX}/:pno/:scope/repo/:packageName/:locale/phoneScreenshots/:shot`,
    handler: async (request, reply) => {
      const p = request.params as { pno: string; scope: string; packageName: string; locale: string; shot: string };
      const repository = await repositoryOf(s, p.pno, p.scope);
      const fid = /^([A-Za-z0-9_-]{1,64})\.png$/.exec(p.shot)?.[1];
      if (!repository || !fid) throw missing();
      const holder = await releasedScreenshot(s, repository.t, p.packageName, fid);
      if (!holder) throw missing();
      return serveFile(request, reply, holder, fid, p.shot);
    },
  });
}
