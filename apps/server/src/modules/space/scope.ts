import { SPACE_PERMISSIONS as P } from '@keel/contract/endpoints/space';
import type { PropertyContext, RequestContext } from '../../platform/http/context';
import { requireUser } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import {
  type AllTenants,
  operatorScope,
  propertyTenant,
  type Tenant,
  type TenantScope,
  tenantOf,
} from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Who acts on spaces, and where (README "Who sees and changes what"): a member of the selected property, or a
 * platform operator in the back office (no `pno` header), across properties. No SQL here.
 */
export type SpaceActor =
  | { kind: 'member'; uid: string; tenant: Tenant; property: PropertyContext }
  | { kind: 'operator'; uid: string; scope: AllTenants };

export function actorOf(ctx: RequestContext): SpaceActor {
  const user = requireUser(ctx);
  if (ctx.property) return { kind: 'member', uid: user.uid, tenant: tenantOf(ctx), property: ctx.property };
  return { kind: 'operator', uid: user.uid, scope: operatorScope(ctx) };
}

/** The properties an actor reads: the selected one, or for an operator every one (or the one `filterPno` names). */
export function readScope(actor: SpaceActor, filterPno?: string): TenantScope {
  if (actor.kind === 'member') {
    if (filterPno !== undefined && filterPno !== actor.tenant.pno) throw notFound('filterPno');
    return actor.tenant;
  }
  return filterPno ? propertyTenant(filterPno) : actor.scope;
}

/**
 * The spaces an administrator may use a permission on: null for every space of the property (the owner, an
 * unlimited assignment), otherwise those of their `ps/assignMgeSpace` limits (empty: none, or not held).
 * This is the resolver the central scope check (platform/http) calls with a request's property.
 */
export function spaceScope(property: Pick<PropertyContext, 'scopeOf'>, permission: string): readonly string[] | null {
  return property.scopeOf(permission).spaces;
}

/** Whether a space lies within the member's scope for the permission (held, and the space not outside a limit). */
export function inSpaceScope(
  property: Pick<PropertyContext, 'scopeOf' | 'permissions'>,
  permission: string,
  sid: string,
) {
  if (!property.permissions.has(permission)) return false;
  const sids = spaceScope(property, permission);
  return sids === null || sids.includes(sid);
}

/** Refuses (forbidden) a space outside the member's scope for the permission. */
export function assertSpaceInScope(
  property: Pick<PropertyContext, 'scopeOf' | 'permissions'>,
  permission: string,
  sid: string,
): void {
  if (!inSpaceScope(property, permission, sid)) throw forbidden();
}

/** What one may do to a space: read it (its details, tree, quota history), edit its groups, change its quota. */
export type SpaceRight = 'read' | 'group' | 'quota';
const PERMISSION_OF: Record<SpaceRight, string> = { read: P.view, group: P.group, quota: P.quota };

/**
 * Whether the actor has a right on a space: operators on every space; the space's owner reads it and edits its
 * groups; administrators within their space scope for the right's permission.
 */
export function may(actor: SpaceActor, space: { sid: string; uid: string | null }, right: SpaceRight): boolean {
  if (actor.kind === 'operator') return true;
  if (right !== 'quota' && space.uid === actor.uid) return true;
  return inSpaceScope(actor.property, PERMISSION_OF[right], space.sid);
}

/** The tenant handle of a space's own property (the server found the space; it is not an input). */
export const tenantOfSpace = (space: { pno: string }): Tenant => propertyTenant(space.pno);

/** Loads a space the actor names: another property's (or an unknown) sid is "not found". */
export async function loadSpace(s: Services, actor: SpaceActor, sid: string): Promise<repo.SpaceRow> {
  const [row] = await repo.findSpaces(s.db, actor.kind === 'member' ? actor.tenant : actor.scope, [sid]);
  if (!row) throw notFound('sid');
  return row;
}

/** Loads a space and refuses (forbidden) an actor without the right on it. */
export async function spaceWithRight(s: Services, actor: SpaceActor, sid: string, right: SpaceRight) {
  const space = await loadSpace(s, actor, sid);
  if (!may(actor, space, right)) throw forbidden();
  return space;
}

/** Refuses a member whose scope for the permission is limited: a new space would lie outside it. */
export function assertWholeScope(actor: SpaceActor, permission: string): void {
  if (actor.kind === 'member' && spaceScope(actor.property, permission) !== null) throw new AppError('scopeBeyondYou');
}
