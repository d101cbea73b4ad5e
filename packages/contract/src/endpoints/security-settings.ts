import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { int } from '../envelope';

/**
 * How a property's short-lived function authorisations are signed (`security/`): the algorithm (ES256, or SM2 with
 * SM3) and the lifetime of a token, and the two certificates devices verify tokens with. Model:
 * apps/server/src/modules/security-chain/README.md "The proof a device checks".
 */

export const SECURITY_SETTING_PERMISSIONS = {
  /** The security page: reads the settings and the certificates. */
  read: 'manage.securityList',
  /** Changes the algorithm and the lifetime. */
  edit: 'manage.securityList.edit',
} as const;

/** The JWS `alg` of a token: ECDSA P-256 with SHA-256, or SM2 with SM3 (ours: no JWS name is registered for SM2). */
export const SECURITY_ALGORITHMS = ['ES256', 'SM2SM3'] as const;
export type SecurityAlgorithm = (typeof SECURITY_ALGORITHMS)[number];

/** A token's lifetime, seconds: `exp - nbf`. */
export const TOKEN_TTL_MIN = 30;
export const TOKEN_TTL_MAX = 86_400;
export const TOKEN_TTL_DEFAULT = 300;
export const SECURITY_ALGORITHM_DEFAULT: SecurityAlgorithm = 'ES256';

export const securityCertificateItem = z.object({
  alg: z.enum(SECURITY_ALGORITHMS),
  /** The self-signed certificate (PEM) devices verify this algorithm's tokens with. */
  pem: z.string(),
  /** The token header's `kid`. */
  keyId: z.string(),
  /** SHA-256 of the certificate's DER, upper-case hex with colons. */
  fingerprint: z.string(),
  subject: z.string(),
  /** Validity, epoch ms. */
  notBefore: z.number().int(),
  notAfter: z.number().int(),
});
export type SecurityCertificateItem = z.output<typeof securityCertificateItem>;

export const securitySettingItem = z.object({
  algorithm: z.enum(SECURITY_ALGORITHMS),
  tokenTtlSeconds: z.number().int(),
  /** Both certificates, ES256 first. */
  certificates: z.array(securityCertificateItem),
  /** When the settings were last saved (epoch ms), null while they are the defaults. */
  updateTime: z.number().int().nullable(),
});
export type SecuritySettingItem = z.output<typeof securitySettingItem>;

export const securitySettingEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'security/getSecuritySetting',
    summary:
      "The property's token settings (algorithm, lifetime) and both certificates devices verify tokens with (PEM, fingerprint, validity)",
    access: { kind: 'property', permission: SECURITY_SETTING_PERMISSIONS.read, business: 'security' },
    input: z.object({}),
    output: securitySettingItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'security/saveSecuritySetting',
    summary: 'Choose the algorithm tokens are signed with (ES256 or SM2SM3) and their lifetime (30 to 86 400 s)',
    access: { kind: 'property', permission: SECURITY_SETTING_PERMISSIONS.edit, business: 'security' },
    input: z.object({
      algorithm: z.enum(SECURITY_ALGORITHMS),
      tokenTtlSeconds: int().pipe(z.number().int().min(TOKEN_TTL_MIN).max(TOKEN_TTL_MAX)),
    }),
    output: securitySettingItem,
    ours: true,
  }),
);
