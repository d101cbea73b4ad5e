import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { forbidden } from '../../platform/http/errors';
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
    reach(permissions) {
      const sids = new Set<string>();
      for (const permission of permissions) {
        if (!property.permissions.has(permission)) continue;
        const spaces = property.scopeOf(permission).spaces;
        if (spaces === null) return null;
        for (const sid of spaces) sids.add(sid);
      }
      return [...sids];
    },
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

/** A name kept in both languages, in the reader's. */
export const nameIn = (row: { name_zh: string; name_en: string }, locale: Locale) =>
  locale === 'en' ? row.name_en : row.name_zh;
