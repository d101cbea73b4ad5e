import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders that hold generated or installed files, never the project's own sources. */
export const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.vite',
  'test-results',
  'playwright-report',
  'coverage',
]);

/** Files under `dir` (recursively, skipping SKIPPED_DIRS) as `/`-separated paths relative to `root`. */
export function listFiles(root: string, dir = root, accept: (rel: string) => boolean = () => true): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(root, full, accept));
    else if (entry.isFile()) {
      const rel = relative(root, full).split(sep).join('/');
      if (accept(rel)) out.push(rel);
    }
  }
  return out.sort();
}

/** TypeScript and JavaScript sources. */
export function isScript(rel: string): boolean {
  return /\.(c|m)?(t|j)sx?$/.test(rel) && !rel.endsWith('.d.ts');
}
