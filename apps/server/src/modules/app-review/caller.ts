import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireProperty, requireUser } from '../../platform/http/context';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';

/** Who calls (README "Who may do what"): the property, the member, their language and permissions there. */
export interface Caller {
  t: Tenant;
  uid: string;
  locale: Locale;
  permissions: ReadonlySet<string>;
}

export const callerOf = (ctx: RequestContext): Caller => ({
  t: tenantOf(ctx),
  uid: requireUser(ctx).uid,
  locale: ctx.locale,
  permissions: requireProperty(ctx).permissions,
});
