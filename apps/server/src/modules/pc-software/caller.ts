import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { scopeRoots } from '../../platform/http/scope';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';

/**
 * Who calls a console call of the PC software store: the property they work in, their uid (release managers and
 * trial users are checked against it), the language they read, which permissions they hold, and the spaces they
 * reach with some of them (null: every space of the property).
 */
export interface Caller {
  /** The request (file reads check the caller's rights on a file's space through it). */
  ctx: RequestContext;
  t: Tenant;
  uid: string;
  locale: Locale;
  holds(permission: string): boolean;
  reach(permissions: readonly string[]): readonly string[] | null;
}

export const callerOf = (ctx: RequestContext): Caller => {
  const property = requireProperty(ctx);
  return {
    ctx,
    t: tenantOf(ctx),
    uid: requireUser(ctx).uid,
    locale: ctx.locale,
    holds: (permission) => property.permissions.has(permission),
    reach: (permissions) => scopeRoots(property, 'space', permissions),
  };
};

/** The text in the reader's language, else the other one. */
export const inLocale = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en || zh : zh || en);

/** A list call's page. */
export interface Paging {
  pageNum: number;
  pageSize: number;
}
