import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { formatMessage, messages, pickLocale } from '@keel/contract/status';
import { EVENTS, Server, type ServerOptions, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../http/context';
import { AppError } from '../http/errors';
import type { Services } from '../services';
import { BlobDigestMismatchError, type BlobInfo, BlobSizeMismatchError, isSha256 } from './blob-store';
import { openUploadStaging, type UploadStaging } from './upload-store';
import { type UploadRow, uploadsRepo } from './uploads-repo';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type UploadMetadata = Record<string, string | null>;

/** What a mount knows about an upload when it asks its policy. */
export interface UploadFacts<C> {
  /** The public upload id (the last segment of its URL). */
  id: string;
  size: number;
  /** The client's `Upload-Metadata` (`filename`, `filetype`, `sha256`, …): untrusted text. */
  metadata: UploadMetadata;
  context: C;
}

/**
 * What one upload mount accepts and what it does with finished uploads (e.g. the files module: a space's quota, a
 * file row). Throwing an AppError from a hook refuses with its message (HTTP status from `error.http.status`, else
 * 403 for `forbidden`, 404 for `notFound`, 400 otherwise).
 */
export interface UploadPolicy<C extends Json = Json> {
  /** The tus endpoint, e.g. `/api/uploads/files`; each upload is `<path>/<id>`. */
  path: string;
  /** Largest upload in bytes: a larger `Upload-Length` answers 413 before anything is kept. */
  maxSize: number;
  /** An unfinished upload is dropped this long after it was created (default 24 h). */
  expiresAfterMs?: number;
  /**
   * Before an upload is created, with its announced size: check the caller and the metadata, hold quota
   * (`Quota.reserve(id, size)`). Answers what to remember with the upload (JSON), handed to the later hooks.
   */
  onCreate(upload: Omit<UploadFacts<never>, 'context'> & { user: SessionUser }): Promise<C>;
  /**
   * The bytes are stored: `blob` has the SHA-256 computed while copying them into the BlobStore (and checked against
   * the client's `sha256` metadata when given). The blob is held by owner `upload:<id>` until this resolves: add
   * the caller's own owner (`s.blobs.addRef(blob.sha256, 'file:<fid>')`) and commit the quota here. Answers headers
   * for the final response (e.g. the new file's id). Throwing leaves the upload in place, so the client may retry.
   */
  onComplete(
    upload: UploadFacts<C> & { user: SessionUser; blob: BlobInfo },
  ): Promise<Record<string, string> | undefined>;
  /** The upload is gone unfinished (terminated by the client, expired, or its bytes failed the check): release quota. */
  onAbandon(upload: UploadFacts<C> & { uid: string }): Promise<void>;
}

export interface UploadMount {
  /** Drops this mount's expired unfinished uploads (their bytes, `onAbandon`); answers how many. Run it periodically. */
  sweep(limit?: number): Promise<number>;
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
const DAY = 24 * 3_600_000;
const PUBLIC_ID = /^[0-9a-f]{32}$/;

/** A refusal in the form @tus/server sends: `status_code` and a text body. */
const tusError = (status_code: number, body: string) => ({ status_code, body });

/**
 * Mounts a tus (resumable upload) endpoint (architecture §7) in a Fastify context of its own (its body parser and hooks
 * touch nothing else). Every request needs a signed-in session (`token` header); an upload is visible only to the
 * user who created it. Finished bytes are copied into the BlobStore, hashed on the way, and recorded in the catalogue.
 */
export async function mountUploads<C extends Json>(
  app: FastifyInstance,
  s: Services,
  policy: UploadPolicy<C>,
): Promise<UploadMount> {
  const expiresAfterMs = policy.expiresAfterMs ?? DAY;
  const staging = openUploadStaging(s.config, expiresAfterMs);
  const repo = uploadsRepo(s.db);
  const users = new WeakMap<IncomingMessage, SessionUser>();
  const mount = policy.path;

  const nodeRequest = (req: TusRequest) =>
    (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
  const userOf = (req: TusRequest): SessionUser => {
    const node = nodeRequest(req);
    const user = node && users.get(node);
    if (!user) throw tusError(401, 'Unauthorized\n');
    return user;
  };
  const facts = (row: UploadRow, metadata: UploadMetadata): UploadFacts<C> => ({
    id: row.id,
    size: Number(row.size),
    metadata,
    context: JSON.parse(row.context) as C,
  });

  async function abandon(row: UploadRow, metadata: UploadMetadata): Promise<void> {
    if (await repo.remove(mount, row.id)) await policy.onAbandon({ ...facts(row, metadata), uid: row.uid });
  }

  const tus = new Server({
    path: mount,
    datastore: staging.datastore,
    maxSize: policy.maxSize,
    relativeLocation: true,
    // Same origin only: no CORS headers.
    allowedOrigins: [],
    namingFunction: () => staging.storeId(randomBytes(16).toString('hex')),
    generateUrl: (_req, { path, id }) => `${path}/${staging.publicId(id)}`,
    getFileIdFromRequest: (_req, last) => (last && PUBLIC_ID.test(last) ? staging.storeId(last) : undefined),

    async onIncomingRequest(req, storeId) {
      const user = userOf(req);
      if (req.method === 'POST') return;
      const row = await repo.find(mount, staging.publicId(storeId));
      if (!row || row.uid !== user.uid) throw tusError(404, 'Not found\n');
      if (req.method === 'DELETE') await abandon(row, {});
    },

    async onUploadCreate(req, upload) {
      const user = userOf(req);
      if (upload.size === undefined) throw tusError(400, 'Upload-Length required\n');
      const id = staging.publicId(upload.id);
      const metadata = upload.metadata ?? {};
      const context = await policy.onCreate({ id, size: upload.size, metadata, user });
      const t = s.now();
      await repo.insert({
        id,
        mount,
        uid: user.uid,
        size: upload.size,
        context: JSON.stringify(context),
        created_at: t,
        expires_at: t + expiresAfterMs,
      });
      return {};
    },

    async onUploadFinish(req, upload) {
      const user = userOf(req);
      const row = await repo.find(mount, staging.publicId(upload.id));
      if (!row) throw tusError(404, 'Not found\n');
      const metadata = upload.metadata ?? {};
      const blob = await storeFinished(s, staging, upload, row, metadata).catch(async (error) => {
        if (error instanceof BlobDigestMismatchError || error instanceof BlobSizeMismatchError) {
          // The bytes are not what the client announced: the upload cannot be resumed into anything correct.
          await abandon(row, metadata);
          await staging.datastore.remove(upload.id).catch(() => {});
          throw tusError(460, 'Checksum Mismatch\n');
        }
        throw error;
      });
      const owner = `upload:${row.id}`;
      let headers: Record<string, string> | undefined;
      try {
        headers = await policy.onComplete({ ...facts(row, metadata), user, blob });
      } finally {
        await s.blobs.dropRef(blob.sha256, owner);
      }
      await repo.remove(mount, row.id);
      // The staged bytes go once the answer is written (POST_FINISH): @tus/server still reads the upload after this
      // hook when it was created with its bytes in one request.
      return headers ? { headers } : {};
    },

    onResponseError(req, error) {
      if (error instanceof AppError) {
        const locale = pickLocale(req.headers.get('accept-language') ?? undefined);
        const status = error.http.status ?? (error.key === 'forbidden' ? 403 : error.key === 'notFound' ? 404 : 400);
        const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
        return tusError(status, `${formatMessage(error.key, locale, params)}\n`);
      }
      if (!('status_code' in error)) s.log.error({ err: error, url: req.url }, 'upload failed');
      return undefined;
    },
  });

  tus.on(EVENTS.POST_FINISH, (_req: unknown, _res: unknown, upload: Upload) => {
    staging.datastore.remove(upload.id).catch((err) => s.log.warn({ err, upload: upload.id }, 'staged upload kept'));
  });

  await app.register(async (scope) => {
    // The body is the upload's bytes, read by @tus/server from the raw request: no parser may consume it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.addHook('onRequest', async (request, reply) => {
      const token = request.headers.token;
      const user = await s.sessions.resolve(Array.isArray(token) ? token[0] : token);
      if (!user) {
        const locale = pickLocale(request.headers['accept-language']);
        return reply
          .code(401)
          .send({ status: messages.sessionExpired.status, msg: formatMessage('sessionExpired', locale), data: null });
      }
      users.set(request.raw, user);
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    scope.route({ method: [...methods], url: mount, handler });
    scope.route({ method: [...methods], url: `${mount}/:id`, handler });
  });

  return {
    async sweep(limit = 100) {
      const rows = await repo.expired(mount, s.now(), limit);
      for (const row of rows) {
        await staging.datastore.remove(staging.storeId(row.id)).catch(() => {});
        await abandon(row, {});
      }
      return rows.length;
    },
  };
}

/**
 * Takes a finished upload into the BlobStore (hashing it) and records it, held by `upload:<id>`: linked without a
 * copy where both are on the local disk (`stageFile`), else copied.
 */
async function storeFinished(
  s: Services,
  staging: UploadStaging,
  upload: Upload,
  row: UploadRow,
  metadata: UploadMetadata,
): Promise<BlobInfo> {
  const announced = metadata.sha256?.toLowerCase();
  const options = {
    maxSize: Number(row.size),
    expectedSize: Number(row.size),
    ...(announced && isSha256(announced) ? { expectedSha256: announced } : {}),
  };
  const { store } = s.blobs;
  const file = staging.path?.(upload.id);
  const staged =
    file && store.stageFile
      ? await store.stageFile(file, options)
      : await store.stage(await staging.read(upload.id), options);
  return s.blobs.record(staged, `upload:${row.id}`);
}
