import {
  type Endpoint,
  SCOPE_KINDS,
  type ScopeDeclaration,
  type ScopeKind,
  scopeFieldName,
} from '@keel/contract/endpoint';
import { refsOf } from '@keel/contract/refs';
import type { Db } from '../db/connect';
import type { PropertyContext } from './context';
import { forbidden, notFound } from './errors';

/**
 * Administrators' scopes (ps/assignMgeOrg, ps/assignMgeSpace), checked in one place: the fields an endpoint
 * declares (`access.scope` in the contract) before its handler runs, and the objects a service derives (a moved
 * member's unit, a request's target) through the same `assertInScope`. The platform knows no organisation or
 * space: the module that owns a kind registers its `ScopeResolver` (`defineModule(…, { scopes })`), and the
 * server refuses to start when a declared kind has none.
 */

/** What the checks need of a kind's objects (the module owning them provides it). */
export interface ScopeResolver {
  /**
   * For each id naming an object of the property: the ids an administrator's scope may name to include it — the
   * object itself, every object containing it (a unit's ancestors) and the property's root when the kind has one.
   * Ids naming nothing of the property are left out.
   */
  reach(db: Db, pno: string, ids: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>>;
  /** The id naming the whole property (the organisation tree's root), if the kind has one. */
  root?(pno: string): string;
}

export type ScopeResolvers = Readonly<Partial<Record<ScopeKind, ScopeResolver>>>;

/** What a check reads of the caller: where they may use each permission. */
export type ScopedCaller = Pick<PropertyContext, 'pno' | 'scopeOf'>;

const scopeKey = { org: 'orgs', space: 'spaces' } as const satisfies Record<ScopeKind, string>;

/**
 * The ids a caller's scope names for a permission, or for any of several (their scopes joined): null is the whole
 * property (the owner, an assignment not limited). A permission not held names nothing.
 */
export function scopeRoots(
  caller: Pick<PropertyContext, 'scopeOf'>,
  kind: ScopeKind,
  permission: string | readonly string[],
): readonly string[] | null {
  const roots = new Set<string>();
  for (const p of [permission].flat()) {
    const ids = caller.scopeOf(p)[scopeKey[kind]];
    if (ids === null) return null;
    for (const id of ids) roots.add(id);
  }
  return [...roots];
}

/** The reach of each id, or "not found" (naming `field`) when one names nothing of the property. */
async function reachOf(db: Db, pno: string, resolver: ScopeResolver, ids: readonly string[], field: string) {
  const reach: ReadonlyMap<string, readonly string[]> =
    ids.length === 0 ? new Map() : await resolver.reach(db, pno, [...new Set(ids)]);
  if (ids.some((id) => !reach.has(id))) throw notFound(field);
  return reach;
}

/** "Not allowed" unless every id's reach meets the caller's scope for the permission. */
function judge(
  caller: ScopedCaller,
  kind: ScopeKind,
  permission: string | readonly string[],
  ids: readonly string[],
  reach: ReadonlyMap<string, readonly string[]>,
): void {
  if (ids.length === 0) return;
  const roots = scopeRoots(caller, kind, permission);
  if (roots === null) return;
  const allowed = new Set(roots);
  if (ids.some((id) => !reach.get(id)?.some((r) => allowed.has(r)))) throw forbidden();
}

/**
 * Refuses ids a service derived (a moved member's unit, a request's target) that lie outside the caller's scope for
 * the permission ("not allowed"), or, for a limited caller, name nothing of the property ("not found", naming
 * `field`). A caller reaching the whole property costs no query: the ids are the property's already (declared
 * input ids are resolved for everyone, by `enforceDeclaredScope`).
 */
export async function assertInScope(
  db: Db,
  caller: ScopedCaller,
  kind: ScopeKind,
  resolver: ScopeResolver,
  permission: string | readonly string[],
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0 || scopeRoots(caller, kind, permission) === null) return;
  judge(caller, kind, permission, ids, await reachOf(db, caller.pno, resolver, ids, field));
}

/** The kinds an endpoint declares, with each field and what its absence means. */
function declaredFields(scope: ScopeDeclaration | undefined) {
  if (!scope) return [];
  return SCOPE_KINDS.flatMap((kind) => {
    const declared = scope[kind];
    if (declared === undefined) return [];
    return [{ kind, field: scopeFieldName(declared), absentIsRoot: typeof declared !== 'string' }];
  });
}

/**
 * Refuses, when the server mounts an endpoint, a scope declaration it could not enforce: on an access kind other
 * than `property`, without a permission, naming a field the input does not have or one that is not an id of the
 * kind (`ref(kind)`), a kind no module resolves, or `absent: 'root'` for a kind without a root.
 */
export function checkDeclaredScope(def: Endpoint, resolvers: ScopeResolvers): void {
  const scope = 'scope' in def.access ? def.access.scope : undefined;
  if (!scope) return;
  const fail = (why: string) => {
    throw new Error(`${def.path}: scope ${why}`);
  };
  if (def.access.kind !== 'property') fail('is declared on a property endpoint only');
  if (def.access.kind === 'property' && !def.access.permission) fail('needs a declared permission');
  const refs = new Map(refsOf(def.input).map((r) => [r.field, r.kind]));
  const fields = declaredFields(scope);
  if (fields.length === 0) fail('names no field');
  for (const { kind, field, absentIsRoot } of fields) {
    if (refs.get(field) !== kind) fail(`field ${field} is not an input id of kind ${kind} (ref('${kind}'))`);
    const resolver = resolvers[kind];
    if (!resolver) fail(`kind ${kind} has no resolver: the module owning it registers one (defineModule)`);
    if (absentIsRoot && !resolver?.root) fail(`field ${field}: kind ${kind} has no root to default to`);
  }
}

/**
 * Enforces an endpoint's scope declaration on its parsed input, for the caller's selected property. Without one
 * (an operator calling an `orPlatform` endpoint without `pno`) nothing is checked: the handler names the
 * property, and operators reach all of it.
 */
export async function enforceDeclaredScope(
  db: Db,
  resolvers: ScopeResolvers,
  def: Endpoint,
  input: unknown,
  property: PropertyContext | null,
): Promise<void> {
  if (def.access.kind !== 'property' || !def.access.scope || !property) return;
  const permission = def.access.permission ?? [];
  const values = (input ?? {}) as Record<string, unknown>;
  const checks = declaredFields(def.access.scope).map((f) => {
    const resolver = resolvers[f.kind] as ScopeResolver;
    const value = values[f.field];
    const ids =
      value === undefined || value === null
        ? f.absentIsRoot && resolver.root
          ? [resolver.root(property.pno)]
          : []
        : [value].flat().map(String);
    return { ...f, resolver, ids };
  });
  // Every field is resolved before any is judged: another property's id is "not found" whatever else is named.
  const resolved = [];
  for (const c of checks) resolved.push({ ...c, reach: await reachOf(db, property.pno, c.resolver, c.ids, c.field) });
  for (const c of resolved) judge(property, c.kind, permission, c.ids, c.reach);
}
