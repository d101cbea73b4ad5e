import { ORG_PERMISSIONS } from '@keel/contract/endpoints/org';
import type { Db } from '../../platform/db/connect';
import type { PropertyContext, RequestContext } from '../../platform/http/context';
import { invalidInput, notFound } from '../../platform/http/errors';
import { assertInScope as assertInScopeOf, scopeRoots } from '../../platform/http/scope';
import { operatorScope, propertyTenant } from '../../platform/tenancy/tenant';
import { orgScope, rootId } from './reads';
import * as repo from './repo';

/** Which property a call works on, its nodes, and administrators' subtree scopes (README "Operators", "Permissions and scopes"). */

export { rootId };

/**
 * The property a call works on: the selected property of a member (with their permissions and scopes), or, for a
 * platform operator calling from the back office without the `pno` header, the property named in the input,
 * whole and with every organisation permission. Either way the server resolved it: its queries run on
 * `propertyTenant(pno)`.
 */
export type OrgProperty = Pick<PropertyContext, 'pno' | 'name' | 'scopeOf' | 'permissions'>;

const WHOLE_PROPERTY = { orgs: null, spaces: null } as const;
const OPERATOR_PERMISSIONS: ReadonlySet<string> = new Set(Object.values(ORG_PERMISSIONS));

/**
 * Resolves the property of an `orPlatform` call (README "Operators"): with the `pno` header, the selected
 * property, and a different `pno` in the input is "not found"; without it (only operators get this far), the
 * input's `pno`, which is then required.
 */
export async function targetProperty(db: Db, ctx: RequestContext, inputPno: string | undefined): Promise<OrgProperty> {
  if (ctx.property) {
    if (inputPno !== undefined && inputPno !== ctx.property.pno) throw notFound('pno');
    return ctx.property;
  }
  // No selected property: only an operator may go on, and names the property (never "every property").
  operatorScope(ctx);
  if (inputPno === undefined) throw invalidInput('pno');
  const property = await repo.findProperty(db, inputPno);
  if (!property) throw notFound('pno');
  return {
    pno: property.pno,
    name: property.name,
    permissions: OPERATOR_PERMISSIONS,
    scopeOf: () => WHOLE_PROPERTY,
  };
}

/** A node named by the console: the root id answers `null` (members on the root have no node). */
export interface NodeRef {
  oid: string | null;
  name: string;
}

/** Resolves a node id of the property; another property's (or an unknown) id is "not found". */
export async function resolveNode(db: Db, prop: { pno: string; name: string }, oid: string, field = 'oid') {
  if (oid === rootId(prop.pno)) return { oid: null, name: prop.name } satisfies NodeRef;
  const node = await repo.findNode(db, propertyTenant(prop.pno), oid);
  if (!node) throw notFound(field);
  return { oid: node.oid, name: node.name } satisfies NodeRef;
}

// ---- administrator scopes ---------------------------------------------------------------------------------------

/**
 * Declared input nodes are checked before the handler runs (`access.scope` in the contract, platform/http/scope.ts,
 * through `orgScope`). What is left here: nodes a call derives (a moved member's unit, a request's target, a
 * parent a node is created under or moved to) and the lists, filtered to the scope.
 */

/**
 * Refuses nodes a call derived (null: the root) outside the administrator's scope for the permission, or any of
 * several ("not allowed"; a node of no property's is "not found", naming `field`).
 */
export async function assertInScope(
  db: Db,
  prop: OrgProperty,
  permission: string | readonly string[],
  oids: ReadonlyArray<string | null>,
  field = 'oid',
) {
  const ids = oids.map((oid) => oid ?? rootId(prop.pno));
  await assertInScopeOf(db, prop, 'org', orgScope, permission, ids, field);
}

/** Refuses members placed outside the administrator's scope (their nodes are checked, not the members). */
export async function assertMembersInScope(db: Db, prop: OrgProperty, permission: string, uids: readonly string[]) {
  if (scopeRoots(prop, 'org', permission) === null) return;
  const members = await repo.findMembers(db, propertyTenant(prop.pno), uids);
  await assertInScope(
    db,
    prop,
    permission,
    members.map((m) => m.oid ?? null),
    'uid',
  );
}

/**
 * The nodes an administrator may work on with a permission, or with any of several (their scopes joined), for
 * filtering lists: null is the whole property (the owner, an unlimited assignment, or a scope that names the
 * root); otherwise the named nodes and everything below them.
 */
export async function scopeNodes(
  db: Db,
  prop: OrgProperty,
  permission: string | readonly string[],
): Promise<Set<string> | null> {
  const roots = scopeRoots(prop, 'org', permission);
  if (roots === null || roots.includes(rootId(prop.pno))) return null;
  const tenant = propertyTenant(prop.pno);
  const ids = new Set<string>();
  for (const r of roots) for (const id of await repo.subtreeIds(db, tenant, r)) ids.add(id);
  return ids;
}
