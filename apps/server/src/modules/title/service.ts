import { isForeignKeyViolation, isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import * as repo from './repo';

/**
 * Who acts, and where: `pno` is the selected property; null for a platform operator in the back office, who
 * works on any property's titles (the title's own `pno` then scopes everything that follows).
 */
export interface Scope {
  pno: string | null;
  uid: string;
}

/** The rules of titles (README.md): no SQL, no HTTP. */

/** The title in the caller's reach, with its property; "not found" otherwise (also for another tenant's id). */
async function locate(db: Services['db'], scope: Scope, tid: string) {
  const title = await repo.findTitle(db, scope.pno, tid);
  if (!title) throw notFound('tid');
  return title;
}

/** The property a new title goes to: the selected one, or the one an operator names in the body. */
async function targetProperty(s: Services, scope: Scope, bodyPno: string | undefined): Promise<string> {
  if (scope.pno !== null) return scope.pno;
  if (!bodyPno) throw invalidInput('pno');
  if (!(await repo.propertyExists(s.db, bodyPno))) throw notFound('pno');
  return bodyPno;
}

export async function saveTitle(
  s: Services,
  scope: Scope,
  input: { tid?: string; pno?: string; name: string; remark: string },
): Promise<string> {
  const values = { name: input.name, nameKey: nameKey(input.name), remark: input.remark };
  const pno = input.tid ? (await locate(s.db, scope, input.tid)).pno : await targetProperty(s, scope, input.pno);
  if (await repo.findTitleByNameKey(s.db, pno, values.nameKey, input.tid)) {
    throw new AppError('nameTaken', { name: input.name });
  }
  try {
    if (input.tid) {
      await repo.updateTitle(s.db, pno, input.tid, values, s.now());
      return input.tid;
    }
    const tid = newId();
    await repo.insertTitle(s.db, pno, tid, values, scope.uid, s.now());
    return tid;
  } catch (error) {
    // Two saves of the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
}

/** Deletes a title; one still held is refused unless `force`, which removes the holdings in the same transaction. */
export async function deleteTitle(s: Services, scope: Scope, tid: string, force: boolean): Promise<number> {
  return s.db.transaction().execute(async (trx) => {
    const { pno } = await locate(trx, scope, tid);
    const holders = await repo.countTitleUsers(trx, pno, tid);
    if (holders > 0 && !force) throw new AppError('stillHasUsers', { count: holders });
    await repo.deleteTitle(trx, pno, tid);
    return holders;
  });
}

/** Gives the title to members of its property; all or nothing. */
export async function addTitleUsers(s: Services, scope: Scope, tid: string, uids: readonly string[]) {
  try {
    return await s.db.transaction().execute(async (trx) => {
      const { pno } = await locate(trx, scope, tid);
      const members = await repo.propertyMemberUids(trx, pno, uids);
      const stranger = uids.find((uid) => !members.has(uid));
      if (stranger) throw notFound(`uid ${stranger}`);
      return repo.addTitleUsers(trx, pno, tid, uids, scope.uid, s.now());
    });
  } catch (error) {
    // The title was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound('tid');
    throw error;
  }
}

/**
 * Takes the title from users. A user the property does not know (neither a member nor a holder) is "not found";
 * a member who does not hold it is skipped.
 */
export async function removeTitleUsers(s: Services, scope: Scope, tid: string, uids: readonly string[]) {
  return s.db.transaction().execute(async (trx) => {
    const { pno } = await locate(trx, scope, tid);
    const members = await repo.propertyMemberUids(trx, pno, uids);
    const holders = await repo.titleHolderUids(trx, pno, tid, uids);
    const stranger = uids.find((uid) => !members.has(uid) && !holders.has(uid));
    if (stranger) throw notFound(`uid ${stranger}`);
    return repo.removeTitleUsers(trx, pno, tid, uids);
  });
}

export async function listTitleUsers(
  s: Services,
  scope: Scope,
  q: { tid: string; str?: string; pageNum: number; pageSize: number },
) {
  const { pno } = await locate(s.db, scope, q.tid);
  return repo.listTitleUsers(s.db, pno, q.tid, q.str || undefined, q.pageNum, q.pageSize);
}

/** The titles list: the selected property's, or for an operator every property's (or `filterPno`'s). */
export function listTitles(
  s: Services,
  scope: Scope,
  q: { str?: string; filterPno?: string; pageNum: number; pageSize: number },
) {
  const pno = scope.pno ?? (q.filterPno || null);
  return repo.listTitles(s.db, pno, q.str || undefined, q.pageNum, q.pageSize);
}
