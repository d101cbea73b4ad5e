import { isConsoleRoute } from '../routes/console-routes';
import { permissionCatalogue } from './catalogue';
import type { PermissionNode } from './types';

/**
 * The catalogue nodes whose pages are built (their route is in the console's route table): a page when its route
 * is, a function when its page is, a menu when something below it is. What the console offers — menus, home tiles,
 * permission checkboxes — comes from these, so nothing offered leads to a 404.
 */
export function builtNodes(catalogue: readonly PermissionNode[]): PermissionNode[] {
  const byId = new Map(catalogue.map((n) => [n.id, n]));
  const builtPages = new Set(
    catalogue.filter((n) => n.kind === 'page' && n.route && isConsoleRoute(n.route)).map((n) => n.id),
  );
  const kept = new Set<string>();
  for (const n of catalogue) {
    const page = n.kind === 'function' ? n.parent : n.kind === 'page' ? n.id : null;
    if (page === null || !builtPages.has(page)) continue;
    for (let id: string | null = n.id; id !== null && !kept.has(id); id = byId.get(id)?.parent ?? null) kept.add(id);
  }
  return catalogue.filter((n) => kept.has(n.id));
}

/** The permission catalogue without the businesses that are not built yet. */
export const builtCatalogue: readonly PermissionNode[] = builtNodes(permissionCatalogue);
