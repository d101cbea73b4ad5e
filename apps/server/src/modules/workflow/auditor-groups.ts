import type { Db } from '../../platform/db/connect';
import { extensionPoint, indexBy } from '../../platform/extension-points';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * The groups of people an auditor list may name besides users (README "Auditors"): titles, user sets and
 * organisation units. Their tables belong to the modules that keep them, so each such module contributes its kind
 * in its module definition (`contributes: [contribution(auditorGroups, { authType, names, counts, members })]`);
 * the workflow checks, shows and resolves auditors through these and never imports those modules (org imports the
 * workflow: its join requests are applications).
 */

/** SPEC §3's authorisation types of the groups: 2 titles, 3 user sets, 4 organisation units. */
export type GroupAuthType = 2 | 3 | 4;

/** One kind of group, read in one property on the handle given (the engine's transaction, or the database). */
export interface AuditorGroup {
  authType: GroupAuthType;
  /** The names of the property's groups among `ids`, by id; unknown ids (another property's too) are left out. */
  names(db: Db, t: Tenant, ids: readonly string[]): Promise<Map<string, string>>;
  /** How many people each of the groups among `ids` names today, by id (one naming nobody may be left out). */
  counts(db: Db, t: Tenant, ids: readonly string[]): Promise<Map<string, number>>;
  /** The people the groups among `ids` name today, together: distinct uids, in uid order, at most `limit`. */
  members(db: Db, t: Tenant, ids: readonly string[], limit: number): Promise<string[]>;
}

export const auditorGroups = extensionPoint<AuditorGroup>('workflow.auditorGroups');

/** A kind no module contributes names nothing: its ids are unknown, so no auditor list can name one. */
const none: Omit<AuditorGroup, 'authType'> = {
  names: async () => new Map(),
  counts: async () => new Map(),
  members: async () => [],
};

/** The contributed kind of an authorisation type. */
export function auditorGroupOf(s: Services, authType: GroupAuthType): AuditorGroup {
  const byType = s.extensions.derive(auditorGroups, 'byType', (all) =>
    indexBy(auditorGroups, all, (g) => String(g.authType)),
  );
  return byType.get(String(authType)) ?? { authType, ...none };
}
