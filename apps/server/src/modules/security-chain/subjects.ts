import { AUTH_TYPES } from '@keel/contract/constants';
import type { UserAuthSubjectType } from '@keel/contract/endpoints/security-user-auth';
import { findMember, findProperty, memberUidsAmong, userHeads } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { nodeIdsNamed, nodeNames, rootId, unitsFrom } from '../org/reads';
import { titleIdsNamed, titleNames, titlesOfUser } from '../title/reads';
import { userSetIdsNamed, userSetNames, userSetsOfUser } from '../user-set/reads';

/**
 * Whom a user authorisation names (README "User authorisations"): users, titles, user sets and organisation units of
 * the property (the contract's `AUTH_TYPES`), each read through its owner's reads.ts. A unit covers its members and
 * those of every unit below it; the root `root-<pno>` is the whole property (named after it).
 */

/** One (subject_type, subject_id) pair of `security_user_auths`. */
export interface SubjectKey {
  subjectType: UserAuthSubjectType;
  subjectId: string;
}

/** What a subject is shown with: its name, and a user's phone ('' for the other types). */
export interface SubjectHead {
  name: string;
  phone: string;
}

/** The root unit's name (the property's) when `ids` name it, with the names of the other units. */
async function unitNames(db: Db, t: Tenant, ids: readonly string[]): Promise<Map<string, string>> {
  const root = rootId(t.pno);
  const out = new Map<string, string>();
  if (ids.includes(root)) {
    const property = await findProperty(db, t.pno);
    if (property) out.set(root, property.name);
  }
  const rest = ids.filter((id) => id !== root);
  if (rest.length > 0) for (const [id, name] of await nodeNames(db, t, rest)) out.set(id, name);
  return out;
}

/**
 * The heads of the property's subjects of one type among `ids`, by id: an id of no such subject of the property (one
 * of another property's, or one gone) is left out.
 */
export async function subjectHeads(
  db: Db,
  t: Tenant,
  type: number,
  ids: readonly string[],
): Promise<Map<string, SubjectHead>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const named = (names: Map<string, string>) =>
    new Map([...names].map(([id, name]) => [id, { name, phone: '' }] as const));
  switch (type) {
    case AUTH_TYPES.users: {
      const members = await memberUidsAmong(db, t, unique);
      const heads = await userHeads(db, members);
      return new Map(
        members.map((uid) => [uid, { name: heads.get(uid)?.name ?? '', phone: heads.get(uid)?.phone ?? '' }]),
      );
    }
    case AUTH_TYPES.titles:
      return named(await titleNames(db, t, unique));
    case AUTH_TYPES.userSets:
      return named(await userSetNames(db, t, unique));
    case AUTH_TYPES.orgs:
      return named(await unitNames(db, t, unique));
    default:
      return new Map();
  }
}

/** The heads of mixed subjects, by `type:id`. */
export async function headsOf(db: Db, t: Tenant, keys: readonly SubjectKey[]): Promise<Map<string, SubjectHead>> {
  const out = new Map<string, SubjectHead>();
  for (const type of new Set(keys.map((k) => k.subjectType))) {
    const ids = keys.filter((k) => k.subjectType === type).map((k) => k.subjectId);
    for (const [id, head] of await subjectHeads(db, t, type, ids)) out.set(`${type}:${id}`, head);
  }
  return out;
}

/** The titles, user sets and units whose name contains `text` (a list's search over subjects kept elsewhere). */
export async function subjectsNamed(db: Db, t: Tenant, text: string) {
  const [titles, sets, units] = await Promise.all([
    titleIdsNamed(db, t, text),
    userSetIdsNamed(db, t, text),
    nodeIdsNamed(db, t, text),
  ]);
  return [
    { type: AUTH_TYPES.titles, ids: titles },
    { type: AUTH_TYPES.userSets, ids: sets },
    { type: AUTH_TYPES.orgs, ids: units },
  ];
}

/**
 * The (subject_type, subject_id) pairs a member counts as for user authorisations: the user themselves, their titles,
 * their user sets, their organisation unit and every unit above it, and the root (the whole property). A user who is
 * not a member of the property counts only as themselves (and no authorisation can name them: adding checks
 * membership).
 */
export async function subjectKeysOf(s: Pick<Services, 'db'>, t: Tenant, uid: string): Promise<SubjectKey[]> {
  const self: SubjectKey = { subjectType: AUTH_TYPES.users, subjectId: uid };
  const member = await findMember(s.db, t, uid);
  if (!member) return [self];
  const [titles, sets, units] = await Promise.all([
    titlesOfUser(s.db, t, uid),
    userSetsOfUser(s.db, t, uid),
    unitsFrom(s.db, t, member.oid),
  ]);
  return [
    self,
    ...titles.map((id): SubjectKey => ({ subjectType: AUTH_TYPES.titles, subjectId: id })),
    ...sets.map((id): SubjectKey => ({ subjectType: AUTH_TYPES.userSets, subjectId: id })),
    ...[...units, rootId(t.pno)].map((id): SubjectKey => ({ subjectType: AUTH_TYPES.orgs, subjectId: id })),
  ];
}
