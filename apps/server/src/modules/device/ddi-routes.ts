import { ddiEndpoints, ddiParams } from '@keel/contract/device-api/ddi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { parseJsonBody } from '../../platform/http/json-body';
import type { Services } from '../../platform/services';
import { sendBlob } from '../../platform/storage/download';
import { type DdiAnswer, type DdiRequest, error, extensionCall, poll, putConfigData } from './ddi-service';
import { ddiExtensionRoutes } from './extensions';
import { runtimeOf } from './runtime';

/** Largest configData body (200 attributes of 512 characters fit well inside). */
const CONFIG_BODY_LIMIT = 256 * 1024;

/** `/{tenant}/controller/v1/{controllerId}` in Fastify's form. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The device API's hawkBit DDI (architecture §7): its own Fastify context, with its own body parsing
 * and error answers (HTTP statuses and hawkBit's JSON, never the console envelope). Declarations:
 * `@keel/contract/device-api/ddi`. Starts the sightings flush and writes what is left when the app closes.
 */
export async function deviceApi(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const s = opts.services;
  const rt = runtimeOf(s);
  rt.start();
  // Child-context onClose hooks run before the root's, so the database is still open here.
  app.addHook('onClose', async () => rt.close());

  // Bodies are read as text whatever their type (devices do not all label them) and parsed in the handler.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError && err.http.retryAfterSeconds) {
      const seconds = String(err.http.retryAfterSeconds);
      return send(
        reply,
        error(429, 'tooManyRequests', `Too many requests; retry in ${seconds} s`, { 'retry-after': seconds }),
      );
    }
    const statusCode = (err as { statusCode?: number }).statusCode;
    if (statusCode === 413) return send(reply, error(413, 'payloadTooLarge', 'The body is too large'));
    if (statusCode && statusCode >= 400 && statusCode < 500)
      return send(reply, error(statusCode, 'badRequest', 'Bad request'));
    s.log.error({ err, reqId: request.id, url: request.url }, 'device API request failed');
    return send(reply, error(500, 'internal', `Internal server error (request ${request.id})`));
  });

  app.route({
    method: ddiEndpoints.poll.method,
    url: fastifyPath(ddiEndpoints.poll.path),
    handler: async (request, reply) => {
      const req = ddiRequest(request);
      return send(reply, req ? await poll(s, req) : notFound());
    },
  });
  app.route({
    method: ddiEndpoints.configData.method,
    url: fastifyPath(ddiEndpoints.configData.path),
    bodyLimit: CONFIG_BODY_LIMIT,
    handler: async (request, reply) => {
      const req = ddiRequest(request);
      if (!req) return send(reply, notFound());
      let payload: unknown;
      try {
        payload = parseJsonBody(typeof request.body === 'string' ? request.body : '');
      } catch {
        return send(reply, error(400, 'badRequest', 'The body is not valid JSON'));
      }
      return send(reply, await putConfigData(s, req, payload));
    },
  });

  // Keel's extension point (extensions.ts): routes other modules contribute, e.g. `deploymentBase`
  // (modules/device-action).
  for (const route of ddiExtensionRoutes(s)) {
    app.route({
      method: route.method,
      url: `${fastifyPath(ddiEndpoints.poll.path)}${route.suffix}`,
      bodyLimit: EXTENSION_BODY_LIMIT,
      handler: async (request, reply) => {
        const req = ddiRequest(request);
        if (!req) return send(reply, notFound());
        const { tenant: _t, controllerId: _c, ...params } = request.params as Record<string, string>;
        const text = typeof request.body === 'string' ? request.body : undefined;
        const answer = await extensionCall(s, req, route, params, text);
        if ('blob' in answer && answer.blob) {
          const blob = answer.blob;
          return sendBlob(s.blobs.store, request, reply, blob).catch(() => send(reply, notFound()));
        }
        return send(reply, answer);
      },
    });
  }
}

/** Largest body of an extension route (a command's feedback carries a message of at most a few KiB). */
const EXTENSION_BODY_LIMIT = 64 * 1024;

const notFound = (): DdiAnswer => error(404, 'notFound', 'No such tenant or controller');

/** The call's parameters, or null when the path names no valid controller id. */
function ddiRequest(request: FastifyRequest): DdiRequest | null {
  const params = ddiParams.safeParse(request.params);
  if (!params.success) return null;
  const authorization = request.headers.authorization;
  const ifNoneMatch = request.headers['if-none-match'];
  return {
    ifNoneMatch: Array.isArray(ifNoneMatch) ? ifNoneMatch[0] : ifNoneMatch,
    acceptsGzip: /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')),
    tenant: params.data.tenant,
    controllerId: params.data.controllerId,
    authorization: Array.isArray(authorization) ? authorization[0] : authorization,
    ip: request.ip,
    requestId: request.id,
    origin: `${request.protocol}://${request.host}`,
  };
}

function send(
  reply: FastifyReply,
  answer: DdiAnswer | { status: number; body?: unknown; headers?: Record<string, string> },
) {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.body === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
