/**
 * Maps a route file (relative to apps/web/src/routes, `/`-separated) to its URL per TEAM.md: `_…` segments
 * dropped, `index` dropped, extension removed. Returns null for files that are not routes (`__root.tsx`,
 * `routeTree.gen.ts`, `-…` files or folders, tests, pathless layout `route.tsx` files, non-TS files).
 */
export function routeFileToUrl(file: string): string | null {
  if (!/\.tsx?$/.test(file) || /\.(test|spec)\.tsx?$/.test(file)) return null;
  const parts = file.replace(/\.tsx?$/, '').split('/');
  if (parts.some((p) => p.startsWith('-'))) return null;
  const last = parts[parts.length - 1];
  if (last === '__root' || last === 'routeTree.gen') return null;
  if (last === 'route') {
    // `_layout/route.tsx` is a pathless layout; `Foo/route.tsx` is the route of `/Foo`.
    if (parts.length === 1 || parts[parts.length - 2].startsWith('_')) return null;
    parts.pop();
  }
  const kept = parts.filter((p) => !p.startsWith('_') && p !== 'index');
  return `/${kept.join('/')}`;
}

/** Groups items by a key, preserving first-seen order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k) ?? [];
    list.push(item);
    out.set(k, list);
  }
  return out;
}

/** Parses a spec TSV: skips comment (`#`) and blank lines, splits on tabs. */
export function parseTsv(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}
