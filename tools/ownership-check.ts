import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildImportGraph, readWorkspaces } from './import-graph';
import {
  applyOwnershipAllowList,
  isTablesFile,
  moduleCycleBreaches,
  type OwnershipBreach,
  sqlBreaches,
  tableBreaches,
  tableOwners,
} from './ownership';
import { KNOWN_OWNERSHIP_BREACHES } from './ownership-allowlist';
import { listFiles } from './source-files';

/**
 * Repo check: table ownership (tools/ownership.ts) over apps/server/src. Prints each breach; exits 1 on a breach
 * that tools/ownership-allowlist.ts does not list, or on an entry no breach needs any more (remove it). Prints the
 * counts: cross-owner table uses, files with SQL outside a repo, module imports on folder cycles.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = listFiles(repo, join(repo, 'apps/server/src'), (rel) => /\.ts$/.test(rel) && !rel.endsWith('.d.ts'));
const sources = new Map(files.map((f) => [f, readFileSync(join(repo, f), 'utf8')]));
const owners = tableOwners(new Map([...sources].filter(([f]) => isTablesFile(f))));

const breaches: OwnershipBreach[] = [
  ...files.flatMap((f) => tableBreaches(f, sources.get(f)!, owners)),
  ...files.flatMap((f) => sqlBreaches(f, sources.get(f)!)),
  ...moduleCycleBreaches(buildImportGraph(repo, files, readWorkspaces(repo), (f) => sources.get(f)!)),
];
const { fresh, stale } = applyOwnershipAllowList(breaches, KNOWN_OWNERSHIP_BREACHES);
for (const b of fresh) {
  const at = b.rule === 'module-cycle' ? b.where : `${b.where}:${b.line}`;
  console.log(`FAIL ${at} [${b.rule}] ${b.detail}`);
}
for (const a of stale)
  console.log(
    `FAIL tools/ownership-allowlist.ts: ${a.where}${a.what ? ` (${a.what})` : ''} [${a.rule}] not needed (any more): remove the entry`,
  );
if (process.argv.includes('--write-allowlist'))
  for (const entry of new Set(
    breaches.map((b) => `  { rule: '${b.rule}', where: '${b.where}'${b.what ? `, what: '${b.what}'` : ''} },`),
  ))
    console.log(entry);

const count = (rule: OwnershipBreach['rule']) => breaches.filter((b) => b.rule === rule).length;
console.log(
  `ownership: ${owners.size} tables in ${new Set(owners.values()).size} owners; ${count('table-outside-owner')} cross-owner table use(s), ${count('sql-outside-repo')} file(s) with SQL outside a repo, ${count('module-cycle')} module import(s) on folder cycles; ${fresh.length} new, allow-list ${KNOWN_OWNERSHIP_BREACHES.length} entries (to shrink to none)`,
);
process.exit(fresh.length + stale.length === 0 ? 0 : 1);
