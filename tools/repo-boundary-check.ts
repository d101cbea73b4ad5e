import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsUnder, findBoundaryBreaches, findTextBreaches } from './repo-boundary';
import { isScript, listFiles } from './source-files';

/**
 * Repo check: no code, test, script or config reads anything outside the repository (absolute machine paths,
 * paths climbing above the root, the sibling `../shared` folder). Exits 1 with each breach as file:line.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const exists = existsUnder(repo);
const isText = (rel: string) => /(^|\/)package\.json$/.test(rel) || /\.(sh|ya?ml)$/.test(rel) || rel === '.ci/run';

const files = listFiles(repo, repo, (rel) => isScript(rel) || isText(rel));
const breaches = files.flatMap((rel) => {
  const text = readFileSync(join(repo, rel), 'utf8');
  return isScript(rel) ? findBoundaryBreaches(rel, text, exists) : findTextBreaches(rel, text, exists);
});
for (const b of breaches) console.log(`FAIL ${b.file}:${b.line} ${b.reason}: ${b.text}`);
console.log(
  `repo boundary: ${files.length} files, ${breaches.length === 0 ? 'nothing reaches outside' : `${breaches.length} breach(es)`}`,
);
process.exit(breaches.length === 0 ? 0 : 1);
