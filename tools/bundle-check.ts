/** The part of a Vite manifest entry the budget needs. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** `.vite/bundle-stats.json` (apps/web/vite-plugins/bundle-stats.ts): the source modules inside each JS chunk. */
export interface BundleStats {
  chunks: Record<string, string[]>;
}

export const BUDGET_BYTES = 200 * 1024;

/**
 * A first load the budget measures: the entry chunk, everything it imports statically, and the lazy chunks (with
 * their static imports) of the routes that load is made of. `enforced: false` views are printed, not checked.
 */
export interface BudgetView {
  name: string;
  /** Manifest keys of the lazy route chunks this load needs besides the entry. */
  routes: (manifest: Manifest) => string[];
  enforced: boolean;
}

/**
 * What is measured. The budget — "the JS needed for the sign-in page and the shell ≤ 200 KB gzip" — is
 * enforced for each first load: the sign-in view (entry: React, router, query, i18n, antd's ConfigProvider, toasts;
 * plus the `/` route and its layout), the signed-in shells (entry plus the `_default` or `_back` layout: head, side
 * menu, property switcher, user menu), and the sum of the sign-in page and the console shell — what a visitor who
 * signs in has loaded by the time the console shows. The sign-in forms and the shells use the small components of
 * `src/shared/ui` (Button, TextInput, NavTree, SelectButton, MenuButton) instead of antd Button, Input, Layout, Menu,
 * Select, Dropdown and Badge (decisions in apps/web/README.md, "Bundle budget").
 */
export const VIEWS: readonly BudgetView[] = [
  { name: 'sign-in page + app shell', routes: (m) => routeKeys(m, 'index'), enforced: true },
  { name: 'console shell (signed in)', routes: (m) => layoutKeys(m, '_default'), enforced: true },
  { name: 'back-office shell (operators)', routes: (m) => layoutKeys(m, '_back'), enforced: true },
  {
    name: 'sign-in page + console shell',
    routes: (m) => [...routeKeys(m, 'index'), ...layoutKeys(m, '_default')],
    enforced: true,
  },
];

export interface BudgetRow {
  file: string;
  gzip: number;
  /** Names of the views this chunk is part of. */
  views: string[];
}
export interface ViewTotal {
  name: string;
  gzip: number;
  enforced: boolean;
}
export interface BudgetResult {
  rows: BudgetRow[];
  views: ViewTotal[];
  failures: string[];
}

/** Manifest keys statically reachable from `roots` (roots included). */
export function staticClosure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** A route or feature page module (not `__root`) as a chunk's source: it must not load with the entry. */
export function isPageSource(source: string | undefined): boolean {
  if (!source) return false;
  const src = stripQuery(source);
  if (/(^|\/)src\/routes\/(.+\/)?__root\.tsx?$/.test(src)) return false;
  return /(^|\/)src\/routes\//.test(src) || /(^|\/)src\/features\/.+\/pages\//.test(src);
}

/**
 * A page component among the modules of a chunk: a route's split-off component (`?tsr-split=component`) or a
 * feature's page (`src/features/…/pages/…`, `src/features/…/XxxPage.tsx`). A route file without the query is its
 * definition (path, `beforeLoad`, search validation), which the router needs up front.
 */
export function isPageModule(id: string): boolean {
  if (/(^|\/)src\/routes\/.+\?(.*&)?tsr-split=[^&]*component/.test(id)) return true;
  const src = stripQuery(id);
  return (
    /(^|\/)src\/features\/.+\/pages\//.test(src) || /(^|\/)src\/features\/(.+\/)?[A-Z][A-Za-z0-9]*Page\.tsx?$/.test(src)
  );
}

/**
 * Checks the budget: each enforced view (entry + its static imports + its routes' lazy chunks and their static
 * imports) ≤ limit gzip; every JS chunk ≤ limit; no page module in the entry's static closure — by chunk source
 * (manifest) and, given `stats`, by the modules inside those chunks.
 */
export function checkBudget(
  manifest: Manifest,
  gzipOf: (file: string) => number,
  options: { limit?: number; stats?: BundleStats; views?: readonly BudgetView[] } = {},
): BudgetResult {
  const { limit = BUDGET_BYTES, stats, views = VIEWS } = options;
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const failures: string[] = [];
  if (entries.length === 0) failures.push('no entry chunk in the manifest');
  const entryClosure = staticClosure(manifest, entries);
  for (const key of entryClosure) {
    const chunk = manifest[key];
    if (isPageSource(chunk.src)) failures.push(`page module loads with the entry: ${chunk.src}`);
    for (const id of stats?.chunks[chunk.file] ?? []) {
      if (isPageModule(id)) failures.push(`page module loads with the entry: ${id} (in ${chunk.file})`);
    }
  }

  const filesOf = (keys: Iterable<string>) => new Set([...keys].map((k) => manifest[k].file).filter(isJs));
  const viewFiles = views.map((view) => {
    const routes = view.routes(manifest);
    if (routes.length === 0) failures.push(`${view.name}: no route chunk found in the manifest`);
    return filesOf(staticClosure(manifest, [...entries, ...routes]));
  });

  const sizes = new Map<string, number>();
  for (const chunk of Object.values(manifest)) if (isJs(chunk.file)) sizes.set(chunk.file, 0);
  for (const file of sizes.keys()) sizes.set(file, gzipOf(file));
  const rows = [...sizes].map(([file, gzip]) => ({
    file,
    gzip,
    views: views.filter((_, i) => viewFiles[i].has(file)).map((v) => v.name),
  }));

  const totals = views.map((view, i) => ({
    name: view.name,
    gzip: [...viewFiles[i]].reduce((sum, file) => sum + (sizes.get(file) ?? 0), 0),
    enforced: view.enforced,
  }));
  for (const t of totals) if (t.enforced && t.gzip > limit) failures.push(`${t.name}: ${kb(t.gzip)} > ${kb(limit)}`);
  for (const r of rows) if (r.gzip > limit) failures.push(`chunk ${r.file} ${kb(r.gzip)} > ${kb(limit)}`);
  rows.sort((a, b) => b.views.length - a.views.length || b.gzip - a.gzip);
  return { rows, views: totals, failures };
}

function isJs(file: string): boolean {
  return file.endsWith('.js');
}

function stripQuery(src: string): string {
  return src.replace(/\?.*$/, '');
}

function srcOf(manifest: Manifest, key: string): string {
  return stripQuery(manifest[key].src ?? key);
}

/**
 * Chunks of a route: `src/routes/(_x/)*<file>.tsx` (e.g. `index` for `/`) and the pathless layouts
 * (`_x/route.tsx`) above it.
 */
export function routeKeys(manifest: Manifest, file: string): string[] {
  const re = new RegExp(`(^|/)src/routes/(_[^/]+/)*${file}\\.tsx?$`);
  const pages = Object.keys(manifest).filter((k) => re.test(srcOf(manifest, k)));
  const dirs = new Set(pages.map((k) => srcOf(manifest, k).replace(/\/[^/]+$/, '')));
  const layouts = Object.keys(manifest).filter((k) => {
    const m = /^(.*)\/route\.tsx?$/.exec(srcOf(manifest, k));
    return m !== null && [...dirs].some((d) => d === m[1] || d.startsWith(`${m[1]}/`));
  });
  return [...pages, ...layouts];
}

/** Chunks of the `/` route: `src/routes/(_x/)*index.tsx` and the pathless layouts above it. */
export function homeRouteKeys(manifest: Manifest): string[] {
  return routeKeys(manifest, 'index');
}

/** Chunks of a pathless layout (`src/routes/<dir>/route.tsx`), e.g. `_default` for the console shell. */
export function layoutKeys(manifest: Manifest, dir: string): string[] {
  return Object.keys(manifest).filter((k) => srcOf(manifest, k).endsWith(`src/routes/${dir}/route.tsx`));
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
