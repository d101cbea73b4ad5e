import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFiles } from './source-files';
import { handWrittenTenantFilters, isModuleCode } from './tenancy';
import { KNOWN_TENANT_FILTERS } from './tenancy-allowlist';

/**
 * Repo check: no hand-written tenant filter in module code (tools/tenancy.ts). Exits 1 when a file has more than
 * tools/tenancy-allowlist.ts allows (printing them), or fewer (lower its entry). `--write-allowlist` prints the
 * list as it stands, for the file.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = listFiles(repo, join(repo, 'apps/server/src/modules'), (rel) => isModuleCode(rel));
const counts = new Map<string, number>();
let failed = false;
for (const file of files) {
  const found = handWrittenTenantFilters(readFileSync(join(repo, file), 'utf8'));
  if (found.length > 0) counts.set(file, found.length);
  const allowed = KNOWN_TENANT_FILTERS[file] ?? 0;
  if (found.length > allowed) {
    failed = true;
    for (const f of found) console.log(`FAIL ${file}:${f.line} hand-written tenant filter ${f.text}: use tenantDb`);
  } else if (found.length < allowed) {
    failed = true;
    console.log(`FAIL tools/tenancy-allowlist.ts: ${file} has ${found.length} now: lower its entry`);
  }
}
for (const file of Object.keys(KNOWN_TENANT_FILTERS)) {
  if (!files.includes(file)) {
    failed = true;
    console.log(`FAIL tools/tenancy-allowlist.ts: ${file} is gone: remove its entry`);
  }
}
if (process.argv.includes('--write-allowlist')) {
  for (const [file, n] of counts) console.log(`  '${file}': ${n},`);
}
const total = [...counts.values()].reduce((a, b) => a + b, 0);
console.log(
  `tenancy: ${files.length} module files, ${total} hand-written tenant filters in ${counts.size} (to shrink to none)`,
);
process.exit(failed ? 1 : 0);
