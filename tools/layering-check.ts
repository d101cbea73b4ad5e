import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImportGraph, readWorkspaces } from './import-graph';
import { applyAllowList, layerBreaches } from './layering';
import { KNOWN_BREACHES } from './layering-allowlist';
import { listFiles } from './source-files';

/**
 * Repo check: the layering rules of tools/layering.ts over the server, web, contract, tools, e2e and bench
 * sources. Prints each breach with its file, line and rule; exits 1 on a breach that is not in
 * tools/layering-allowlist.ts, or on an allow-list entry that no breach needs any more (remove it).
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const roots = [
  'apps/server/src',
  'apps/web/src',
  'apps/device-sim/src',
  'packages/contract/src',
  'tools',
  'e2e',
  'bench',
];
const files = roots.flatMap((dir) =>
  listFiles(repo, join(repo, dir), (rel) => /\.tsx?$/.test(rel) && !rel.endsWith('.d.ts')),
);

const edges = buildImportGraph(repo, files, readWorkspaces(repo));
const breaches = layerBreaches(edges);
const { fresh, stale } = applyAllowList(breaches, KNOWN_BREACHES);
const allowed = breaches.length - fresh.length;
for (const b of fresh) console.log(`FAIL ${b.file}:${b.line} [${b.rule}] ${b.detail}`);
for (const a of stale)
  console.log(`FAIL tools/layering-allowlist.ts: ${a.file} [${a.rule}] no longer breaks the rule: remove the entry`);
console.log(
  `layering: ${files.length} files, ${edges.length} imports; ${fresh.length} new breach(es), ${allowed} known (allow-list: ${KNOWN_BREACHES.length} entries, to shrink to none)`,
);
process.exit(fresh.length + stale.length === 0 ? 0 : 1);
