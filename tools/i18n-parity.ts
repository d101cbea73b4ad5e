import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareLocales } from './i18n-keys';

/** Every `locales/zh-cn.json` under apps/web/src must have a sibling en.json with the same keys, none empty. */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = join(repo, 'apps/web/src');

function findZhFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...findZhFiles(full));
    } else if (entry.name === 'zh-cn.json' && dir.endsWith('locales')) {
      found.push(full);
    }
  }
  return found;
}

let failed = false;
const files = existsSync(webSrc) ? findZhFiles(webSrc) : [];
for (const zhFile of files) {
  const enFile = join(dirname(zhFile), 'en.json');
  const name = relative(repo, dirname(zhFile));
  if (!existsSync(enFile)) {
    console.log(`${name}: en.json missing`);
    failed = true;
    continue;
  }
  const report = compareLocales(JSON.parse(readFileSync(zhFile, 'utf8')), JSON.parse(readFileSync(enFile, 'utf8')));
  const problems = [
    ...report.missingInEn.map((k) => `missing in en: ${k}`),
    ...report.missingInZh.map((k) => `missing in zh-cn: ${k}`),
    ...report.empty.map((k) => `empty value: ${k}`),
  ];
  console.log(`${name}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`);
  for (const p of problems) console.log(`  ${p}`);
  if (problems.length > 0) failed = true;
}
console.log(`i18n parity: ${files.length} locale folder(s), ${failed ? 'FAIL' : 'ok'}`);
process.exit(failed ? 1 : 0);
