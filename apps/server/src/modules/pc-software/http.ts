import { SOFT_CHANNELS, type SoftChannel } from '@keel/contract/endpoints/pc-software-model';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { linkTarget } from '../file/service';
import { aptPublicKey } from '../signing/reads';
import { debControl } from './apt/controls';
import { releasedDeb } from './apt/repo';
import { currentSuite, poolPath } from './apt/repository';
import { downloadTarget } from './downloads';
import { APT_KEY_FILE, APT_PREFIX, SOFT_DOWNLOAD_PREFIX, SOFT_ICON_PREFIX } from './public-links';
import { PC_TOOLS_BUSINESS, publicSoft } from './public-soft';
import { updateCheckRuntime } from './update-check-recorder';

/**
 * What the PC software store mounts besides its endpoints (README "For installed clients"), public as installed
 * clients and apt call them with no credential: the counted download links, the download page's icon, and each
 * property's signed APT repository (`/apt/<pno>/…`: the key, `dists/<suite>/…`, the pool). Also starts the
 * update-check runtime's flush and writes what is left when the app closes.
 */

const missing = () => new AppError('notFound', { what: 'file' }, { status: 404 });
const SAFE = /^[A-Za-z0-9._-]{1,200}$/;
const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The property an APT path names, if it has the PC software business. */
async function aptProperty(s: Services, pno: string) {
  if (!SAFE.test(pno)) return null;
  const enabled = await s.businesses.enabled(pno);
  return enabled.has(PC_TOOLS_BUSINESS) ? propertyTenant(pno) : null;
}

const suiteOf = (name: string): SoftChannel | null =>
  (SOFT_CHANNELS as readonly string[]).includes(name) ? (name as SoftChannel) : null;

function sendIndexFile(reply: FastifyReply, bytes: Buffer, path: string) {
  const type = path.endsWith('.gz')
    ? 'application/gzip'
    : path.endsWith('.gpg')
      ? 'application/pgp-signature'
      : 'text/plain; charset=utf-8';
  return reply.header('cache-control', 'no-cache').type(type).send(bytes);
}

export async function pcSoftwareHttp(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const s = opts.services;
  const rt = updateCheckRuntime(s);
  rt.start();
  // Child-context onClose hooks run before the root's, so the database is still open here.
  app.addHook('onClose', async () => rt.close());

  app.route({
    method: ['GET', 'HEAD'],
    url: `${SOFT_DOWNLOAD_PREFIX}/:publicId/:installerId/:file`,
    handler: async (request, reply) => {
      const p = request.params as { publicId: string; installerId: string };
      if (!SAFE.test(p.publicId) || !SAFE.test(p.installerId)) throw missing();
      const target = await downloadTarget(s, p.publicId, p.installerId, {
        method: request.method,
        range: header(request, 'range'),
        ifNoneMatch: header(request, 'if-none-match'),
      });
      if (!target) throw missing();
      return sendBlob(s.blobs.store, request, reply, target).catch((error: unknown) => {
        throw error instanceof AppError ? error : notFound('file');
      });
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${SOFT_ICON_PREFIX}/:publicId/:fid`,
    handler: async (request, reply) => {
      const p = request.params as { publicId: string; fid: string };
      if (!SAFE.test(p.publicId) || !SAFE.test(p.fid)) throw missing();
      const found = await publicSoft(s, p.publicId).catch(() => null);
      if (!found?.soft.icon_fid || found.soft.icon_fid !== p.fid) throw missing();
      const target = await linkTarget(s, { kind: 'file', pno: found.t.pno, id: p.fid });
      if (!target?.contentType?.startsWith('image/')) throw missing();
      // The address names the icon's file: a new icon is a new address.
      reply.header('cache-control', 'public, max-age=86400');
      return sendBlob(s.blobs.store, request, reply, { ...target, disposition: 'inline' });
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${APT_PREFIX}/:pno/${APT_KEY_FILE}`,
    handler: async (request, reply) => {
      const t = await aptProperty(s, (request.params as { pno: string }).pno);
      if (!t) throw missing();
      const key = await aptPublicKey(s, t);
      return reply.header('cache-control', 'no-cache').type('application/pgp-keys').send(key.armored);
    },
  });

  // `InRelease`, `Release`, `Release.gpg`; `main/binary-<arch>/Packages[.gz]` and their `by-hash` names.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${APT_PREFIX}/:pno/dists/:suite/*`,
    handler: async (request, reply) => {
      const p = request.params as { pno: string; suite: string; '*': string };
      const t = await aptProperty(s, p.pno);
      const suite = suiteOf(p.suite);
      if (!t || !suite) throw missing();
      const { current, previous } = await currentSuite(s, t, suite);
      const byHash = /^main\/binary-[a-z0-9]+\/by-hash\/SHA256\/([0-9a-f]{64})$/.exec(p['*']);
      if (byHash) {
        const hash = byHash[1] as string;
        const bytes = current.byHash.get(hash) ?? previous?.byHash.get(hash);
        if (!bytes) throw missing();
        return sendIndexFile(reply, bytes, p['*']);
      }
      const bytes = current.files.get(p['*']);
      if (!bytes) throw missing();
      return sendIndexFile(reply, bytes, p['*']);
    },
  });

  app.route({
    method: ['GET', 'HEAD'],
    url: `${APT_PREFIX}/:pno/pool/main/:installerId/:file`,
    handler: async (request, reply) => {
      const p = request.params as { pno: string; installerId: string; file: string };
      const t = await aptProperty(s, p.pno);
      if (!t || !SAFE.test(p.installerId)) throw missing();
      const deb = await releasedDeb(s.db, t, p.installerId);
      if (!deb) throw missing();
      const size = Number(deb.size);
      const control = await debControl(s, { sha256: deb.sha256, size });
      // Only under the name the index gives it.
      if (!control || poolPath(deb.installer_id, control) !== `pool/main/${p.installerId}/${p.file}`) throw missing();
      return sendBlob(s.blobs.store, request, reply, {
        sha256: deb.sha256,
        size,
        name: p.file,
        contentType: 'application/vnd.debian.binary-package',
      }).catch((error: unknown) => {
        throw error instanceof AppError ? error : notFound('file');
      });
    },
  });
}
