import { FUNC_RESPONSES_MAX } from '@keel/contract/endpoints/security-chain';
import { nameIn } from '@keel/contract/format';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { assertReach, type Caller } from './caller';
import { funcOf } from './funcs';
import { responseItem, searchTextOf } from './items';
import * as repo from './repo';
import { assertSecuritySpace } from './spaces';

/** The responses a device may give when a function is used (README "Responses"): codes unique in the function. */

async function responseOf(s: Services, c: Caller, responseId: string) {
  const row = await repo.findResponse(s.db, c.t, responseId);
  if (!row) throw notFound('responseId');
  return row;
}

export async function listResponses(
  s: Services,
  c: Caller,
  input: { sid: string; funcId?: string; str?: string; pageNum: number; pageSize: number },
) {
  await assertSecuritySpace(s, c, input.sid);
  if (input.funcId) {
    const func = await funcOf(s, c, input.funcId);
    if (func.sid !== input.sid) throw notFound('funcId');
  }
  const filter = { sid: input.sid, funcId: input.funcId, str: input.str };
  const { rows, total } = await repo.pageResponses(s.db, c.t, filter, input.pageNum, input.pageSize);
  const funcs = await repo.funcsIn(s.db, c.t, [...new Set(rows.map((r) => r.func_id))]);
  const list = rows.map((r) => responseItem(c, r, funcs.get(r.func_id)));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface ResponseSaveInput {
  responseId?: string;
  funcId: string;
  code: string;
  nameZh: string;
  nameEn: string;
}

/** Adds a response to a function, or edits one of that function. */
export async function saveResponse(s: Services, c: Caller, input: ResponseSaveInput, permissions: readonly string[]) {
  const func = await funcOf(s, c, input.funcId);
  assertReach(c, permissions, func.sid);
  const existing = input.responseId ? await responseOf(s, c, input.responseId) : undefined;
  if (existing && existing.func_id !== func.func_id) throw notFound('responseId');
  const others = ((await repo.responsesOf(s.db, c.t, [func.func_id])).get(func.func_id) ?? []).filter(
    (r) => r.response_id !== existing?.response_id,
  );
  const taken = () => new AppError('funcResponseCodeTaken', { func: nameIn(func, c.locale), code: input.code });
  if (others.some((r) => r.code === input.code)) throw taken();
  if (!existing && others.length >= FUNC_RESPONSES_MAX) {
    throw new AppError('funcResponseTooMany', { max: FUNC_RESPONSES_MAX });
  }

  const responseId = existing?.response_id ?? newId();
  const now = s.now();
  const fields = {
    code: input.code,
    name_zh: input.nameZh,
    name_en: input.nameEn,
    search_text: searchTextOf(input),
    updated_at: now,
  };
  try {
    if (existing) await repo.updateResponse(s.db, c.t, responseId, fields);
    else {
      await repo.insertResponses(s.db, c.t, [
        { response_id: responseId, func_id: func.func_id, sid: func.sid, created_at: now, ...fields },
      ]);
    }
  } catch (error) {
    // Another call took the code meanwhile (the unique index of migration 0047).
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return responseItem(c, await responseOf(s, c, responseId), func);
}

export async function deleteResponse(s: Services, c: Caller, responseId: string, permissions: readonly string[]) {
  const row = await responseOf(s, c, responseId);
  assertReach(c, permissions, row.sid);
  return repo.deleteResponse(s.db, c.t, responseId);
}
