import type { SuccessRule } from '@keel/contract/endpoints/firmware-task';
import type { Db } from '../../platform/db/connect';
import type { RequestContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import * as repo from './settings-repo';

/**
 * The property's task settings (README "Success rules"): the success rule a task takes when it does not name one.
 * A property that never saved them keeps `versionReport` (what every task did before rules could be chosen).
 */

export const DEFAULT_SUCCESS_RULE: SuccessRule = 'versionReport';

export async function settingsOf(
  db: Db,
  tenant: Tenant,
): Promise<{ successRule: SuccessRule; updateTime: number | null }> {
  const row = await repo.findTaskSettings(db, tenant);
  if (!row) return { successRule: DEFAULT_SUCCESS_RULE, updateTime: null };
  return { successRule: row.success_rule as SuccessRule, updateTime: Number(row.updated_at) };
}

/** The rule of a task: the one it names, else the property's default. */
export async function successRuleFor(db: Db, tenant: Tenant, named: SuccessRule | undefined): Promise<SuccessRule> {
  return named ?? (await settingsOf(db, tenant)).successRule;
}

export const getSettings = (s: Services, ctx: RequestContext) => settingsOf(s.db, tenantOf(ctx));

export async function saveSettings(s: Services, ctx: RequestContext, input: { successRule: SuccessRule }) {
  const tenant = tenantOf(ctx);
  await repo.saveTaskSettings(s.db, tenant, {
    successRule: input.successRule,
    uid: ctx.user?.uid ?? null,
    now: s.now(),
  });
  return settingsOf(s.db, tenant);
}
