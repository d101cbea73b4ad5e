import { menderEndpoints } from '@keel/contract/device-api/mender';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { parseJsonBody } from '../../platform/http/json-body';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { ddiExtensionRoutes } from './extensions';
import {
  authenticate,
  deploymentDownload,
  deploymentReport,
  extensionCall,
  failure,
  type MenderAnswer,
  type MenderRequest,
  nextDeployment,
  putInventory,
} from './mender-service';
import { runtimeOf } from './runtime';

/** Largest auth request (identity and a 4096-bit key in PEM fit well inside). */
const AUTH_BODY_LIMIT = 32 * 1024;
/** Largest inventory (200 attributes of 512 characters). */
const INVENTORY_BODY_LIMIT = 256 * 1024;
/** Largest update-check body (the device's `device_provides`). */
const NEXT_BODY_LIMIT = 64 * 1024;

/**
 * The device API's Mender endpoints (`/api/devices/v1/…`, README.md "Device API: Mender"): their own Fastify
 * context, with the raw body kept as bytes (the auth request's signature covers them exactly; chunked bodies are
 * read whole) and Mender's error answers. Declarations: `@keel/contract/device-api/mender`.
 */
export async function menderApi(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const s = opts.services;
  const rt = runtimeOf(s);
  rt.start();
  app.addHook('onClose', async () => rt.close());

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err, request, reply) => {
    const req = { requestId: request.id };
    if (err instanceof AppError && err.http.retryAfterSeconds) {
      const seconds = String(err.http.retryAfterSeconds);
      return send(reply, failure(429, `Too many requests; retry in ${seconds} s`, req, { 'retry-after': seconds }));
    }
    const statusCode = (err as { statusCode?: number }).statusCode;
    if (statusCode === 413) return send(reply, failure(413, 'The body is too large', req));
    if (statusCode && statusCode >= 400 && statusCode < 500)
      return send(reply, failure(statusCode, 'Bad request', req));
    s.log.error({ err, reqId: request.id, url: request.url }, 'device API (Mender) request failed');
    return send(reply, failure(500, `Internal server error (request ${request.id})`, req));
  });

  const e = menderEndpoints;
  app.route({
    method: e.authRequest.method,
    url: e.authRequest.path,
    bodyLimit: AUTH_BODY_LIMIT,
    handler: async (request, reply) => {
      const signature = request.headers['x-men-signature'];
      return send(
        reply,
        await authenticate(s, {
          ...menderRequest(request),
          raw: rawBody(request),
          signature: Array.isArray(signature) ? signature[0] : signature,
        }),
      );
    },
  });
  for (const [def, mode] of [
    [e.inventoryPatch, 'merge'],
    [e.inventoryPut, 'replace'],
  ] as const) {
    app.route({
      method: def.method,
      url: def.path,
      bodyLimit: INVENTORY_BODY_LIMIT,
      handler: async (request, reply) => {
        const req = menderRequest(request);
        let payload: unknown;
        try {
          payload = parseJsonBody(rawBody(request).toString('utf8'));
        } catch {
          return send(reply, failure(400, 'The body is not valid JSON', req));
        }
        return send(reply, await putInventory(s, req, payload, mode));
      },
    });
  }
  for (const def of [e.nextDeployment, e.nextDeploymentPost, e.nextDeploymentV2]) {
    app.route({
      method: def.method,
      url: def.path,
      bodyLimit: NEXT_BODY_LIMIT,
      handler: async (request, reply) => send(reply, await nextDeployment(s, menderRequest(request), askOf(request))),
    });
  }
  for (const [def, kind] of [
    [e.deploymentStatus, 'status'],
    [e.deploymentLog, 'log'],
  ] as const) {
    app.route({
      method: def.method,
      url: fastifyPath(def.path),
      bodyLimit: kind === 'log' ? LOG_BODY_LIMIT : NEXT_BODY_LIMIT,
      handler: async (request, reply) => {
        const req = menderRequest(request);
        let payload: unknown;
        try {
          payload = parseJsonBody(rawBody(request).toString('utf8'));
        } catch {
          return send(reply, failure(400, 'The body is not valid JSON', req));
        }
        const { id } = request.params as { id: string };
        return send(reply, await deploymentReport(s, req, kind, id, payload));
      },
    });
  }
  // Keel's extension routes that serve Mender devices too (extensions.ts `mender`), e.g. the app store's apps.
  for (const route of ddiExtensionRoutes(s)) {
    if (!route.mender) continue;
    app.route({
      method: route.method,
      url: `${MENDER_EXTENSION_PREFIX}${route.mender}`,
      bodyLimit: NEXT_BODY_LIMIT,
      handler: async (request, reply) => {
        const answer = await extensionCall(
          s,
          menderRequest(request),
          route,
          request.params as Record<string, string>,
          rawBody(request).toString('utf8'),
        );
        if ('blob' in answer && answer.blob) return sendBlob(s.blobs.store, request, reply, answer.blob);
        return send(reply, answer as MenderAnswer);
      },
    });
  }
  // The signed, expiring download links the update check hands out (they carry no device token).
  app.route({
    method: 'GET',
    url: fastifyPath(e.deploymentDownload.path),
    handler: async (request, reply) => {
      const answer = await deploymentDownload(s, request.params as Record<string, string>);
      if (answer.blob) return sendBlob(s.blobs.store, request, reply, answer.blob);
      return send(
        reply,
        failure(answer.status, 'No such download, or the link has expired', { requestId: request.id }),
      );
    },
  });
}

/** Where Keel's extension routes for Mender devices live. */
export const MENDER_EXTENSION_PREFIX = '/api/devices/v1/keel';

/** Largest log report (mender-client sends the deployment's log, at most a few hundred KiB). */
const LOG_BODY_LIMIT = 1024 * 1024;
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The update check's device type and current artifact: the query (GET v1), the body (POST v1, v2's `device_provides`). */
function askOf(request: FastifyRequest): { deviceType: string; artifactName: string } {
  const query = request.query as Record<string, unknown>;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(rawBody(request).toString('utf8') || '{}');
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // An unreadable body asks with what the query says.
  }
  const provides = (
    body.device_provides && typeof body.device_provides === 'object' ? body.device_provides : body
  ) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    deviceType: text(query.device_type) || text(provides.device_type),
    artifactName: text(query.artifact_name) || text(provides.artifact_name),
  };
}

const rawBody = (request: FastifyRequest): Buffer => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

function menderRequest(request: FastifyRequest): MenderRequest {
  const authorization = request.headers.authorization;
  const ifNoneMatch = request.headers['if-none-match'];
  return {
    ifNoneMatch: Array.isArray(ifNoneMatch) ? ifNoneMatch[0] : ifNoneMatch,
    acceptsGzip: /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')),
    authorization: Array.isArray(authorization) ? authorization[0] : authorization,
    ip: request.ip,
    requestId: request.id,
    origin: `${request.protocol}://${request.host}`,
  };
}

function send(reply: FastifyReply, answer: MenderAnswer) {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.body === undefined) return reply.send();
  if (typeof answer.body === 'string') return reply.type(answer.type ?? 'text/plain; charset=utf-8').send(answer.body);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
