import { AUTH_TYPES } from '@keel/contract/constants';
import { memberUidsPlaced } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import type { AuditorGroup } from '../workflow/auditor-groups';
import { propertyMemberTotal, unitMemberCounts, unitsWithin } from './auditor-group-repo';
import * as repo from './repo';

/**
 * Organisation units as auditors of the workflow (contributed by routes.ts to `auditorGroups`): a unit names its
 * members and those of every unit below it; the root `root-<pno>` is the whole property — its name is the
 * property's, it names every member, its head count is the property's total.
 */

async function names(db: Db, t: Tenant, oids: readonly string[]): Promise<Map<string, string>> {
  const root = repo.rootId(t.pno);
  const out = new Map<string, string>();
  if (oids.includes(root)) {
    const property = await repo.findProperty(db, t.pno);
    if (property) out.set(root, property.name);
  }
  const rest = oids.filter((o) => o !== root);
  if (rest.length > 0) for (const [oid, name] of await repo.nodeNames(db, t, rest)) out.set(oid, name);
  return out;
}

async function counts(db: Db, t: Tenant, oids: readonly string[]): Promise<Map<string, number>> {
  const root = repo.rootId(t.pno);
  const out = await unitMemberCounts(
    db,
    t,
    oids.filter((o) => o !== root),
  );
  if (oids.includes(root)) out.set(root, await propertyMemberTotal(db, t));
  return out;
}

async function members(db: Db, t: Tenant, oids: readonly string[], limit: number): Promise<string[]> {
  if (oids.length === 0) return [];
  if (oids.includes(repo.rootId(t.pno))) return memberUidsPlaced(db, t, null, limit);
  return memberUidsPlaced(db, t, await unitsWithin(db, t, oids), limit);
}

export const unitAuditors: AuditorGroup = { authType: AUTH_TYPES.orgs, names, counts, members };
