import type { Locale } from '@keel/contract/status';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Who calls and on what (README "Developers and administrators"): a `…ByUser` call reaches the caller's own apps
 * only; a `…ByAdmin` call every app of the property. Another developer's app is "not found" to a developer, as
 * another property's is to anyone.
 */
export interface Caller {
  t: Tenant;
  uid: string;
  ownOnly: boolean;
  locale: Locale;
}

export const callerOf = (ctx: RequestContext, ownOnly: boolean): Caller => ({
  t: tenantOf(ctx),
  uid: requireUser(ctx).uid,
  ownOnly,
  locale: ctx.locale,
});

export async function appOf(s: Services, c: Caller, appId: string, field = 'appId'): Promise<repo.AppRow> {
  const row = await repo.findApp(s.db, c.t, appId);
  if (!row || (c.ownOnly && row.owner_uid !== c.uid)) throw notFound(field);
  return row;
}

export async function versionOf(s: Services, c: Caller, appVersionId: string) {
  const version = await repo.findVersion(s.db, c.t, appVersionId);
  if (!version) throw notFound('appVersionId');
  const app = await appOf(s, c, version.app_id, 'appVersionId');
  return { version, app };
}
