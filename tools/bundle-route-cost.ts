import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGET_BYTES, checkBudget, kb, type Manifest, staticClosure } from './bundle-check';
import { copyRouteFile, judgeRouteCost, ROUTE_ENTRY_BUDGET_BYTES, routeIdOf } from './route-cost';
import { parseTsv, routeFileToUrl } from './route-paths';
import { listFiles } from './source-files';

/**
 * Per-route entry budget of the web build (run after `vite build` and the bundle budget): builds a copy of the web
 * app with one generated copy of each of today's route files, measures what those routes add to the entry chunk
 * (with its static imports, gzip), and projects the entry and each enforced first load to the route count of
 * packages/contract/spec/routes.tsv. Exits 1 when a route adds more than ROUTE_ENTRY_BUDGET_BYTES, or when a
 * first load would pass the bundle budget at that count.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(repo, 'apps/web');
// A sibling of apps/web, so that the config's relative imports and node_modules resolve as they do for the app.
const copy = join(repo, `apps/.route-cost-${process.pid}`);

function entryGzip(dist: string): { gzip: number; manifest: Manifest } {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  let gzip = 0;
  for (const key of staticClosure(manifest, entries)) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) gzip += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  }
  return { gzip, manifest };
}

const dist = join(web, 'dist');
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.error('route cost: apps/web/dist/.vite/manifest.json not found — run vite build first');
  process.exit(1);
}
const routeFiles = listFiles(join(web, 'src/routes'), join(web, 'src/routes'), (rel) => routeFileToUrl(rel) !== null);
const futureRoutes = parseTsv(readFileSync(join(repo, 'packages/contract/spec/routes.tsv'), 'utf8')).length;

let extra = 0;
let entryWithExtra = 0;
try {
  rmSync(copy, { recursive: true, force: true });
  for (const name of ['index.html', 'vite.config.ts', 'vite-plugins', 'src', 'package.json', 'tsconfig.json'])
    cpSync(join(web, name), join(copy, name), { recursive: true });
  for (const [i, rel] of routeFiles.entries()) {
    const folder = `${dirname(rel) === '.' ? '' : `${dirname(rel)}/`}zz-route-cost-${i}`;
    // A new name too, so that the copy's chunk and path are as new to gzip as a new route's would be.
    const name = rel.split('/').pop() as string;
    const target = `${folder}/${/^(index|route)\./.test(name) ? name : name.replace(/\./, `Copy${i}.`)}`;
    const text = copyRouteFile(readFileSync(join(web, 'src/routes', rel), 'utf8'), routeIdOf(target), 1);
    if (text === null) continue;
    mkdirSync(join(copy, 'src/routes', folder), { recursive: true });
    writeFileSync(join(copy, 'src/routes', target), text);
    extra++;
  }
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: copy,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, KEEL_BUILD_ID: 'route-cost' },
  });
  entryWithExtra = entryGzip(join(copy, 'dist')).gzip;
} finally {
  rmSync(copy, { recursive: true, force: true });
}

const base = entryGzip(dist);
const stats = JSON.parse(readFileSync(join(dist, '.vite/bundle-stats.json'), 'utf8'));
const budget = checkBudget(base.manifest, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, {
  stats,
});
const views = budget.views.filter((v) => v.enforced);
const verdict = judgeRouteCost(
  { entry: base.gzip, entryWithExtra, extra, routes: routeFiles.length, futureRoutes },
  views,
  BUDGET_BYTES,
);
console.log(
  `route cost: entry ${kb(base.gzip)} gzip with ${routeFiles.length} routes, ${kb(entryWithExtra)} with ${extra} more: ${verdict.perRoute.toFixed(0)} B per route (budget ${ROUTE_ENTRY_BUDGET_BYTES} B)`,
);
console.log(
  `route cost: at ${futureRoutes} routes (packages/contract/spec/routes.tsv) the entry would be ${kb(verdict.projectedEntry)}; ` +
    views.map((v) => `${v.name} ${kb(v.gzip + verdict.projectedGrowth)}`).join(', ') +
    ` (each ≤ ${kb(BUDGET_BYTES)})`,
);
for (const f of verdict.failures) console.log(`FAIL ${f}`);
console.log(`route cost: ${verdict.failures.length === 0 ? 'ok' : 'FAIL'}`);
process.exit(verdict.failures.length === 0 ? 0 : 1);
