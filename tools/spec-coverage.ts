import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { endpoints } from '@keel/contract/endpoints/index';
import { ourRoutes } from '@keel/contract/routes/console-routes';
import { groupBy, parseTsv, routeFileToUrl } from './route-paths';

/**
 * Reports how much of spec/endpoints.tsv the server mounts and how much of spec/routes.tsv (every kind) has a
 * route file. Missing items are reported, not failed; a mounted path or route file outside the spec that the
 * contract does not declare `ours: true` (endpoints) or list in `ourRoutes` (route files) fails the run.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specDir = join(repo, 'packages/contract/spec');
const routesDir = join(repo, 'apps/web/src/routes');
const registryFile = join(repo, 'apps/server/src/modules/registry.ts');

const specEndpoints = parseTsv(readFileSync(join(specDir, 'endpoints.tsv'), 'utf8')).map(([method, path, , area]) => ({
  method,
  path,
  area: area ?? '',
}));
const specRoutes = parseTsv(readFileSync(join(specDir, 'routes.tsv'), 'utf8')).map(([path, kind, area]) => ({
  path,
  kind: kind ?? '',
  area: area ?? '',
}));

async function loadMounted(): Promise<readonly string[] | null> {
  if (!existsSync(registryFile)) return null;
  const mod = (await import(pathToFileURL(registryFile).href)) as { mountedPaths?: readonly string[] };
  return mod.mountedPaths ?? null;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

const mounted = await loadMounted();
const mountedSet = new Set(mounted ?? []);
const routeUrls = new Map<string, string>();
for (const file of listFiles(routesDir)) {
  const rel = relative(routesDir, file).split('\\').join('/');
  const url = routeFileToUrl(rel);
  if (url !== null) routeUrls.set(url, rel);
}

const specEndpointSet = new Set(specEndpoints.map((e) => e.path));
const specRouteSet = new Set(specRoutes.map((r) => r.path));
const ours = new Set(Object.entries(endpoints).flatMap(([path, e]) => ((e as { ours?: boolean }).ours ? [path] : [])));

const mountedCount = specEndpoints.filter((e) => mountedSet.has(e.path)).length;
const routedCount = specRoutes.filter((r) => routeUrls.has(r.path)).length;
console.log(
  `endpoints: ${mountedCount}/${specEndpoints.length} mounted${mounted === null ? ' (no apps/server/src/modules/registry.ts yet)' : ''}`,
);
const byKind = groupBy(specRoutes, (r) => r.kind);
const kindCounts = [...byKind].map(
  ([kind, list]) => `${kind} ${list.filter((r) => routeUrls.has(r.path)).length}/${list.length}`,
);
console.log(`routes: ${routedCount}/${specRoutes.length} with a route file (${kindCounts.join(', ')})`);

const missingEndpoints = groupBy(
  specEndpoints.filter((e) => !mountedSet.has(e.path)),
  (e) => e.area,
);
console.log('\nEndpoints not mounted:');
for (const [area, list] of missingEndpoints)
  console.log(`  ${area} (${list.length}): ${list.map((e) => e.path).join(', ')}`);
const missingRoutes = groupBy(
  specRoutes.filter((r) => !routeUrls.has(r.path)),
  (r) => r.area,
);
console.log('\nRoutes without a route file:');
for (const [area, list] of missingRoutes)
  console.log(`  ${area} (${list.length}): ${list.map((r) => r.path).join(', ')}`);

const extraMounted = [...mountedSet].filter((p) => !specEndpointSet.has(p) && !ours.has(p));
const extraRoutes = [...routeUrls].filter(([url]) => !specRouteSet.has(url) && !ourRoutes.includes(url));
for (const p of extraMounted) console.log(`FAIL mounted path not in the spec and not \`ours: true\`: ${p}`);
for (const [url, file] of extraRoutes)
  console.log(`FAIL route file not in the spec nor in \`ourRoutes\`: ${file} → ${url}`);
process.exit(extraMounted.length + extraRoutes.length > 0 ? 1 : 0);
