import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { routeFileToUrl } from '../../tools/route-paths';

export interface RouteFile {
  /** Relative to apps/web/src/routes, `/`-separated. */
  file: string;
  url: string;
  /** The pathless layout the route sits in (`_index`, `_default`, `_back`), or null at the top. */
  layout: string | null;
}

const ROUTES_DIR = resolve(import.meta.dirname, '../../apps/web/src/routes');

/**
 * What a visit puts at a route's parameter segment (`/download/$publicId`): a value of the usual id form that names
 * nothing, so the page shows its "not found" state. The router would write a literal `$publicId` as `%24publicId`.
 */
const PARAM_SAMPLE = '0000000000000000';

/**
 * Every route file that exists right now, mapped to its URL the way the router does (tools/route-paths.ts), a
 * parameter segment filled with a sample value.
 */
export function routeFiles(): RouteFile[] {
  return readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .sort()
    .flatMap((file) => {
      const path = routeFileToUrl(file);
      if (path === null) return [];
      const url = path.replace(/\/\$[^/]+/g, `/${PARAM_SAMPLE}`);
      const first = file.split('/')[0];
      return [{ file, url, layout: first.startsWith('_') && file.includes('/') ? first : null }];
    });
}

const SPEC_ROUTES = resolve(import.meta.dirname, '../../packages/contract/spec/routes.tsv');

/** The spec's pages (and back-office pages) that no route file opens yet, in the order routes.tsv lists them. */
export function unbuiltSpecPages(): string[] {
  const built = new Set(routeFiles().map((route) => route.url));
  return readFileSync(SPEC_ROUTES, 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'))
    .filter(([path, kind]) => (kind === 'page' || kind === 'back') && !built.has(path))
    .map(([path]) => path);
}
