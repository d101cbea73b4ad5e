import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import type { PermissionNode } from '@keel/contract/permissions/types';

export type PropertyRole = 'owner' | 'admin' | 'member';

/** Where an administrator may use a permission: `null` is the whole property, otherwise those ids only. */
export interface Scope {
  orgs: readonly string[] | null;
  spaces: readonly string[] | null;
}

/** One permission set assigned to an administrator, with the assignment's scope. */
export interface Grant {
  psid: string;
  /** The set's ids as stored. */
  permissions: readonly string[];
  orgs: readonly string[] | null;
  spaces: readonly string[] | null;
}

/** What a member may do in a property: the menu-id list and, per permission, where. */
export interface EffectivePermissions {
  /** Effective ids, in catalogue order when iterated. */
  permissions: ReadonlySet<string>;
  /** The administrator's grants (empty for the owner and ordinary members). */
  grants: readonly Grant[];
  /**
   * Where the member may use a permission they hold: the owner everywhere; an administrator the union of the
   * scopes of the assignments whose set grants it (any unlimited one makes it the whole property). A permission
   * not held answers empty lists.
   */
  scopeOf(permission: string): Scope;
}

const propertyNodes: readonly PermissionNode[] = permissionCatalogue.filter((n) => n.scope === 'property');
const nodeById = new Map(propertyNodes.map((n) => [n.id, n]));
const order = new Map(propertyNodes.map((n, i) => [n.id, i]));

/** Each property node with its ancestors, nearest first. */
const ancestors = new Map<string, string[]>(
  propertyNodes.map((n) => {
    const chain: string[] = [];
    let parent = n.parent;
    while (parent !== null && !chain.includes(parent)) {
      chain.push(parent);
      parent = nodeById.get(parent)?.parent ?? null;
    }
    return [n.id, chain];
  }),
);

/**
 * What every member holds: the general pages, and the personal pages (`everyMember`, e.g. their own spaces) with the
 * menus above them. The businesses still cut them like any other node.
 */
const memberIds: readonly string[] = (() => {
  const ids = new Set(
    propertyNodes
      .filter((n) => n.id === 'general' || ancestors.get(n.id)?.includes('general') || n.everyMember)
      .flatMap((n) => [n.id, ...(n.everyMember ? (ancestors.get(n.id) ?? []) : [])]),
  );
  return propertyNodes.filter((n) => ids.has(n.id)).map((n) => n.id);
})();

const sorted = (ids: Iterable<string>): ReadonlySet<string> =>
  new Set([...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)));

/** Whether an id is a property-scope catalogue node (what a permission set may hold). */
export const isPropertyPermission = (id: string): boolean => nodeById.has(id);

/** The ids plus the ancestors of each: holding a page's function implies seeing the page and its menu. */
export function withAncestors(ids: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) {
    if (!nodeById.has(id)) continue;
    out.add(id);
    for (const a of ancestors.get(id) ?? []) out.add(a);
  }
  return out;
}

const availableCache = new Map<string, ReadonlySet<string>>();

/**
 * Every property node the businesses allow: a node is available when it and all its ancestors need no business
 * or an enabled one; a menu with children none of which is available is dropped. This is what the owner holds
 * and the ceiling of every permission set.
 */
export function availableFor(businesses: readonly string[]): ReadonlySet<string> {
  const key = [...businesses].sort().join(',');
  let ids = availableCache.get(key);
  if (!ids) {
    const on = new Set(businesses);
    const ok = new Set(
      propertyNodes
        .filter((n) =>
          [n.id, ...(ancestors.get(n.id) ?? [])].every((id) => {
            const b = nodeById.get(id)?.business;
            return b === undefined || on.has(b);
          }),
        )
        .map((n) => n.id),
    );
    for (const n of propertyNodes) {
      if (n.kind !== 'menu') continue;
      const children = propertyNodes.filter((c) => c.parent === n.id);
      if (children.length > 0 && !children.some((c) => ok.has(c.id))) ok.delete(n.id);
    }
    ids = sorted(ok);
    availableCache.set(key, ids);
  }
  return ids;
}

const EVERYWHERE: Scope = Object.freeze({ orgs: null, spaces: null });
const NOWHERE: Scope = Object.freeze({ orgs: [], spaces: [] });

const unionScope = (a: readonly string[] | null, b: readonly string[] | null): readonly string[] | null =>
  a === null || b === null ? null : [...new Set([...a, ...b])];

/**
 * The permissions of a member of a property (architecture §5):
 * - the owner holds every node the property's enabled businesses allow;
 * - an administrator holds the general pages plus the union of their sets (each id with its ancestors),
 *   cut to what the businesses allow, so that switching a business off takes its ids away and switching it
 *   on gives them back;
 * - an ordinary member holds the general pages.
 * Platform (back-office) nodes are never part of it: they follow from the operator flag.
 */
export function computePermissions(
  role: PropertyRole,
  businesses: readonly string[],
  grants: readonly Grant[] = [],
): EffectivePermissions {
  const available = availableFor(businesses);
  if (role === 'owner')
    return { permissions: available, grants: [], scopeOf: (p) => (available.has(p) ? EVERYWHERE : NOWHERE) };
  if (role === 'member' || grants.length === 0) {
    const ids = sorted(memberIds.filter((id) => available.has(id)));
    return { permissions: ids, grants: [], scopeOf: (p) => (ids.has(p) ? EVERYWHERE : NOWHERE) };
  }
  const held = new Set(memberIds);
  const perGrant = grants.map((g) => ({ grant: g, ids: withAncestors(g.permissions) }));
  for (const { ids } of perGrant) for (const id of ids) held.add(id);
  const permissions = sorted([...held].filter((id) => available.has(id)));
  const scopes = new Map<string, Scope>();
  return {
    permissions,
    grants,
    scopeOf(p) {
      if (!permissions.has(p)) return NOWHERE;
      if (memberIds.includes(p)) return EVERYWHERE;
      let scope = scopes.get(p);
      if (!scope) {
        let orgs: readonly string[] | null = [];
        let spaces: readonly string[] | null = [];
        for (const { grant, ids } of perGrant) {
          if (!ids.has(p)) continue;
          orgs = unionScope(orgs, grant.orgs);
          spaces = unionScope(spaces, grant.spaces);
        }
        scope = { orgs, spaces };
        scopes.set(p, scope);
      }
      return scope;
    },
  };
}

/** Ids in catalogue order (unknown ids last, as given). */
export function sortByCatalogue(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort((a, b) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size));
}

/**
 * Whether a set's ids are within what a member holds. Ids the property's businesses do not allow right now are
 * dormant and ignored: they come back when the business is switched on, and nobody can see or grant them meanwhile.
 */
export function setWithin(held: ReadonlySet<string>, businesses: readonly string[], ids: readonly string[]): boolean {
  const available = availableFor(businesses);
  return ids.every((id) => !available.has(id) || held.has(id));
}
