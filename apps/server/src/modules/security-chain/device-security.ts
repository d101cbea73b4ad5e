import { createHash } from 'node:crypto';
import {
  type KeelSecurityCertificates,
  type KeelSecurityCheckAnswer,
  keelSecurityCheck,
  keelSecurityUse,
} from '@keel/contract/device-api/keel-security';
import type { z } from 'zod';
import { appendAudit } from '../../platform/audit/audit-log';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { noneMatch } from '../../platform/storage/range';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall } from '../device/extensions';
import { decide } from './decision';
import { insertRecord } from './decision-repo';
import { responsesOf } from './repo';
import { securityCertificates, tokenSettings } from './security-settings';
import { type ParsedToken, verifyFuncToken } from './token';

/**
 * What the device API's security routes do (README "The proof a device checks"; mounted by device-routes.ts over DDI
 * and Mender): the certificates a device verifies tokens with, the online check of a token, and the report of a use.
 */

/** `GET …/keelSecurity/certificate`: both certificates and the current algorithm, with an ETag. */
export async function certificate(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const t = propertyTenant(call.pno);
  const [settings, certificates] = await Promise.all([tokenSettings(s, t), securityCertificates(s, t)]);
  const body: KeelSecurityCertificates = {
    algorithm: settings.algorithm,
    certificates: certificates.map((c) => ({
      alg: c.alg,
      kid: c.keyId,
      pem: c.pem,
      notBefore: c.notBefore,
      notAfter: c.notAfter,
    })),
  };
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `"${createHash('sha256').update(bytes).digest('base64url')}"`;
  const headers = { etag, 'cache-control': 'private, no-cache' };
  if (noneMatch(call.ifNoneMatch, etag)) return { status: 304, headers };
  return { status: 200, body: bytes, headers };
}

const invalid = (parsed: z.ZodSafeParseError<unknown>) => {
  const first = parsed.error.issues[0];
  return error(400, 'badRequest', `Invalid body: ${first?.path.join('.') || 'body'} ${first?.message ?? ''}`.trim());
};

/**
 * The token checked for the calling device now, and for the function it names (`funcCode`, when the device says
 * which it is about to run): the parsed token, or why not (the check's `reason`).
 */
async function checked(
  s: Services,
  call: DdiExtensionCall,
  token: string,
  funcCode: string | undefined,
): Promise<{ ok: true; token: ParsedToken } | { ok: false; reason: string }> {
  const verified = await verifyFuncToken(s, propertyTenant(call.pno), token, call.deviceId, s.now());
  if (!verified.ok) return { ok: false, reason: verified.fault };
  if (funcCode !== undefined && verified.token.claims.fn !== funcCode) return { ok: false, reason: 'wrongFunction' };
  return verified;
}

/** `POST …/keelSecurity/check` `{token, funcCode?}`: whether the token allows its function now (the decision again). */
export async function check(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = keelSecurityCheck.safeParse(call.body);
  if (!parsed.success) return invalid(parsed);
  const answer = (allowed: boolean, reason: string): DdiExtensionAnswer => ({
    status: 200,
    body: { allowed, reason } satisfies KeelSecurityCheckAnswer,
  });
  const result = await checked(s, call, parsed.data.token, parsed.data.funcCode);
  if (!result.ok) return answer(false, result.reason);
  const { claims } = result.token;
  const decision = await decide(s, propertyTenant(call.pno), {
    uid: claims.sub,
    funcId: claims.fid,
    deviceId: call.deviceId,
    now: s.now(),
    draw: false,
  });
  if (decision.allowed) return answer(true, '');
  const reason =
    decision.reason === 'funcNotFound' || decision.reason === 'deviceNotFound' ? 'notFound' : decision.reason;
  return answer(false, reason);
}

/** The answer to a use report refused for `reason` (a check's reason), in the protocol's style. */
function useRefused(reason: string): DdiExtensionAnswer {
  if (reason === 'wrongDevice' || reason === 'wrongProperty')
    return error(403, 'forbidden', `The token is not for this device (${reason})`);
  return error(400, 'badRequest', `The token is not valid now (${reason})`);
}

/** `POST …/keelSecurity/uses` `{token, responseCode, funcCode?}`: records the use, once per token (`jti`). */
export async function reportUse(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = keelSecurityUse.safeParse(call.body);
  if (!parsed.success) return invalid(parsed);
  const result = await checked(s, call, parsed.data.token, parsed.data.funcCode);
  if (!result.ok) return useRefused(result.reason);
  const t = propertyTenant(call.pno);
  const { claims } = result.token;
  const responses = (await responsesOf(s.db, t, [claims.fid])).get(claims.fid) ?? [];
  if (!responses.some((r) => r.code === parsed.data.responseCode))
    return error(400, 'badRequest', `The function ${claims.fn} has no response ${parsed.data.responseCode}`);
  const recordId = newId();
  const now = s.now();
  try {
    await insertRecord(s.db, t, {
      record_id: recordId,
      sid: claims.sid,
      func_id: claims.fid,
      device_id: call.deviceId,
      uid: claims.sub,
      kind: 'use',
      source: '',
      nonce: claims.jti,
      pool_id: null,
      response_code: parsed.data.responseCode,
      reason: '',
      not_before: claims.nbf * 1000,
      expires_at: claims.exp * 1000,
      created_at: now,
    });
  } catch (e) {
    // The unique index `security_func_records_nonce`: one use per token.
    if (isUniqueViolation(e)) return error(409, 'conflict', 'A use of this token was reported already');
    throw e;
  }
  await appendAudit(s.db, {
    at: now,
    actor_uid: null,
    pno: call.pno,
    endpoint: 'ddi/keelSecurity/uses',
    target: recordId,
    result: 0,
    address: call.ip,
    request_id: call.requestId,
  }).catch((err) => s.log.error({ err, reqId: call.requestId }, 'audit write failed'));
  return { status: 200 };
}
