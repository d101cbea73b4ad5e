import { compareVersions, type SwType } from '@keel/contract/endpoints/firmware';
import type { ExcludeReason, RuleFilter, TaskExecution } from '@keel/contract/endpoints/firmware-task';
import type { Db } from '../../platform/db/connect';
import { notFound } from '../../platform/http/errors';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type CandidateRow, candidates, knownDevices, spaceGroups } from './device-repo';

/**
 * Which devices a selection or a rule names, and why one is left out (README "Devices"). No SQL of its own.
 */

export type Source = 'list' | 'group' | 'model' | 'rule';
export interface Candidate extends CandidateRow {
  source: Source;
  ruleId?: string;
}

export interface Selection {
  deviceIdList: readonly string[];
  sid?: string;
  groupIdList: readonly string[];
  modelIdList: readonly string[];
}

/** What a task needs of its package to judge a device. */
export interface PackageFit {
  swType: string;
  version: string;
  /** Model ids it fits; empty: every model. */
  models: readonly string[];
}

/** A group and every group under it in the space's tree. */
async function withSubgroups(db: Db, tenant: Tenant, sid: string, groupIds: readonly string[]) {
  const rows = await spaceGroups(db, tenant, sid);
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.pid, [...(children.get(r.pid) ?? []), r.group_id]);
  const out = new Set<string>();
  const stack = [...groupIds];
  while (stack.length > 0) {
    const g = stack.pop() as string;
    if (out.has(g)) continue;
    out.add(g);
    stack.push(...(children.get(g) ?? []));
  }
  return [...out];
}

/** The group condition: none (the whole space) when the space's root is among them or none is named. */
async function groupCondition(db: Db, tenant: Tenant, sid: string, groupIds: readonly string[]) {
  if (groupIds.length === 0 || groupIds.includes(sid)) return undefined;
  return withSubgroups(db, tenant, sid, groupIds);
}

/**
 * The accepted devices a selection names (a union of the list, the space groups and the models), each once with
 * the first way it was named. A listed id the property does not have is "not found".
 */
export async function selectDevices(db: Db, tenant: Tenant, sel: Selection): Promise<Candidate[]> {
  const out = new Map<string, Candidate>();
  if (sel.deviceIdList.length > 0) {
    const ids = [...new Set(sel.deviceIdList)];
    const known = await knownDevices(db, tenant, ids);
    if (known.size < ids.length) throw notFound('deviceIdList');
    for (const d of await candidates(db, tenant, { ids })) out.set(d.device_id, { ...d, source: 'list' });
  }
  if (sel.sid) {
    const groupIds = await groupCondition(db, tenant, sel.sid, sel.groupIdList);
    // Tagged in place (a space may bring 100 000 devices; the rows are this call's own).
    for (const d of await candidates(db, tenant, { sid: sel.sid, groupIds }))
      if (!out.has(d.device_id)) out.set(d.device_id, Object.assign(d, { source: 'group' as const }));
  }
  if (sel.modelIdList.length > 0) {
    for (const d of await candidates(db, tenant, { modelIds: sel.modelIdList }))
      if (!out.has(d.device_id)) out.set(d.device_id, { ...d, source: 'model' });
  }
  return [...out.values()];
}

/** The accepted devices a rule's filter matches now (every condition), version conditions included. */
export async function ruleDevices(
  db: Db,
  tenant: Tenant,
  ruleId: string,
  f: RuleFilter,
  pkg: PackageFit,
): Promise<Candidate[]> {
  const groupIds = f.sid ? await groupCondition(db, tenant, f.sid, f.groupIdList) : undefined;
  const rows = await candidates(db, tenant, {
    sid: f.sid,
    groupIds,
    modelIds: f.modelIdList,
    label: f.label || undefined,
    osType: f.osType || undefined,
    mockup: f.mockup,
  });
  const versions = new Set(f.fromVersionList.map((v) => v.toLowerCase()));
  return rows
    .filter((d) => versions.size === 0 || versions.has(reportedVersion(d, pkg.swType).toLowerCase()))
    .map((d) => ({ ...d, source: 'rule' as const, ruleId }));
}

/** The attributes a device reports, parsed ({} when they cannot be read). */
export const attributesOf = (d: Pick<CandidateRow, 'attributes'>): Record<string, string> => {
  try {
    const parsed = JSON.parse(d.attributes) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/**
 * The version a device reports for a software type: an attribute `<type>Version` / `<type>_version` when it
 * reports one, else its application version for `app`, else its firmware version.
 */
export function reportedVersion(
  d: Pick<CandidateRow, 'attributes' | 'firmware_version' | 'app_version'>,
  swType: string,
): string {
  const attrs = attributesOf(d);
  const fold = (k: string) => k.toLowerCase().replace(/[-_\s.]/g, '');
  const wanted = `${fold(swType)}version`;
  for (const [k, v] of Object.entries(attrs))
    if (fold(k) === wanted && typeof v === 'string' && v.trim()) return v.trim();
  if ((swType as SwType) === 'app') return d.app_version;
  return d.firmware_version;
}

/** Whether a reported version is the package's: equal as versions, or ending in it (`release-1.2.0`). */
export function isVersion(reported: string, version: string): boolean {
  if (!reported) return false;
  if (compareVersions(reported, version) === 0) return true;
  const r = reported.toLowerCase();
  const v = version.toLowerCase();
  return r.endsWith(`-${v}`) || r.endsWith(`_${v}`) || r.endsWith(` ${v}`);
}

/** Why a device would be left out of a task now, or null (other tasks' claims are judged apart). */
export function exclusionOf(d: Candidate, pkg: PackageFit, exec: TaskExecution, now: number): ExcludeReason | null {
  if (pkg.models.length > 0 && (!d.model_id || !pkg.models.includes(d.model_id))) return 'incompatible';
  const reported = reportedVersion(d, pkg.swType);
  if (reported && (isVersion(reported, pkg.version) || compareVersions(reported, pkg.version) > 0))
    return 'alreadyOnVersion';
  if (exec.offlineDays > 0) {
    const seen = d.last_seen_at === null ? Number(d.created_at) : Number(d.last_seen_at);
    if (now - seen > exec.offlineDays * 86_400_000) return 'offlineDays';
  }
  return null;
}
