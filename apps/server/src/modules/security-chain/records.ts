import type {
  FuncRecordDeviceItem,
  FuncRecordItem,
  FuncRecordKind,
  FuncRecordSource,
} from '@keel/contract/endpoints/security-records';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { deviceIdsAmong, withDeviceNames } from '../device/reads';
import type { Caller } from './caller';
import { findPool } from './pool-repo';
import { namesOf, reasonText } from './record-names';
import * as records from './record-repo';
import * as repo from './repo';
import { assertSecuritySpace } from './spaces';

/**
 * The records of a security space (README "Security routes and records"): every authorisation issued or refused and
 * every use a device reported, as written by the decision and the device API; here only read, with names.
 */

export type RecordQuery = records.RecordFilter & { pageNum: number; pageSize: number };

/** The space must be a security space; a function and a pool must be of it, a device of the property ("not found"). */
async function checkFilter(s: Services, c: Caller, f: RecordQuery) {
  await assertSecuritySpace(s, c, f.sid);
  if (f.funcId) {
    const func = await repo.findFunc(s.db, c.t, f.funcId);
    if (!func || func.sid !== f.sid) throw notFound('funcId');
  }
  if (f.poolId) {
    const pool = await findPool(s.db, c.t, f.poolId);
    if (!pool || pool.sid !== f.sid) throw notFound('poolId');
  }
  if (f.deviceId && !(await deviceIdsAmong(s.db, c.t, [f.deviceId])).has(f.deviceId)) throw notFound('deviceId');
}

export async function listRecords(s: Services, c: Caller, f: RecordQuery) {
  await checkFilter(s, c, f);
  const { rows, total } = await records.pageRecords(s.db, c.t, f, f.pageNum, f.pageSize);
  const names = await namesOf(s, c, rows);
  const list: FuncRecordItem[] = rows.map((r, i) => {
    const n = names[i] as (typeof names)[number];
    return {
      recordId: r.record_id,
      kind: r.kind as FuncRecordKind,
      sid: r.sid,
      funcId: r.func_id,
      funcCode: n.funcCode,
      funcName: n.funcName,
      deviceId: r.device_id,
      deviceName: n.deviceName,
      uid: r.uid,
      userName: n.userName,
      source: (r.source || '') as FuncRecordSource | '',
      nonce: r.nonce,
      poolId: r.pool_id,
      responseCode: r.response_code,
      responseName: n.responseName,
      reason: reasonText(c, r.reason, { ...n, deviceId: r.device_id }),
      reasonKey: r.reason,
      notBefore: r.not_before === null ? null : Number(r.not_before),
      expiresAt: r.expires_at === null ? null : Number(r.expires_at),
      createTime: Number(r.created_at),
    };
  });
  return { list, total, pageNum: f.pageNum, pageSize: f.pageSize };
}

/** Per device of the records matching the filter: issues, uses, refusals and the last use. */
export async function listRecordDevices(s: Services, c: Caller, f: RecordQuery) {
  await checkFilter(s, c, f);
  const { rows, total } = await records.pageRecordDevices(s.db, c.t, f, f.pageNum, f.pageSize);
  const named = await withDeviceNames(s.db, c.t, rows);
  const list: FuncRecordDeviceItem[] = named.map((r) => ({
    deviceId: r.device_id,
    deviceName: r.device_name ?? '',
    issues: Number(r.issues),
    uses: Number(r.uses),
    refusals: Number(r.refusals),
    lastUseTime: r.last_use === null || r.last_use === undefined ? null : Number(r.last_use),
    lastTime: Number(r.last_time),
  }));
  return { list, total, pageNum: f.pageNum, pageSize: f.pageSize };
}
