import { isForeignKeyViolation, isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import * as repo from './repo';

/**
 * Who acts, and where: `pno` is the selected property; null for a platform operator in the back office, who
 * works on any property's user sets (the set's own `pno` then scopes everything that follows).
 */
export interface Scope {
  pno: string | null;
  uid: string;
}

/** The rules of user sets (README.md): no SQL, no HTTP. */

/** The user set in the caller's reach, with its property; "not found" otherwise (also for another tenant's id). */
async function locate(db: Services['db'], scope: Scope, usid: string) {
  const set = await repo.findUserSet(db, scope.pno, usid);
  if (!set) throw notFound('usid');
  return set;
}

/** The property a new user set goes to: the selected one, or the one an operator names in the body. */
async function targetProperty(s: Services, scope: Scope, bodyPno: string | undefined): Promise<string> {
  if (scope.pno !== null) return scope.pno;
  if (!bodyPno) throw invalidInput('pno');
  if (!(await repo.propertyExists(s.db, bodyPno))) throw notFound('pno');
  return bodyPno;
}

export async function saveUserSet(
  s: Services,
  scope: Scope,
  input: { usid?: string; pno?: string; name: string; remark: string },
): Promise<string> {
  const values = { name: input.name, nameKey: nameKey(input.name), remark: input.remark };
  const pno = input.usid ? (await locate(s.db, scope, input.usid)).pno : await targetProperty(s, scope, input.pno);
  if (await repo.findUserSetByNameKey(s.db, pno, values.nameKey, input.usid)) {
    throw new AppError('nameTaken', { name: input.name });
  }
  try {
    if (input.usid) {
      await repo.updateUserSet(s.db, pno, input.usid, values, s.now());
      return input.usid;
    }
    const usid = newId();
    await repo.insertUserSet(s.db, pno, usid, values, scope.uid, s.now());
    return usid;
  } catch (error) {
    // Two saves of the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
}

/** Deletes a user set; one with users is refused unless `force`, which removes them in the same transaction. */
export async function deleteUserSet(s: Services, scope: Scope, usid: string, force: boolean): Promise<number> {
  return s.db.transaction().execute(async (trx) => {
    const { pno } = await locate(trx, scope, usid);
    const inSet = await repo.countUserSetUsers(trx, pno, usid);
    if (inSet > 0 && !force) throw new AppError('stillHasUsers', { count: inSet });
    await repo.deleteUserSet(trx, pno, usid);
    return inSet;
  });
}

/** Adds members of its property to the set; all or nothing. */
export async function addUserSetUsers(s: Services, scope: Scope, usid: string, uids: readonly string[]) {
  try {
    return await s.db.transaction().execute(async (trx) => {
      const { pno } = await locate(trx, scope, usid);
      const members = await repo.propertyMemberUids(trx, pno, uids);
      const stranger = uids.find((uid) => !members.has(uid));
      if (stranger) throw notFound(`uid ${stranger}`);
      return repo.addUserSetUsers(trx, pno, usid, uids, scope.uid, s.now());
    });
  } catch (error) {
    // The set was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound('usid');
    throw error;
  }
}

/**
 * Removes users from the set. A user the property does not know (neither a member nor in the set) is "not found";
 * a member not in the set is skipped.
 */
export async function removeUserSetUsers(s: Services, scope: Scope, usid: string, uids: readonly string[]) {
  return s.db.transaction().execute(async (trx) => {
    const { pno } = await locate(trx, scope, usid);
    const members = await repo.propertyMemberUids(trx, pno, uids);
    const inSet = await repo.userSetMemberUids(trx, pno, usid, uids);
    const stranger = uids.find((uid) => !members.has(uid) && !inSet.has(uid));
    if (stranger) throw notFound(`uid ${stranger}`);
    return repo.removeUserSetUsers(trx, pno, usid, uids);
  });
}

export async function listUserSetUsers(
  s: Services,
  scope: Scope,
  q: { usid: string; str?: string; pageNum: number; pageSize: number },
) {
  const { pno } = await locate(s.db, scope, q.usid);
  return repo.listUserSetUsers(s.db, pno, q.usid, q.str || undefined, q.pageNum, q.pageSize);
}

/** The user sets list: the selected property's, or for an operator every property's (or `filterPno`'s). */
export function listUserSets(
  s: Services,
  scope: Scope,
  q: { str?: string; filterPno?: string; pageNum: number; pageSize: number },
) {
  const pno = scope.pno ?? (q.filterPno || null);
  return repo.listUserSets(s.db, pno, q.str || undefined, q.pageNum, q.pageSize);
}
