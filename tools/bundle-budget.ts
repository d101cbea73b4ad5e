import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGET_BYTES, type BundleStats, checkBudget, kb, type Manifest, VIEWS } from './bundle-check';

/** Bundle budget of the web build (run after `vite build`): prints a table, exits 1 on a breach. */
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = join(dist, '.vite/manifest.json');
const statsFile = join(dist, '.vite/bundle-stats.json');
for (const file of [manifestFile, statsFile]) {
  if (!existsSync(file)) {
    console.error(`bundle budget: ${file} not found — run vite build (manifest: true, bundleStatsPlugin)`);
    process.exit(1);
  }
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as BundleStats;
const result = checkBudget(manifest, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, {
  stats,
});

const marks = VIEWS.map((_, i) => String.fromCharCode(65 + i));
console.log(VIEWS.map((v, i) => `${marks[i]} = ${v.name}`).join('; '));
for (const row of result.rows) {
  const cols = VIEWS.map((v, i) => (row.views.includes(v.name) ? marks[i] : '.')).join('');
  console.log(`${cols}  ${kb(row.gzip).padStart(10)}  ${row.file}`);
}
for (const [i, view] of result.views.entries()) {
  const verdict = view.enforced ? `of ${kb(BUDGET_BYTES)}` : '(reported, not enforced)';
  console.log(`${marks[i]} ${view.name}: ${kb(view.gzip)} gzip ${verdict}`);
}
const lazy = result.rows.filter((r) => r.views.length === 0);
if (lazy.length > 0)
  console.log(`largest other chunk: ${kb(lazy[0].gzip)} ${lazy[0].file} (each ≤ ${kb(BUDGET_BYTES)})`);
for (const f of result.failures) console.log(`FAIL ${f}`);
console.log(`bundle budget: ${result.failures.length === 0 ? 'ok' : 'FAIL'}`);
process.exit(result.failures.length === 0 ? 0 : 1);
