import {
  SECURITY_ALGORITHM_DEFAULT,
  SECURITY_ALGORITHMS,
  type SecurityAlgorithm,
  type SecuritySettingItem,
  TOKEN_TTL_DEFAULT,
} from '@keel/contract/endpoints/security-settings';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { securityCertificate } from '../signing/reads';
import type { Caller } from './caller';
import * as repo from './settings-repo';

/**
 * How a property's tokens are signed (README "The proof a device checks"): the algorithm (`ES256` by default) and the
 * lifetime (300 s by default), and both certificates devices verify with (the signing service makes each key and its
 * certificate on first use).
 */

export interface TokenSettings {
  algorithm: SecurityAlgorithm;
  tokenTtlSeconds: number;
  updatedAt: number | null;
}

export async function tokenSettings(s: Services, t: Tenant): Promise<TokenSettings> {
  const row = await repo.findSettings(s.db, t);
  if (!row) return { algorithm: SECURITY_ALGORITHM_DEFAULT, tokenTtlSeconds: TOKEN_TTL_DEFAULT, updatedAt: null };
  return {
    algorithm: row.algorithm as SecurityAlgorithm,
    tokenTtlSeconds: Number(row.token_ttl_seconds),
    updatedAt: Number(row.updated_at),
  };
}

/** Both certificates, ES256 first. */
export const securityCertificates = (s: Services, t: Tenant) =>
  Promise.all(SECURITY_ALGORITHMS.map(async (alg) => ({ alg, ...(await securityCertificate(s, t, alg)) })));

export async function getSetting(s: Services, t: Tenant): Promise<SecuritySettingItem> {
  const [settings, certificates] = await Promise.all([tokenSettings(s, t), securityCertificates(s, t)]);
  return {
    algorithm: settings.algorithm,
    tokenTtlSeconds: settings.tokenTtlSeconds,
    certificates: certificates.map((c) => ({
      alg: c.alg,
      pem: c.pem,
      keyId: c.keyId,
      fingerprint: c.fingerprint,
      subject: c.subject,
      notBefore: c.notBefore,
      notAfter: c.notAfter,
    })),
    updateTime: settings.updatedAt,
  };
}

export async function saveSetting(
  s: Services,
  c: Caller,
  input: { algorithm: SecurityAlgorithm; tokenTtlSeconds: number },
): Promise<SecuritySettingItem> {
  await repo.saveSettings(s.db, c.t, { ...input, uid: c.uid, now: s.now() });
  return getSetting(s, c.t);
}
