import { readdirSync } from 'node:fs';
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

/** Every route file that exists right now, mapped to its URL the way the router does (tools/route-paths.ts). */
export function routeFiles(): RouteFile[] {
  return readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .sort()
    .flatMap((file) => {
      const url = routeFileToUrl(file);
      if (url === null) return [];
      const first = file.split('/')[0];
      return [{ file, url, layout: first.startsWith('_') && file.includes('/') ? first : null }];
    });
}
