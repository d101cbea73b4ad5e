import type { FuncRisk } from '@keel/contract/endpoints/security-chain';
import type { UserAuthItem, UserAuthSubjectType } from '@keel/contract/endpoints/security-user-auth';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { assertReach, type Caller } from './caller';
import * as funcRepo from './repo';
import { assertSecuritySpace } from './spaces';
import { headsOf, subjectHeads, subjectsNamed } from './subjects';
import * as repo from './user-auth-repo';
import { stateOf } from './window-state';

/**
 * User authorisations (README "User authorisations"): users, titles, user sets or organisation units of the property
 * may operate a function of a security space, within an optional window. Each made adds 1 to its function's
 * `auth_count` and each deleted takes 1, in the same transaction.
 */

/** The rows as the lists show them: the subject's name, the function's code, names and risk, the state now. */
export async function userAuthItems(s: Services, c: Pick<Caller, 't'>, rows: readonly repo.UserAuthListRow[]) {
  const heads = await headsOf(
    s.db,
    c.t,
    rows.map((r) => ({ subjectType: r.subject_type as UserAuthSubjectType, subjectId: r.subject_id })),
  );
  const now = s.now();
  return rows.map(
    (r): UserAuthItem => ({
      authId: r.auth_id,
      sid: r.sid,
      funcId: r.func_id,
      funcCode: r.func_code,
      funcNameZh: r.func_name_zh,
      funcNameEn: r.func_name_en,
      risk: r.func_risk as FuncRisk,
      subjectType: r.subject_type as UserAuthSubjectType,
      subjectId: r.subject_id,
      subjectName: heads.get(`${r.subject_type}:${r.subject_id}`)?.name ?? '',
      subjectPhone: heads.get(`${r.subject_type}:${r.subject_id}`)?.phone ?? '',
      startTime: r.start_time === null ? null : Number(r.start_time),
      endTime: r.end_time === null ? null : Number(r.end_time),
      disabled: Number(r.disabled) === 1 ? 1 : 0,
      state: stateOf(r, now),
      remark: r.remark,
      applyId: r.apply_id,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    }),
  );
}

async function authOf(s: Services, c: Caller, authId: string) {
  const row = await repo.findUserAuth(s.db, c.t, authId);
  if (!row) throw notFound('authId');
  return row;
}

async function itemOf(s: Services, c: Caller, authId: string): Promise<UserAuthItem> {
  const [item] = await userAuthItems(s, c, await repo.userAuthsWithFuncs(s.db, c.t, [authId]));
  if (!item) throw notFound('authId');
  return item;
}

export async function listUserAuths(
  s: Services,
  c: Caller,
  input: { sid: string; funcId?: string; subjectType?: number; str?: string; pageNum: number; pageSize: number },
) {
  await assertSecuritySpace(s, c, input.sid);
  const filter: repo.UserAuthFilter = {
    sid: input.sid,
    funcId: input.funcId,
    subjectType: input.subjectType,
    str: input.str,
    subjectsNamed: input.str ? await subjectsNamed(s.db, c.t, input.str) : undefined,
  };
  const { rows, total } = await repo.pageUserAuths(s.db, c.t, filter, input.pageNum, input.pageSize);
  return { list: await userAuthItems(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/**
 * Authorises subjects of one type for a function of the space: each the property's (another property's, or none, is
 * "not found", naming the list), none authorised for the function already (`userAuthExists`, naming the first).
 */
export async function addUserAuths(
  s: Services,
  c: Caller,
  input: {
    sid: string;
    funcId: string;
    subjectType: UserAuthSubjectType;
    subjectIdList: string[];
    startTime?: number;
    endTime?: number;
    remark: string;
  },
) {
  await assertSecuritySpace(s, c, input.sid);
  const func = await funcRepo.findFunc(s.db, c.t, input.funcId);
  if (!func || func.sid !== input.sid) throw notFound('funcId');
  const heads = await subjectHeads(s.db, c.t, input.subjectType, input.subjectIdList);
  if (input.subjectIdList.some((id) => !heads.has(id))) throw notFound('subjectIdList');
  const [taken] = await repo.authsOfSubjects(s.db, c.t, func.func_id, input.subjectType, input.subjectIdList);
  if (taken) {
    const name = heads.get(taken.subject_id)?.name || taken.subject_id;
    throw new AppError('userAuthExists', { name, func: func.code });
  }
  const now = s.now();
  const rows = input.subjectIdList.map((subjectId) => ({
    auth_id: newId(),
    sid: input.sid,
    func_id: func.func_id,
    subject_type: input.subjectType,
    subject_id: subjectId,
    start_time: input.startTime ?? null,
    end_time: input.endTime ?? null,
    disabled: 0,
    remark: input.remark,
    apply_id: null,
    created_by: c.uid,
    created_at: now,
    updated_at: now,
  }));
  try {
    await s.db.transaction().execute(async (trx) => {
      await repo.insertUserAuths(trx, c.t, rows);
      for (const _ of rows) await funcRepo.adjustAuthCount(trx, c.t, func.func_id, 1);
    });
  } catch (error) {
    // Another call authorised one of them meanwhile (the unique index `security_user_auths_subject`).
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'userAuth' });
    throw error;
  }
  const made = await repo.userAuthsWithFuncs(
    s.db,
    c.t,
    rows.map((r) => r.auth_id),
  );
  return { list: await userAuthItems(s, c, made) };
}

export async function setUserAuthDisabled(
  s: Services,
  c: Caller,
  input: { authId: string; disabled: 0 | 1 },
  permissions: readonly string[],
) {
  const row = await authOf(s, c, input.authId);
  assertReach(c, permissions, row.sid);
  await repo.setDisabled(s.db, c.t, row.auth_id, input.disabled, s.now());
  return itemOf(s, c, row.auth_id);
}

/** Deletes an authorisation; its function counts one fewer in the same transaction. */
export async function deleteUserAuth(s: Services, c: Caller, authId: string, permissions: readonly string[]) {
  const row = await authOf(s, c, authId);
  assertReach(c, permissions, row.sid);
  return s.db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteUserAuth(trx, c.t, authId);
    if (deleted > 0) await funcRepo.adjustAuthCount(trx, c.t, row.func_id, -1);
    return deleted;
  });
}
