import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { forbidden } from '../../platform/http/errors';
import { scopeRoots } from '../../platform/http/scope';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';

/**
 * Who calls: the property they work in, their uid (functions record their maker), the language they read, and the
 * spaces they may use some permissions on (null: every space of the property; an administrator limited to spaces:
 * those, joined over the permissions held).
 */
export interface Caller {
  t: Tenant;
  uid: string;
  locale: Locale;
  reach(permissions: readonly string[]): readonly string[] | null;
}

export const callerOf = (ctx: RequestContext): Caller => {
  const property = requireProperty(ctx);
  return {
    t: tenantOf(ctx),
    uid: requireUser(ctx).uid,
    locale: ctx.locale,
    reach: (permissions) => scopeRoots(property, 'space', permissions),
  };
};

/**
 * Refuses (forbidden) a space outside the caller's reach for the permissions: the check the platform makes of a
 * declared `sid` (access.scope), for calls that name a function or a response instead, whose space the server finds.
 */
export function assertReach(c: Caller, permissions: readonly string[], sid: string): void {
  const sids = c.reach(permissions);
  if (sids !== null && !sids.includes(sid)) throw forbidden();
}
