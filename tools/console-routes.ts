import { readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { consoleRoutes } from '../packages/contract/src/routes/console-routes';
import { routeFileToUrl } from './route-paths';

const root = resolve(import.meta.dirname, '..');
const routesDir = resolve(root, 'apps/web/src/routes');
const tableFile = resolve(root, 'packages/contract/src/routes/console-routes.ts');

/** The URL of every route file under apps/web/src/routes, sorted, each once. */
export function routeFileUrls(): string[] {
  const urls = readdirSync(routesDir, { recursive: true, encoding: 'utf8' }).flatMap((file) => {
    const url = routeFileToUrl(file.split('\\').join('/'));
    return url === null ? [] : [url];
  });
  return [...new Set(urls)].sort();
}

/** Whether `consoleRoutes` lists exactly the route files. */
export function tableIsCurrent(): boolean {
  return JSON.stringify([...consoleRoutes]) === JSON.stringify(routeFileUrls());
}

// `npx tsx tools/console-routes.ts`: rewrites the list in packages/contract/src/routes/console-routes.ts.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(tableFile, 'utf8');
  const list = routeFileUrls()
    .map((u) => `  '${u}',\n`)
    .join('');
  const next = text.replace(/(export const consoleRoutes: readonly string\[\] = \[\n)[\s\S]*?(\];)/, `$1${list}$2`);
  writeFileSync(tableFile, next);
  console.log(`console routes: ${routeFileUrls().length} paths written to ${tableFile}`);
}
