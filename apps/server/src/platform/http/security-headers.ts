import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's header set, computed once. `@fastify/helmet` runs `helmet(options)` on every request (parsing the CSP
 * directives again each time) although the answer never changes without nonces; running it once against a
 * response that only records headers gives the same names and values.
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * What a JSON answer needs (OWASP REST Security Cheat Sheet, "Security headers"): nothing may render, frame or sniff
 * it, and no cache keeps it. The document headers (CSP for scripts and styles, COOP, Origin-Agent-Cluster, …) concern
 * pages a browser renders, which an API answer never is.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});

/** `/{tenant}/controller/v1/…`: the device API (hawkBit DDI). */
const DEVICE_API_PATH = /^\/[^/?]+\/controller\/v1\//;

/** JSON answers: the API (not its HTML docs), the device API and the probes. */
export function isApiPath(url: string): boolean {
  if (url.startsWith('/api/')) return !url.startsWith('/api/docs');
  return url === '/healthz' || url === '/readyz' || DEVICE_API_PATH.test(url);
}

/** A precomputed header set: its lower-case names and the header lines Node writes for it. */
interface HeaderBlock {
  readonly names: ReadonlySet<string>;
  readonly entries: readonly (readonly [string, string])[];
  readonly lines: string;
}

function headerBlock(headers: Readonly<Record<string, string>>): HeaderBlock {
  const entries = Object.entries(headers).map(([name, value]) => {
    // Checked once here as `setHeader` would check them on every response.
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return [name.toLowerCase(), value] as const;
  });
  return {
    names: new Set(entries.map(([name]) => name)),
    entries,
    lines: entries.map(([name, value]) => `${name}: ${value}\r\n`).join(''),
  };
}

/**
 * The block's lines less the headers the response sets itself (`headers` as Node's `_storeHeader` gets them: its own
 * store keyed by lower-case name, the object a `writeHead` call passed, or a raw array; names in any case).
 */
export function blockLines(block: HeaderBlock, headers: unknown): string {
  if (headers === null || typeof headers !== 'object') return block.lines;
  // No closure here: this runs on every response, and the loader's keep-names wrapper (`__name`) of an inner
  // function cost 3 % of a DDI poll's CPU.
  let own: Set<string> | undefined;
  if (Array.isArray(headers)) {
    // `[[name, value], …]` or `[name, value, name, value, …]`.
    if (Array.isArray(headers[0])) for (const pair of headers) own = seeHeader(block, (pair as unknown[])[0], own);
    else for (let i = 0; i < headers.length; i += 2) own = seeHeader(block, headers[i], own);
  } else {
    for (const name in headers) own = seeHeader(block, name, own);
  }
  if (!own) return block.lines;
  const mine = own;
  return block.entries
    .filter(([name]) => !mine.has(name))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
}

/** `own` with `name` added when the block has that header (created on the first such name). */
function seeHeader(block: HeaderBlock, name: unknown, own: Set<string> | undefined): Set<string> | undefined {
  if (typeof name !== 'string') return own;
  const lower = block.names.has(name) ? name : name.toLowerCase();
  if (!block.names.has(lower)) return own;
  const set = own ?? new Set<string>();
  set.add(lower);
  return set;
}

/**
 * A Fastify `serverFactory` whose HTTP server writes the security headers into every response's head: helmet's set
 * (`documentOptions`) on pages, files and the API docs, `API_SECURITY_HEADERS` on JSON answers. Headers a route sets
 * itself win (that header of the set is left out).
 *
 * Decisions: an `onRequest` hook doing the same cost about a quarter of a bare request's CPU (the hook runner plus
 * Fastify's per-header bookkeeping; `npm run bench`), and this way every answer — routes, 404s, errors, static
 * files — carries them. They are not set one by one with `setHeader` either (that validated and stored six to
 * twelve headers on every request, 4.6 % of a DDI poll's CPU, and sent Fastify's own headers down Node's slower
 * merging path): the response class (`createServer`'s `ServerResponse` option) adds the lines, validated once at
 * start, where Node assembles the head (`_storeHeader`, which `writeHead` calls once per response; Node 18–24).
 * A bare Fastify route answering a poll-sized JSON, A/B interleaved: 6–20 % less server CPU per request.
 * `inject()` bypasses the HTTP server, so tests of these headers listen on a port (security-headers.test.ts).
 */
export function securityHeadersServer(documentOptions: Readonly<HelmetOptions>) {
  const documentBlock = headerBlock(computeSecurityHeaders(documentOptions));
  const apiBlock = headerBlock(API_SECURITY_HEADERS);
  const storeHeader = (ServerResponse.prototype as unknown as StoreHeader)._storeHeader;
  // A constructor function as Node's own is (a class extending it made every response cost more to construct).
  function SecuredResponse(this: ServerResponse, request: IncomingMessage, options: unknown) {
    (ServerResponse as unknown as (this: ServerResponse, r: IncomingMessage, o: unknown) => void).call(
      this,
      request,
      options,
    );
  }
  Object.setPrototypeOf(SecuredResponse.prototype, ServerResponse.prototype);
  Object.setPrototypeOf(SecuredResponse, ServerResponse);
  (SecuredResponse.prototype as StoreHeader)._storeHeader = function (firstLine, headers) {
    const block = isApiPath(this.req.url ?? '') ? apiBlock : documentBlock;
    storeHeader.call(this, firstLine + blockLines(block, headers), headers);
  };
  if (typeof (ServerResponse.prototype as unknown as Partial<StoreHeader>)._storeHeader !== 'function') {
    throw new Error('security headers: this Node has no ServerResponse._storeHeader');
  }
  return (handler: RequestListener, options: ServerTimeouts): Server => {
    const server = createServer({ ServerResponse: SecuredResponse as unknown as typeof ServerResponse }, handler);
    applyTimeouts(server, options);
    return server;
  };
}

/** Node's internal step that assembles a response's head (`OutgoingMessage.prototype._storeHeader`). */
interface StoreHeader {
  _storeHeader(this: ServerResponse, firstLine: string, headers: unknown): void;
}

/** Fastify's connection options, which it applies only to a server it creates itself. */
export interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

/**
 * Applies Fastify's timeouts to a server of a `serverFactory` (Fastify leaves it as Node made it): how long an idle
 * keep-alive connection stays open (longer than a load balancer's idle timeout, so that it never reuses one the
 * server is closing) and how long a whole request may take (slow clients cannot hold sockets forever). Headers must
 * arrive within the request's time.
 */
export function applyTimeouts(server: Server, options: ServerTimeouts): void {
  if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
  if (options.requestTimeout) {
    server.requestTimeout = options.requestTimeout;
    server.headersTimeout = Math.min(server.headersTimeout, options.requestTimeout);
  }
  if (options.connectionTimeout) server.setTimeout(options.connectionTimeout);
}
