import { FUNC_RESPONSES_MAX, type FuncRisk } from '@keel/contract/endpoints/security-chain';
import { nameIn } from '@keel/contract/format';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { assertReach, type Caller } from './caller';
import { funcItem, funcItems, searchTextOf } from './items';
import * as repo from './repo';
import { assertSecuritySpace } from './spaces';

/** A security space's functions (README "Functions"): codes unique in the space, names, risk, responses. */

export async function funcOf(s: Services, c: Caller, funcId: string, field = 'funcId') {
  const row = await repo.findFunc(s.db, c.t, funcId);
  if (!row) throw notFound(field);
  return row;
}

export async function listFuncs(
  s: Services,
  c: Caller,
  input: { sid: string; filterAuth: 0 | 1; str?: string; funcId?: string; pageNum: number; pageSize: number },
) {
  await assertSecuritySpace(s, c, input.sid);
  const filter = { sid: input.sid, funcId: input.funcId, str: input.str, authorised: input.filterAuth === 1 };
  const { rows, total } = await repo.pageFuncs(s.db, c.t, filter, input.pageNum, input.pageSize);
  return { list: await funcItems(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface FuncSaveInput {
  funcId?: string;
  sid: string;
  code: string;
  nameZh: string;
  nameEn: string;
  risk: FuncRisk;
  description: string;
  responseList: { code: string; nameZh: string; nameEn: string }[];
}

/** Adds a function (with its first responses) to a security space, or edits one of that space. */
export async function saveFunc(s: Services, c: Caller, input: FuncSaveInput) {
  await assertSecuritySpace(s, c, input.sid);
  const existing = input.funcId ? await funcOf(s, c, input.funcId) : undefined;
  // A function stays in its space: naming another space does not move it.
  if (existing && existing.sid !== input.sid) throw notFound('funcId');
  const taken = await repo.findFuncByCode(s.db, c.t, input.sid, input.code);
  if (taken && taken.func_id !== existing?.func_id) throw new AppError('funcCodeTaken', { code: input.code });
  if (input.responseList.length > FUNC_RESPONSES_MAX) {
    throw new AppError('funcResponseTooMany', { max: FUNC_RESPONSES_MAX });
  }

  const funcId = existing?.func_id ?? newId();
  const now = s.now();
  const fields = {
    code: input.code,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    risk: input.risk,
    description: input.description,
    search_text: searchTextOf(input),
    updated_at: now,
  };
  try {
    await s.db.transaction().execute(async (trx) => {
      if (existing) {
        await repo.updateFunc(trx, c.t, funcId, fields);
        return;
      }
      await repo.insertFunc(trx, c.t, {
        func_id: funcId,
        sid: input.sid,
        auth_count: 0,
        created_by: c.uid,
        created_at: now,
        ...fields,
      });
      await repo.insertResponses(
        trx,
        c.t,
        input.responseList.map((r) => ({
          response_id: newId(),
          func_id: funcId,
          sid: input.sid,
          code: r.code,
          name_zh: r.nameZh,
          name_en: r.nameEn,
          search_text: searchTextOf(r),
          created_at: now,
          updated_at: now,
        })),
      );
    });
  } catch (error) {
    // Another call took the code meanwhile (the unique index of migration 0047).
    if (isUniqueViolation(error)) throw new AppError('funcCodeTaken', { code: input.code });
    throw error;
  }
  return funcItem(s, c, await funcOf(s, c, funcId));
}

/**
 * Deletes a function with its responses. One that authorisations name is refused (`funcInUse`): the grants keep
 * `auth_count` (repo.adjustAuthCount), and the delete itself holds only while it is 0, so a grant made meanwhile
 * keeps the function too.
 */
export async function deleteFunc(s: Services, c: Caller, funcId: string, permissions: readonly string[]) {
  const row = await funcOf(s, c, funcId);
  assertReach(c, permissions, row.sid);
  const inUse = (r: repo.FuncRow) => new AppError('funcInUse', { func: nameIn(r, c.locale), n: Number(r.auth_count) });
  if (Number(row.auth_count) > 0) throw inUse(row);
  const deleted = await s.db.transaction().execute((trx) => repo.deleteUnusedFunc(trx, c.t, funcId));
  if (deleted === 0) {
    // Not deleted: granted meanwhile (still there), or deleted by another call (gone: nothing to do).
    const now = await repo.findFunc(s.db, c.t, funcId);
    if (now) throw inUse(now);
  }
  return deleted;
}
