import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isConsoleRoute } from '@keel/contract/routes/console-routes';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console when it exists: hashed assets cached for a year, everything else revalidated, and
 * any other GET that is not /api answered with index.html (the router decides, including its 404 page).
 */
/**
 * The HTTP status of the console page at `path`: 200 for a route of the console's route table, otherwise 404 —
 * still with index.html, whose router shows 'Page Not Found: {path}' inside the layout (SPEC §8).
 */
export function consolePageStatus(path: string): 200 | 404 {
  return isConsoleRoute(path) ? 200 : 404;
}

export async function serveWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!existsSync(join(dist, 'index.html'))) return false;
  const assets = join(dist, 'assets');
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: false,
    setHeaders(res, path) {
      res.header('cache-control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The static handler answers a directory (the root) with 403 when `index` is off: the root is the console.
  app.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return true;
}
