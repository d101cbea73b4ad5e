import type { Plugin } from 'vite';

/**
 * Keeps the entry's route table to what the router reads at run time, so that each route adds only its path and
 * its lazy chunk to the entry (budget: tools/bundle-route-cost.ts). Build only; the route files and the generated
 * `routeTree.gen.ts` are left as they are on disk.
 * - `createFileRoute('/_default/Account/TitlePage')(…)` → `createFileRoute()(…)`: the path argument types the
 *   route and is not read at run time (the tree's `update({ id, path })` places the route).
 * - In `routeTree.gen.ts`, each `…RouteChildren = { KeyRoute: KeyRoute, … }` becomes an array: `_addFileChildren`
 *   takes an array or an object's values, so the keys (long camel-case names, one per route) are dead weight.
 * - `update({ id: '/x', path: '/x', … })` drops the `id` equal to the path: the router derives the id from the path.
 */
export function slimRouteTablePlugin(): Plugin {
  return {
    name: 'keel-slim-route-table',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.replace(/\?.*$/, '').replaceAll('\\', '/');
      if (file.endsWith('/src/routeTree.gen.ts')) return { code: slimRouteTree(code), map: null };
      if (/\/src\/routes\/.+\.tsx?$/.test(file) && code.includes('createFileRoute'))
        return { code: dropFileRoutePaths(code), map: null };
      return null;
    },
  };
}

/** `createFileRoute('…')` → `createFileRoute()`. */
export function dropFileRoutePaths(code: string): string {
  return code.replace(/\bcreateFileRoute\(\s*(['"`])[^'"`]*\1\s*\)/g, 'createFileRoute()');
}

/** Children objects as arrays, and `id`s equal to their `path` dropped (the generated tree, compiled to JS). */
export function slimRouteTree(code: string): string {
  return code
    .replace(
      /(\b(?:const|let|var)\s+\w+Children)\s*(?::\s*[\w.]+\s*)?=\s*\{([^{}]*)\}/g,
      (_m, head: string, body: string) => {
        const values = body
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            const colon = entry.indexOf(':');
            return (colon < 0 ? entry : entry.slice(colon + 1)).trim();
          });
        return `${head} = [${values.join(', ')}]`;
      },
    )
    .replace(
      /\bid:\s*(['"`])([^'"`]*)\1\s*,\s*path:\s*(['"`])\2\3/g,
      (_m, _q, path: string, quote: string) => `path: ${quote}${path}${quote}`,
    );
}
