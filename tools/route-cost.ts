/**
 * How much each route adds to the web entry chunk, and what the entry weighs at the route count of the product
 * specification. Measured by building a copy of the web app with one generated copy of each of today's route files
 * (tools/bundle-route-cost.ts); these are the pure parts.
 */

/** The most one added route may add to the entry (gzip): the entry carries only the path table. */
export const ROUTE_ENTRY_BUDGET_BYTES = 100;

/**
 * A copy of a route file under another route id: `createFileRoute('/_default/Account/TitlePage')` becomes
 * `createFileRoute('<id>')`, and relative imports are rewritten for the copy's folder (`depth` more `../`).
 * Returns null for a file that declares no file route.
 */
export function copyRouteFile(source: string, id: string, depth: number): string | null {
  const re = /createFileRoute\(\s*(['"`])[^'"`]*\1\s*\)/;
  if (!re.test(source)) return null;
  const up = '../'.repeat(depth);
  return source
    .replace(re, `createFileRoute('${id}')`)
    .replace(/(from\s+|import\(\s*)(['"])(\.\.?\/)/g, (_m, lead: string, quote: string, rel: string) =>
      rel === './' ? `${lead}${quote}${up}` : `${lead}${quote}${up}${rel}`,
    );
}

/** The route id of a file under `src/routes` (`_default/Account/TitlePage.tsx` → `/_default/Account/TitlePage`). */
export function routeIdOf(file: string): string {
  const id = `/${file.replace(/\.tsx?$/, '')}`.replace(/\/index$/, '/').replace(/\/route$/, '');
  return id === '' ? '/' : id;
}

export interface RouteCost {
  /** Entry chunk (with its static imports), gzip bytes, as built. */
  entry: number;
  /** The same with `extra` more routes. */
  entryWithExtra: number;
  extra: number;
  /** Routes today and in the specification. */
  routes: number;
  futureRoutes: number;
}

export interface RouteCostVerdict {
  perRoute: number;
  /** Entry projected at `futureRoutes`. */
  projectedEntry: number;
  /** What the entry grows by from today to `futureRoutes`. */
  projectedGrowth: number;
  failures: string[];
}

/**
 * Bytes per route and the projection; fails when a route adds more than `perRouteBudget`, or when a view
 * (`views`: today's gzip of each enforced first load) would pass `limit` at the future route count.
 */
export function judgeRouteCost(
  cost: RouteCost,
  views: readonly { name: string; gzip: number }[],
  limit: number,
  perRouteBudget = ROUTE_ENTRY_BUDGET_BYTES,
): RouteCostVerdict {
  const perRoute = cost.extra > 0 ? Math.max(0, (cost.entryWithExtra - cost.entry) / cost.extra) : 0;
  const growth = Math.max(0, cost.futureRoutes - cost.routes) * perRoute;
  const failures: string[] = [];
  if (perRoute > perRouteBudget)
    failures.push(`each route adds ${perRoute.toFixed(0)} B gzip to the entry (budget ${perRouteBudget} B)`);
  for (const view of views)
    if (view.gzip + growth > limit)
      failures.push(
        `${view.name} at ${cost.futureRoutes} routes: ${((view.gzip + growth) / 1024).toFixed(1)} KB > ${(limit / 1024).toFixed(1)} KB`,
      );
  return { perRoute, projectedEntry: cost.entry + growth, projectedGrowth: growth, failures };
}
