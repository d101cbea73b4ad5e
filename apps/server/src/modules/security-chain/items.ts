import type { FuncItem, FuncResponseItem, FuncRisk } from '@keel/contract/endpoints/security-chain';
import { nameIn } from '@keel/contract/format';
import type { Services } from '../../platform/services';
import { spaceNames } from '../space/reads';
import type { Caller } from './caller';
import * as repo from './repo';

/** Functions and responses as the calls answer them: one read per page for responses and space names. */

export function responseItem(c: Caller, r: repo.ResponseRow, func: repo.FuncRow | undefined): FuncResponseItem {
  return {
    responseId: r.response_id,
    funcId: r.func_id,
    sid: r.sid,
    code: r.code,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    name: nameIn(r, c.locale),
    funcCode: func?.code ?? '',
    funcName: func ? nameIn(func, c.locale) : '',
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

export async function funcItems(s: Services, c: Caller, rows: readonly repo.FuncRow[]): Promise<FuncItem[]> {
  const [responses, spaces] = await Promise.all([
    repo.responsesOf(
      s.db,
      c.t,
      rows.map((r) => r.func_id),
    ),
    spaceNames(s.db, c.t, [...new Set(rows.map((r) => r.sid))]),
  ]);
  return rows.map((r) => ({
    funcId: r.func_id,
    sid: r.sid,
    spaceName: spaces.get(r.sid) ?? '',
    code: r.code,
    nameZh: r.name_zh,
    nameEn: r.name_en,
    name: nameIn(r, c.locale),
    risk: r.risk as FuncRisk,
    description: r.description,
    authCount: Number(r.auth_count),
    responseList: (responses.get(r.func_id) ?? []).map((x) => responseItem(c, x, r)),
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  }));
}

export async function funcItem(s: Services, c: Caller, row: repo.FuncRow): Promise<FuncItem> {
  const [item] = await funcItems(s, c, [row]);
  return item as FuncItem;
}

/** The lower-cased code and names a list searches. */
export const searchTextOf = (v: { code: string; nameZh: string; nameEn: string }) =>
  [v.code, v.nameZh, v.nameEn].join(' ').toLowerCase();
