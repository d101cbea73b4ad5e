import { AUTH_TYPES } from '@keel/contract/constants';
import type { AuditorRef } from '@keel/contract/endpoints/workflow';
import { loadPropertyContext } from '../../platform/auth/property-context';
import type { Db } from '../../platform/db/connect';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { applyTypeDef } from './apply-types';
import { auditorGroupOf, type GroupAuthType } from './auditor-groups';
import * as people from './people-repo';
import * as repo from './repo';

/**
 * Auditors (README "Auditors"): what a step or a type's auditor list names — users, titles, user sets and units, as
 * `{ t, id }` with SPEC §3's authorisation type — checked when a flow is edited, shown with names and head counts,
 * and resolved to the property's members when an application reaches the step. Users are read here (people-repo.ts);
 * titles, user sets and units through the kinds their modules contribute (auditor-groups.ts), hence `s`.
 */

export type AuthType = 1 | 2 | 3 | 4;
export interface AuditorSpec {
  t: AuthType;
  id: string;
}

/** Most people one step resolves to (a unit of thousands is cut at this many, in uid order). */
export const RESOLVE_MAX = 500;

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

/** The group kinds (titles, user sets, units), each contributed by the module that keeps it (auditor-groups.ts). */
const GROUP_TYPES: readonly GroupAuthType[] = [AUTH_TYPES.titles, AUTH_TYPES.userSets, AUTH_TYPES.orgs];

/** The input list that names each kind, for "not found". */
const LIST_OF: Record<AuthType, string> = { 1: 'uidList', 2: 'tidList', 3: 'usidList', 4: 'oidList' };

/**
 * Every named object must be the property's (a user: a member): another property's or an unknown one is "not found".
 * `db`: the handle to read on (the database, or a transaction).
 */
export async function assertSpecsExist(s: Services, db: Db, t: Tenant, specs: readonly AuditorSpec[]): Promise<void> {
  const users = idsOf(specs, AUTH_TYPES.users);
  if ((await people.membersAmong(db, t, users)).length !== users.length) throw notFound(LIST_OF[AUTH_TYPES.users]);
  for (const type of GROUP_TYPES) {
    const ids = idsOf(specs, type);
    if (ids.length === 0) continue;
    if ((await auditorGroupOf(s, type).names(db, t, ids)).size !== ids.length) throw notFound(LIST_OF[type]);
  }
}

const NO_GROUPS = { names: new Map<string, string>(), counts: new Map<string, number>() };

/** The names and head counts of the groups of one kind the entries name. */
async function groupsOf(s: Services, db: Db, t: Tenant, specs: readonly AuditorSpec[], type: GroupAuthType) {
  const ids = idsOf(specs, type);
  if (ids.length === 0) return NO_GROUPS;
  const group = auditorGroupOf(s, type);
  const [names, counts] = await Promise.all([group.names(db, t, ids), group.counts(db, t, ids)]);
  return { names, counts };
}

/** The entries with their names and how many people each names today. */
export async function renderSpecs(
  s: Services,
  db: Db,
  t: Tenant,
  specs: readonly AuditorSpec[],
): Promise<AuditorRef[]> {
  const users = idsOf(specs, AUTH_TYPES.users);
  const [members, cards, groups] = await Promise.all([
    people.membersAmong(db, t, users),
    people.userCards(db, users),
    Promise.all(GROUP_TYPES.map(async (type) => [type, await groupsOf(s, db, t, specs, type)] as const)).then(
      (entries) => new Map(entries),
    ),
  ]);
  const memberSet = new Set(members);
  return specs.map((spec): AuditorRef => {
    if (spec.t === AUTH_TYPES.users) {
      const member = memberSet.has(spec.id) ? 1 : 0;
      return { authType: spec.t, id: spec.id, name: cards.get(spec.id)?.name ?? '', userNum: member, exists: member };
    }
    const { names, counts } = groups.get(spec.t) ?? NO_GROUPS;
    return {
      authType: spec.t,
      id: spec.id,
      name: names.get(spec.id) ?? '',
      userNum: counts.get(spec.id) ?? 0,
      exists: names.has(spec.id) ? 1 : 0,
    };
  });
}

/** The members the entries name today, distinct, in uid order, at most RESOLVE_MAX. */
export async function resolveSpecs(s: Services, db: Db, t: Tenant, specs: readonly AuditorSpec[]): Promise<string[]> {
  const found = await Promise.all([
    people.membersAmong(db, t, idsOf(specs, AUTH_TYPES.users)),
    ...GROUP_TYPES.map((type) => {
      const ids = idsOf(specs, type);
      return ids.length === 0 ? [] : auditorGroupOf(s, type).members(db, t, ids, RESOLVE_MAX);
    }),
  ]);
  return [...new Set(found.flat())].sort().slice(0, RESOLVE_MAX);
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
export async function builtInAuditors(s: Services, db: Db, t: Tenant, applyType: string): Promise<string[]> {
  const [holders, pool] = await Promise.all([
    holdersOf(db, t, applyTypeDef(applyType).permission),
    poolOf(db, t, applyType).then((specs) => resolveSpecs(s, db, t, specs)),
  ]);
  return [...new Set([...holders, ...pool])].sort();
}

/**
 * Whom a transmit or an assign may name: a member of the property; when the type has its own auditor list, only
 * those on it and the permission's holders. Answers the uids refused.
 */
export async function notAllowedAuditors(
  s: Services,
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
  const allowed = new Set(await builtInAuditors(s, db, t, applyType));
  return uids.filter((u) => !allowed.has(u));
}
