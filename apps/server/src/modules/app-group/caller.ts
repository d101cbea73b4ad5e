import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';

/** Who calls: the property they work in, their uid (groups record their maker) and the language they read. */
export interface Caller {
  t: Tenant;
  uid: string;
  locale: Locale;
}

export const callerOf = (ctx: RequestContext): Caller => ({
  t: tenantOf(ctx),
  uid: requireUser(ctx).uid,
  locale: ctx.locale,
});
