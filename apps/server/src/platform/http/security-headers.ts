import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
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

/**
 * A Fastify `serverFactory` whose HTTP server sets the security headers on every response before Fastify sees the
 * request: helmet's set (`documentOptions`) on pages, files and the API docs, `API_SECURITY_HEADERS` on JSON
 * answers. Decision: an `onRequest` hook doing the same cost about a quarter of a bare request's CPU (the hook
 * runner plus Fastify's per-header bookkeeping; `npm run bench`), and this way every answer — routes, 404s, errors,
 * static files — carries them. Headers a route sets itself still win: Node merges `setHeader` values under those
 * passed to `writeHead`. (`inject()` bypasses the HTTP server, so tests of these headers listen on a port.)
 */
export function securityHeadersServer(documentOptions: Readonly<HelmetOptions>) {
  const documentHeaders = Object.entries(computeSecurityHeaders(documentOptions));
  const apiHeaders = Object.entries(API_SECURITY_HEADERS);
  return (handler: RequestListener, options: ServerTimeouts) => {
    const server = createServer((request, response) => {
      for (const [name, value] of isApiPath(request.url ?? '') ? apiHeaders : documentHeaders) {
        response.setHeader(name, value);
      }
      handler(request, response);
    });
    applyTimeouts(server, options);
    return server;
  };
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
