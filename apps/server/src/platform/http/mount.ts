import type { Endpoint, OutputOf, ParsedInputOf } from '@keel/contract/endpoint';
import { pickLocale } from '@keel/contract/status';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { appendAudit } from '../audit/audit-log';
import type { Contribution } from '../extension-points';
import type { Services } from '../services';
import { authorize, checkDeclaredAccess } from './access';
import type { RequestContext } from './context';
import { errorEnvelope, okEnvelope } from './envelope';
import { AppError, invalidInput } from './errors';
import { MULTIPART_OVERHEAD, MultipartBody } from './multipart';
import { nulTextPath } from './nul-text';
import { outputMismatch, serializedMismatch } from './output-check';
import { applyAddressLimits, applySubjectLimits } from './rate-rules';
import { type ResponseSerializer, responseSerializerOf } from './response-serializer';
import { checkDeclaredScope, enforceDeclaredScope, type ScopeResolvers } from './scope';

export type Handler<E extends Endpoint> = (input: ParsedInputOf<E>, ctx: RequestContext) => Promise<OutputOf<E>>;

/** One handler per declared endpoint, each typed from its declaration: a missing or mistyped one fails to compile. */
export type Handlers<G extends Record<string, Endpoint>> = { [P in keyof G]: Handler<G[P]> };

export interface ApiModule {
  endpoints: Record<string, Endpoint>;
  // biome-ignore lint/suspicious/noExplicitAny: the typed view is checked in defineModule.
  build: (s: Services) => Record<string, Handler<any>>;
  /** The scope kinds whose objects this module owns, resolved for every endpoint's scope check (scope.ts). */
  scopes?: ScopeResolvers;
  /** What this module gives other modules' extension points (platform/extension-points.ts). */
  contributes?: readonly Contribution[];
}

/**
 * Binds a contract group to its handlers (a module's routes.ts), with the scope kinds it resolves and what it
 * contributes to other modules' extension points.
 */
export function defineModule<G extends Record<string, Endpoint>>(
  endpoints: G,
  build: (s: Services) => Handlers<G>,
  options: { scopes?: ScopeResolvers; contributes?: readonly Contribution[] } = {},
): ApiModule {
  return { endpoints, build: build as ApiModule['build'], scopes: options.scopes, contributes: options.contributes };
}

/** Every module's scope resolvers; a kind registered twice is refused. */
function scopeResolversOf(modules: readonly ApiModule[]): ScopeResolvers {
  const out: Record<string, ScopeResolvers[keyof ScopeResolvers]> = {};
  for (const m of modules) {
    for (const [kind, resolver] of Object.entries(m.scopes ?? {})) {
      if (out[kind]) throw new Error(`Scope kind ${kind} is resolved by two modules`);
      out[kind] = resolver;
    }
  }
  return out;
}

/** Names the first invalid field the way the message catalogue expects. */
function fieldOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'input';
  return issue.path.length > 0 ? issue.path.join('.') : issue.message;
}

export function newContext(request: FastifyRequest): RequestContext {
  const language = request.headers['accept-language'] ?? request.headers['content-language'];
  return {
    requestId: request.id,
    // What the console sends, without parsing; anything else as pickLocale reads it.
    locale: language === 'zh-cn' || language === 'en' ? language : pickLocale(language),
    ip: request.ip,
    user: null,
    property: null,
    device: null,
    audit: {},
  };
}

/** Mounts every endpoint of the modules under /api (architecture §4). */
export function mountModules(app: FastifyInstance, s: Services, modules: readonly ApiModule[]): void {
  const scopes = scopeResolversOf(modules);
  for (const module of modules) {
    const handlers = module.build(s);
    for (const [path, def] of Object.entries(module.endpoints)) {
      const handler = handlers[path];
      if (!handler) throw new Error(`No handler for ${path}`);
      checkDeclaredAccess(def);
      checkDeclaredScope(def, scopes);
      // Every answer on the route, errors included (the error handler's too), is written by the serializer
      // compiled from the output schema: a field it does not declare is never sent (response-serializer.ts).
      const response = responseSerializerOf(def.output);
      app.route({
        method: def.method,
        url: `/api/${path}`,
        schema: { response: { default: response.schema } },
        // Fastify types a serializer as answering text; it sends a Buffer as it is (the ok envelope's bytes).
        serializerCompiler: () => response.serialize as (data: unknown) => string,
        handler: (request, reply) => serve(s, scopes, def, response, handler, request, reply),
      });
    }
  }
}

async function serve(
  s: Services,
  scopes: ScopeResolvers,
  def: Endpoint,
  response: ResponseSerializer,
  // biome-ignore lint/suspicious/noExplicitAny: input is parsed by def.input just before the call.
  handler: Handler<any>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const ctx = newContext(request);
  const multipart = request.body instanceof MultipartBody ? request.body : undefined;
  let status = 0;
  let authorised = false;
  try {
    await authorize(s, def.access, request.headers, ctx);
    authorised = true;
    if (def.rateLimit) applyAddressLimits(s.limiter, def.rateLimit, ctx.ip, s.config.signInLimits);
    if (multipart) ctx.upload = acceptUpload(def, multipart);
    // A file's call sends its input fields in the query string.
    const parsed = def.input.safeParse(def.method === 'GET' || multipart ? request.query : (request.body ?? {}));
    if (!parsed.success) throw invalidInput(fieldOf(parsed.error));
    const nul = nulTextPath(parsed.data);
    if (nul) throw invalidInput(nul);
    if (def.rateLimit) applySubjectLimits(s.limiter, def.rateLimit, parsed.data, s.config.signInLimits);
    await enforceDeclaredScope(s.db, scopes, def, parsed.data, ctx.property);
    const data = await handler(parsed.data, ctx);
    const envelope = okEnvelope(data ?? null, ctx.locale);
    // Outside production an answer must be exactly what the output schema declares, and the route's serializer
    // must write it as JSON.stringify would; in production the serializer drops what the schema does not declare.
    if (s.config.checkOutput) {
      const mismatch = outputMismatch(def.output, data);
      if (mismatch) throw new Error(`${def.path} answered outside its output schema: ${mismatch}`);
      const unfaithful = serializedMismatch(response.serialize(envelope), data);
      if (unfaithful)
        throw new Error(`${def.path}: the serializer compiled from its output schema wrote ${unfaithful}`);
    }
    // Written here, as bytes: handing Fastify the object to serialize cost the call more than the writing itself.
    reply.type('application/json; charset=utf-8');
    return response.serialize(envelope);
  } catch (thrown) {
    // A body that failed answers why, whatever the handler made of its stream's error.
    const error = multipart?.failure ?? thrown;
    if (!(error instanceof AppError)) {
      status = -1;
      throw error;
    }
    const envelope = errorEnvelope(error, ctx.locale);
    status = envelope.status;
    if (error.http.status) reply.code(error.http.status);
    if (error.http.retryAfterSeconds) reply.header('retry-after', String(error.http.retryAfterSeconds));
    return envelope;
  } finally {
    multipart?.settle(reply);
    if (def.mutates && authorised) {
      await appendAudit(s.db, {
        at: s.now(),
        actor_uid: ctx.audit.actorUid ?? ctx.user?.uid ?? null,
        pno: ctx.property?.pno ?? null,
        endpoint: def.path,
        target: ctx.audit.target ?? null,
        result: status === -1 ? 100110050500 : status,
        address: ctx.ip,
        request_id: ctx.requestId,
      }).catch((e) => s.log.error({ err: e, reqId: request.id }, 'audit write failed'));
    }
  }
}

/** The multipart body of a call, if its endpoint takes a file and the body's length is within the declared limit. */
function acceptUpload(def: Endpoint, body: MultipartBody): MultipartBody {
  if (!def.upload) throw invalidInput('content-type');
  if (body.length === 0) throw invalidInput('content-length');
  if (body.length > def.upload.maxBytes + MULTIPART_OVERHEAD) throw new AppError('tooLarge', {}, { status: 413 });
  body.limit(def.upload.maxBytes);
  return body;
}
