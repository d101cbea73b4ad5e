import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ddiEndpoints } from '@keel/contract/device-api/ddi';
import { ddiDeploymentEndpoints } from '@keel/contract/device-api/ddi-deployment';
import { keelAppDdiEndpoints, keelAppMenderEndpoints } from '@keel/contract/device-api/keel-apps';
import { keelCommandEndpoints } from '@keel/contract/device-api/keel-commands';
import { keelSecurityDdiEndpoints, keelSecurityMenderEndpoints } from '@keel/contract/device-api/keel-security';
import { menderEndpoints } from '@keel/contract/device-api/mender';
import { formatMessage, messages, pickLocale } from '@keel/contract/status';
import Fastify, { type FastifyInstance } from 'fastify';
import { type LoggerOptions, pino } from 'pino';
import { migrateToLatest } from './migrations';
import { mountAppStore } from './modules/app-store/http';
import { deviceApi } from './modules/device/ddi-routes';
import { menderApi } from './modules/device/mender-routes';
import { mountFiles } from './modules/file/http';
import { pcSoftwareHttp } from './modules/pc-software/http';
import { modules } from './modules/registry';
import { mountSigning } from './modules/signing/http';
import { createPropertyBusinesses } from './platform/auth/businesses';
import { createDeviceCredentials, deviceCacheTtlMs } from './platform/auth/device-credential-cache';
import { loadPasswordKey } from './platform/auth/rsa-key';
import { checkDatabaseReady } from './platform/auth/server-keys-repo';
import { createSessions } from './platform/auth/sessions';
import type { Config } from './platform/config';
import { connect } from './platform/db/connect';
import { Extensions } from './platform/extension-points';
import { AppError } from './platform/http/errors';
import { parseJsonBody } from './platform/http/json-body';
import { mountModules } from './platform/http/mount';
import { MultipartBody } from './platform/http/multipart';
import { openApiDocument } from './platform/http/openapi';
import { RateLimiter } from './platform/http/rate-limit';
import { RedisRateLimiter } from './platform/http/rate-limit-redis';
import { takeRouteCensus } from './platform/http/route-census';
import { securityHeadersServer } from './platform/http/security-headers';
import { consolePageStatus, serveWeb } from './platform/http/web';
import { createJobQueue } from './platform/jobs/runner';
import { createOutbox } from './platform/outbox/outbox';
import { createLocalBus } from './platform/realtime/bus';
import { createRedisBus } from './platform/realtime/redis-bus';
import { mountSocket } from './platform/realtime/socket';
import { loadTicketSecret } from './platform/realtime/ticket';
import type { Services } from './platform/services';
import { createBlobCatalogue } from './platform/storage/catalogue';
import { openBlobStore } from './platform/storage/open-store';

declare module 'fastify' {
  interface FastifyInstance {
    keel: Services;
  }
}

export interface BuildOptions {
  /** The clock (tests move it to expire tokens and codes). */
  now?: () => number;
  /** Logger options (pino), or false for none (tests). Defaults to the configured level. */
  logger?: LoggerOptions | false;
}

function errorBody(key: keyof typeof messages, locale: 'zh-cn' | 'en', params: Record<string, string> = {}) {
  return { status: messages[key].status, msg: formatMessage(key, locale, params), data: null };
}

/** The whole server: database (migrated), services, /api from the contract, docs, health, the console. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  // The server's logger is ours, not Fastify's. Decision: given a logger, Fastify times every request and listens
  // for its end to log it, even with request logging disabled (about a fifth of a bare request's CPU, `npm run
  // bench`). There are no per-request lines (architecture §4): what is logged about a request names its id explicitly.
  const log = pino(options.logger === false ? { enabled: false } : (options.logger ?? { level: config.logLevel }));
  const app = Fastify({
    logger: false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Applied by our serverFactory (applyTimeouts). Idle keep-alive connections outlive a load balancer's 60 s; a
    // request may take 10 minutes (resumable uploads send their bytes in chunks well under that), its headers 60 s.
    keepAliveTimeout: 72_000,
    requestTimeout: 600_000,
    // Helmet's headers (CSP for the built console and the rest), computed once and set on every response.
    serverFactory: securityHeadersServer({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  });
  // Every route mounted below, checked against the contract and platform/http/raw-routes.ts by the guard suite.
  takeRouteCensus(app);

  const { db, dialect } = connect(config.database);
  app.addHook('onClose', async () => db.destroy());
  await migrateToLatest(db);

  const blobStore = await openBlobStore(config);
  app.addHook('onClose', async () => blobStore.close());
  const bus = config.redisUrl ? await createRedisBus(config.redisUrl) : createLocalBus();
  const jobs = createJobQueue({ db, dialect, bus, now, log }, config.jobs);
  const services: Services = {
    config,
    db,
    dialect,
    log,
    now,
    sessions: createSessions(db, now, config.tokenIdleMs),
    businesses: createPropertyBusinesses(db, bus, deviceCacheTtlMs(config.devicePollSeconds)),
    deviceCredentials: createDeviceCredentials(db, bus, deviceCacheTtlMs(config.devicePollSeconds)),
    passwordKey: await loadPasswordKey(db, now()),
    limiter: config.redisUrl ? await RedisRateLimiter.connect(config.redisUrl, now) : new RateLimiter(now),
    outbox: createOutbox(db, config.outbox, log, now, jobs),
    bus,
    jobs,
    blobs: createBlobCatalogue(db, dialect, blobStore, now),
    ticketSecret: await loadTicketSecret(db, now()),
    extensions: new Extensions(modules.flatMap((m) => m.contributes ?? [])),
  };
  app.addHook('onClose', async () => services.bus.close());
  app.addHook('onClose', async () => services.limiter.close());
  // Workers run on a listening server (not in `migrate` or in tests that only inject); they stop, letting running
  // jobs finish, before the database closes.
  app.addHook('onListen', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('keel', services);

  // An empty JSON body is `{}`; malformed or too deeply nested JSON is an input error the envelope names.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });

  // A multipart body is not read here: the mount hands it to the handler of an endpoint declaring `upload`, and
  // settles it after the handler whatever it answered (platform/http/multipart.ts).
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    done(null, new MultipartBody(payload, request.headers));
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = pickLocale(request.headers['accept-language'] ?? request.headers['content-language']);
    if (error instanceof AppError) {
      return reply.code(error.http.status ?? 200).send(errorBody(error.key, locale, mapParams(error.params)));
    }
    const code = (error as { code?: string }).code;
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) {
      return reply.code(413).send(errorBody('tooLarge', locale));
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return reply.send(errorBody('invalidInput', locale, { field: 'content-type' }));
    }
    if (statusCode === 403 || statusCode === 404) {
      return reply
        .code(statusCode)
        .send(errorBody(statusCode === 403 ? 'forbidden' : 'notFound', locale, { what: request.url }));
    }
    log.error({ err: error, reqId: request.id, url: request.url }, 'request failed');
    return reply.code(500).send(errorBody('internal', locale, { requestId: request.id }));
  });

  // Synchronous: a probe called often needs no promise.
  app.get('/healthz', (_request, reply) => {
    reply.send({ ok: true });
  });
  app.get('/readyz', async (_request, reply) => {
    try {
      await checkDatabaseReady(db);
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });

  mountModules(app, services, modules);
  // The device API (hawkBit DDI): its own context, statuses and JSON (modules/device/ddi-routes.ts).
  await app.register(deviceApi, { services });
  // …and Mender's device API (modules/device/mender-routes.ts).
  await app.register(menderApi, { services });
  // Files: multipart uploads, the tus endpoint, download links, the storage sweep (modules/file/http.ts).
  await mountFiles(app, services);
  await mountSigning(app, services);
  await mountAppStore(app, services);
  // The PC software store's downloads, icons and APT repository (modules/pc-software/http.ts).
  await app.register(pcSoftwareHttp, { services });
  await mountSocket(app, services);

  const document = openApiDocument(Object.assign({}, ...modules.map((m) => m.endpoints)), {
    ...ddiEndpoints,
    ...keelCommandEndpoints,
    ...ddiDeploymentEndpoints,
    ...menderEndpoints,
    ...keelAppDdiEndpoints,
    ...keelAppMenderEndpoints,
    ...keelSecurityDdiEndpoints,
    ...keelSecurityMenderEndpoints,
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const hasWeb = await serveWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const locale = pickLocale(request.headers['accept-language'] ?? request.headers['content-language']);
    const path = request.url.split('?')[0] ?? '';
    // A missing built file (a stale chunk after a deploy) is a 404, not the console page.
    const builtFile = /^\/(assets|_i18n|builds)\//.test(path);
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      builtFile ||
      !hasWeb ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(errorBody('notFound', locale, { what: path }));
    }
    return reply.code(consolePageStatus(path)).header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}

function mapParams(params: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
}
