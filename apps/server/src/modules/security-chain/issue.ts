import type { SecurityAlgorithm } from '@keel/contract/endpoints/security-settings';
import type { TokenSource } from '@keel/contract/endpoints/security-tokens';
import { nameIn } from '@keel/contract/format';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import type { Caller } from './caller';
import { type Decision, decide } from './decision';
import { insertRecord } from './decision-repo';
import { tokenSettings } from './security-settings';
import { signFuncToken } from './token';

/**
 * Issuing a short-lived authorisation (README "The decision", "The proof a device checks"): the decision for the
 * caller now (drawing from the function's pool), then the token signed with the property's algorithm and lifetime.
 * Every answer is recorded (`security_func_records`: `issue` with the source, nonce, window and pool; `refuse` with
 * the reason); the calling route audits it. A function or a device that is not the property's is "not found".
 */

export interface IssuedToken {
  token: string;
  alg: SecurityAlgorithm;
  nonce: string;
  /** Epoch ms. */
  notBefore: number;
  expiresAt: number;
  source: TokenSource;
  recordId: string;
}

/** A UTC time as the refusal's message shows it (`2026-11-30 00:00 UTC`). */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The error a refusal answers. */
function refusal(c: Caller, d: Extract<Decision, { allowed: false }>, deviceId: string): AppError {
  const func = d.func ? nameIn(d.func, c.locale) || d.func.code : '';
  switch (d.reason) {
    case 'funcNotFound':
      return notFound('funcId');
    case 'deviceNotFound':
      return notFound('deviceId');
    case 'funcNotGrantedUser':
      return new AppError('funcNotGrantedUser', { func });
    case 'funcNotGrantedDevice':
      return new AppError('funcNotGrantedDevice', { func, device: deviceId });
    case 'grantPoolDisabled':
      return new AppError('grantPoolDisabled', { func });
    case 'grantPoolEmpty':
      return d.until == null
        ? new AppError('grantPoolUsedUp', { func })
        : new AppError('grantPoolEmpty', { func, until: utc(d.until) });
  }
}

export async function issueFuncToken(
  s: Services,
  c: Caller,
  input: { deviceId: string; funcId: string },
): Promise<IssuedToken> {
  const now = s.now();
  const decision = await decide(s, c.t, {
    uid: c.uid,
    funcId: input.funcId,
    deviceId: input.deviceId,
    now,
    draw: true,
  });
  const recordId = newId();
  const base = {
    record_id: recordId,
    func_id: input.funcId,
    device_id: input.deviceId,
    uid: c.uid,
    source: '',
    reason: '',
    response_code: '',
    created_at: now,
  };
  if (!decision.allowed) {
    // Another property's function (or none) is not recorded: the record would name what the caller may not see.
    if (decision.func)
      await insertRecord(s.db, c.t, {
        ...base,
        sid: decision.func.sid,
        kind: 'refuse',
        reason: decision.reason,
        pool_id: decision.poolId ?? null,
      });
    throw refusal(c, decision, input.deviceId);
  }
  const settings = await tokenSettings(s, c.t);
  const nonce = newId();
  const iat = Math.floor(now / 1000);
  const exp = iat + settings.tokenTtlSeconds;
  const func = decision.func;
  const token = await signFuncToken(s, c.t, settings.algorithm, {
    pno: c.t.pno,
    sid: func.sid,
    dev: input.deviceId,
    fid: func.func_id,
    fn: func.code,
    sub: c.uid,
    iat,
    nbf: iat,
    exp,
    jti: nonce,
  });
  await insertRecord(s.db, c.t, {
    ...base,
    sid: func.sid,
    kind: 'issue',
    source: decision.source,
    nonce,
    pool_id: decision.poolId,
    not_before: iat * 1000,
    expires_at: exp * 1000,
  });
  return {
    token,
    alg: settings.algorithm,
    nonce,
    notBefore: iat * 1000,
    expiresAt: exp * 1000,
    source: decision.source,
    recordId,
  };
}
