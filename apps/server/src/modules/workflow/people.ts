import { AUTH_TYPES } from '@keel/contract/constants';
import type { AuditorRef } from '@keel/contract/endpoints/workflow';
import { loadPropertyContext } from '../../platform/auth/property-context';
import type { Db } from '../../platform/db/connect';
import { notFound } from '../../platform/http/errors';
import type { Tenant } from '../../platform/tenancy/tenant';
import { applyTypeDef } from './apply-types';
import * as people from './people-repo';
import * as repo from './repo';

/**
 * Auditors (README "Auditors"): what a step or a type's auditor list names — users, titles, user sets and units, as
 * `{ t, id }` with SPEC §3's authorisation type — checked when a flow is edited, shown with names and head counts,
 * and resolved to the property's members when an application reaches the step.
 */

export type AuthType = 1 | 2 | 3 | 4;
export interface AuditorSpec {
  t: AuthType;
  id: string;
}

/** Most people one step resolves to (a unit of thousands is cut at this many, in uid order). */
export const RESOLVE_MAX = 500;

const ROOT_PREFIX = 'root-';

export interface AuditorLists {
  uidList: string[];
  tidList: string[];
  usidList: string[];
  oidList: string[];
}

export const specsOf = (l: AuditorLists): AuditorSpec[] => [
  ...l.uidList.map((id) => ({ t: AUTH_TYPES.users, id })),
  ...l.tidList.map((id) => ({ t: AUTH_TYPES.titles, id })),
  ...l.usidList.map((id) => ({ t: AUTH_TYPES.userSets, id })),
  ...l.oidList.map((id) => ({ t: AUTH_TYPES.orgs, id })),
];

export function parseSpecs(json: string): AuditorSpec[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (e): e is AuditorSpec =>
        typeof e === 'object' && e !== null && [1, 2, 3, 4].includes((e as AuditorSpec).t) && typeof e.id === 'string',
    );
  } catch {
    return [];
  }
}

const idsOf = (specs: readonly AuditorSpec[], t: AuthType) => specs.filter((s) => s.t === t).map((s) => s.id);

/** Every named object must be the property's (a user: a member): another property's or an unknown one is "not found". */
export async function assertSpecsExist(db: Db, t: Tenant, specs: readonly AuditorSpec[]): Promise<void> {
  const users = idsOf(specs, 1);
  if ((await people.membersAmong(db, t, users)).length !== users.length) throw notFound('uidList');
  const titles = idsOf(specs, 2);
  if ((await people.titleNames(db, t, titles)).size !== titles.length) throw notFound('tidList');
  const sets = idsOf(specs, 3);
  if ((await people.setNames(db, t, sets)).size !== sets.length) throw notFound('usidList');
  const units = idsOf(specs, 4);
  if ((await people.unitNames(db, t, units)).size !== units.length) throw notFound('oidList');
}

/** The entries with their names and how many people each names today. */
export async function renderSpecs(db: Db, t: Tenant, specs: readonly AuditorSpec[]): Promise<AuditorRef[]> {
  const users = idsOf(specs, 1);
  const titles = idsOf(specs, 2);
  const sets = idsOf(specs, 3);
  const units = idsOf(specs, 4);
  const [members, cards, titleNames, setNames, unitNames, titleCounts, setCounts] = await Promise.all([
    people.membersAmong(db, t, users),
    people.userCards(db, users),
    people.titleNames(db, t, titles),
    people.setNames(db, t, sets),
    people.unitNames(db, t, units),
    people.titleCounts(db, t, titles),
    people.setCounts(db, t, sets),
  ]);
  const memberSet = new Set(members);
  const unitCounts = new Map<string, number>();
  for (const oid of units) unitCounts.set(oid, unitNames.has(oid) ? await people.unitMemberCount(db, t, oid) : 0);
  return specs.map((s): AuditorRef => {
    switch (s.t) {
      case 1:
        return {
          authType: 1,
          id: s.id,
          name: cards.get(s.id)?.name ?? '',
          userNum: memberSet.has(s.id) ? 1 : 0,
          exists: memberSet.has(s.id) ? 1 : 0,
        };
      case 2:
        return {
          authType: 2,
          id: s.id,
          name: titleNames.get(s.id) ?? '',
          userNum: titleCounts.get(s.id) ?? 0,
          exists: titleNames.has(s.id) ? 1 : 0,
        };
      case 3:
        return {
          authType: 3,
          id: s.id,
          name: setNames.get(s.id) ?? '',
          userNum: setCounts.get(s.id) ?? 0,
          exists: setNames.has(s.id) ? 1 : 0,
        };
      default:
        return {
          authType: 4,
          id: s.id,
          name: unitNames.get(s.id) ?? '',
          userNum: unitCounts.get(s.id) ?? 0,
          exists: unitNames.has(s.id) ? 1 : 0,
        };
    }
  });
}

/** The members the entries name today, distinct, in uid order, at most RESOLVE_MAX. */
export async function resolveSpecs(db: Db, t: Tenant, specs: readonly AuditorSpec[]): Promise<string[]> {
  const [users, titles, sets, units] = await Promise.all([
    people.membersAmong(db, t, idsOf(specs, 1)),
    people.titleMembers(db, t, idsOf(specs, 2), RESOLVE_MAX),
    people.setMembers(db, t, idsOf(specs, 3), RESOLVE_MAX),
    people.unitMembers(db, t, idsOf(specs, 4), RESOLVE_MAX),
  ]);
  return [...new Set([...users, ...titles, ...sets, ...units])].sort().slice(0, RESOLVE_MAX);
}

/**
 * Those who hold a permission in the whole property: the owner (when its business is enabled) and administrators
 * whose assignment granting it is not limited to units or spaces. The auditors of the built-in flow.
 */
export async function holdersOf(db: Db, t: Tenant, permission: string): Promise<string[]> {
  const out: string[] = [];
  for (const m of await people.ownerAndAdmins(db, t)) {
    const ctx = await loadPropertyContext(db, m.uid, t.pno);
    if (!ctx?.permissions.has(permission)) continue;
    const scope = ctx.scopeOf(permission);
    if (scope.orgs === null && scope.spaces === null) out.push(m.uid);
  }
  return out;
}

/** A type's own auditor list (who may audit it besides the permission's holders). */
export async function poolOf(db: Db, t: Tenant, applyType: string): Promise<AuditorSpec[]> {
  const rows = await repo.poolRows(db, t, applyType);
  return rows.map((r) => ({ t: r.auth_type as AuthType, id: r.ref_id }));
}

/** The built-in flow's auditors of a type: the permission's holders and the type's own auditor list. */
export async function builtInAuditors(db: Db, t: Tenant, applyType: string): Promise<string[]> {
  const [holders, pool] = await Promise.all([
    holdersOf(db, t, applyTypeDef(applyType).permission),
    poolOf(db, t, applyType).then((specs) => resolveSpecs(db, t, specs)),
  ]);
  return [...new Set([...holders, ...pool])].sort();
}

/**
 * Whom a transmit or an assign may name: a member of the property; when the type has its own auditor list, only
 * those on it and the permission's holders. Answers the uids refused.
 */
export async function notAllowedAuditors(
  db: Db,
  t: Tenant,
  applyType: string,
  uids: readonly string[],
): Promise<string[]> {
  const members = new Set(await people.membersAmong(db, t, uids));
  const missing = uids.filter((u) => !members.has(u));
  if (missing.length > 0) throw notFound('uid');
  const pool = await poolOf(db, t, applyType);
  if (pool.length === 0) return [];
  const allowed = new Set(await builtInAuditors(db, t, applyType));
  return uids.filter((u) => !allowed.has(u));
}

export const isRootUnit = (t: Tenant, oid: string) => oid === `${ROOT_PREFIX}${t.pno}`;
