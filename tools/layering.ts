import type { ImportEdge } from './import-graph';

/**
 * Layering rules of the server and the web, checked on the import graph (tools/import-graph.ts):
 *
 * Server, `apps/server/src/modules/<m>/`: routes → service → repo. A file is a repo when its name is `repo.ts`
 * or ends in `-repo.ts` (or it sits in a `repo/` or `repos/` folder, or in the module's `migrations/`, the SQL of
 * its tables' schema), a routes file likewise with `routes`;
 * every other non-test file of a module is service code (a repo may still import a helper that is not named
 * `service.ts`, `*-service.ts` or in a `service/` folder, e.g. a paging calculation).
 * - `server/routes-import-repo`: a routes file imports a repo (it goes through its service);
 * - `server/service-imports-sql`: service or routes code imports `kysely` at run time, or a binding named `sql`
 *   (SQL lives in repos; type-only imports of kysely's types are allowed);
 * - `server/upward-import`: a service imports routes, or a repo imports a service or routes;
 * - `server/other-module-repo`: a module imports another module's repo (it goes through that module's service);
 * - `server/platform-imports-module`: `apps/server/src/platform/` imports a module. One exception: the type-only
 *   imports of `platform/db/schema.ts` from the modules' `tables.ts`, where `Database` is composed from every
 *   owner's tables (Kysely's handle is typed over the whole database, and a table is declared by its owner,
 *   tools/ownership.ts); a type-only import runs nothing, so platform code still depends on no module.
 *
 * Web, `apps/web/src/`: routes → features → shared.
 * - `web/feature-imports-other-feature`: `features/<a>/` imports `features/<b>/`;
 * - `web/feature-imports-routes`: a feature imports a route file, the route tree or the app's root files;
 * - `web/shared-imports-feature`: `shared/` imports a feature, a route file, the route tree or the app's root files.
 *
 * Everywhere (server, web, contract, tools, e2e): `no-cycle`, no import cycle among run-time imports (type-only
 * imports and `import()` calls are left out: they do not run at module evaluation).
 *
 * Tests (`*.test.ts(x)`, `apps/server/src/test/`) are left out of the layer rules.
 */
export type LayerRule =
  | 'server/routes-import-repo'
  | 'server/service-imports-sql'
  | 'server/upward-import'
  | 'server/other-module-repo'
  | 'server/platform-imports-module'
  | 'web/feature-imports-other-feature'
  | 'web/feature-imports-routes'
  | 'web/shared-imports-feature'
  | 'no-cycle';

export interface LayerBreach {
  file: string;
  rule: LayerRule;
  line: number;
  detail: string;
}

const SERVER_MODULES = 'apps/server/src/modules/';
const SERVER_PLATFORM = 'apps/server/src/platform/';
const WEB_SRC = 'apps/web/src/';

export function isTest(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || file.startsWith('apps/server/src/test/');
}

type ServerLayer = 'routes' | 'service' | 'repo';

/** The module and layer of a server module file, or null outside `modules/<m>/`. */
export function serverPlace(file: string): { module: string; layer: ServerLayer } | null {
  if (!file.startsWith(SERVER_MODULES)) return null;
  const rest = file.slice(SERVER_MODULES.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  const module = rest.slice(0, slash);
  const inside = rest.slice(slash + 1);
  if (/(^|\/)([\w.-]*-)?repos?(\.tsx?$|\/)/.test(inside) || inside.startsWith('migrations/'))
    return { module, layer: 'repo' };
  if (/(^|\/)([\w.-]*-)?routes?(\.tsx?$|\/)/.test(inside)) return { module, layer: 'routes' };
  return { module, layer: 'service' };
}

/** `service.ts`, `*-service.ts` or a file in a `service/` folder (a module's other files may be helpers a repo uses). */
function isNamedService(file: string): boolean {
  return /(^|\/)([\w.-]*-)?services?(\.tsx?$|\/)/.test(file.slice(SERVER_MODULES.length));
}

type WebPlace = { area: 'routes' } | { area: 'feature'; feature: string } | { area: 'shared' } | { area: 'app' };

/** Where a web file sits: a route file, a feature, shared code, or the app's root files (main, router, tree). */
export function webPlace(file: string): WebPlace | null {
  if (!file.startsWith(WEB_SRC)) return null;
  const rest = file.slice(WEB_SRC.length);
  if (rest.startsWith('routes/')) return { area: 'routes' };
  if (rest.startsWith('features/')) return { area: 'feature', feature: rest.split('/')[1] };
  if (rest.startsWith('shared/')) return { area: 'shared' };
  return { area: 'app' };
}

function isSqlImport(edge: ImportEdge): boolean {
  const kysely = edge.specifier === 'kysely' || edge.specifier.startsWith('kysely/');
  return (kysely && !edge.typeOnly) || (!edge.typeOnly && edge.names.includes('sql'));
}

/** `platform/db/schema.ts` composing `Database` from a module's `tables.ts`, type-only. */
function isTableComposition(edge: ImportEdge): boolean {
  return (
    edge.typeOnly &&
    edge.from === `${SERVER_PLATFORM}db/schema.ts` &&
    edge.to !== null &&
    new RegExp(`^${SERVER_MODULES}[^/]+/tables\\.ts$`).test(edge.to)
  );
}

/** The layer-rule breaches of one import. */
export function edgeBreaches(edge: ImportEdge): LayerBreach[] {
  if (isTest(edge.from)) return [];
  const out: LayerBreach[] = [];
  const add = (rule: LayerRule, detail: string) => out.push({ file: edge.from, rule, line: edge.line, detail });
  const target = edge.to ?? edge.specifier;

  const from = serverPlace(edge.from);
  const to = edge.to ? serverPlace(edge.to) : null;
  if (from) {
    if (from.layer !== 'repo' && isSqlImport(edge)) add('server/service-imports-sql', `imports ${edge.specifier}`);
    if (to && !isTest(target)) {
      if (from.layer === 'routes' && to.layer === 'repo') add('server/routes-import-repo', `imports ${target}`);
      if (from.layer === 'service' && to.layer === 'routes') add('server/upward-import', `service imports ${target}`);
      if (from.layer === 'repo' && (to.layer === 'routes' || isNamedService(target)))
        add('server/upward-import', `repo imports ${target}`);
      if (to.module !== from.module && to.layer === 'repo') add('server/other-module-repo', `imports ${target}`);
    }
  }
  if (edge.from.startsWith(SERVER_PLATFORM) && edge.to?.startsWith(SERVER_MODULES) && !isTableComposition(edge))
    add('server/platform-imports-module', `imports ${target}`);

  const wFrom = webPlace(edge.from);
  const wTo = edge.to ? webPlace(edge.to) : null;
  if (wFrom && wTo && !isTest(target)) {
    if (wFrom.area === 'feature' && wTo.area === 'feature' && wTo.feature !== wFrom.feature)
      add('web/feature-imports-other-feature', `imports ${target}`);
    if (wFrom.area === 'feature' && (wTo.area === 'routes' || wTo.area === 'app'))
      add('web/feature-imports-routes', `imports ${target}`);
    if (wFrom.area === 'shared' && wTo.area !== 'shared') add('web/shared-imports-feature', `imports ${target}`);
  }
  return out;
}

/**
 * Import cycles among run-time imports: one breach per file on a cycle, naming one shortest cycle through it.
 */
export function cycleBreaches(edges: readonly ImportEdge[]): LayerBreach[] {
  const graph = new Map<string, Map<string, number>>();
  for (const e of edges) {
    if (e.typeOnly || e.dynamic || e.to === null || e.to === e.from) continue;
    const next = graph.get(e.from) ?? new Map<string, number>();
    if (!next.has(e.to)) next.set(e.to, e.line);
    graph.set(e.from, next);
  }
  const out: LayerBreach[] = [];
  for (const component of stronglyConnected(graph)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    for (const file of [...component].sort()) {
      const cycle = shortestCycle(graph, file, inside);
      const line = graph.get(file)?.get(cycle[1]) ?? 1;
      out.push({ file, rule: 'no-cycle', line, detail: cycle.join(' → ') });
    }
  }
  return out;
}

/** Tarjan's strongly connected components (iterative). */
export function stronglyConnected(graph: ReadonlyMap<string, ReadonlyMap<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node)?.keys() ?? [][Symbol.iterator]()) as Iterator<string> });
    };
    open(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const step = top.next.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== top.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest path start → … → start inside one component (breadth first). */
function shortestCycle(
  graph: ReadonlyMap<string, ReadonlyMap<string, number>>,
  start: string,
  inside: ReadonlySet<string>,
): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        path.push(start);
        return path;
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start];
}

/** Every breach of the graph: the layer rules of each import, then the cycles. */
export function layerBreaches(edges: readonly ImportEdge[]): LayerBreach[] {
  return [...edges.flatMap(edgeBreaches), ...cycleBreaches(edges)];
}

/** A known breach allowed for now (tools/layering-allowlist.ts): a file and a rule. */
export interface AllowedBreach {
  file: string;
  rule: LayerRule;
}

/** Splits breaches into new ones (not allowed) and lists the allow-list entries that no breach uses any more. */
export function applyAllowList(
  breaches: readonly LayerBreach[],
  allowed: readonly AllowedBreach[],
): { fresh: LayerBreach[]; stale: AllowedBreach[] } {
  const key = (b: { file: string; rule: string }) => `${b.file}\t${b.rule}`;
  const allowedKeys = new Set(allowed.map(key));
  const usedKeys = new Set(breaches.map(key));
  return {
    fresh: breaches.filter((b) => !allowedKeys.has(key(b))),
    stale: allowed.filter((a) => !usedKeys.has(key(a))),
  };
}
