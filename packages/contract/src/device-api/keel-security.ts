import { z } from 'zod';
import { SECURITY_ALGORITHMS } from '../endpoints/security-settings';
import { type DeviceApiEndpoint, ddiError, ddiParams } from './ddi';
import { menderError } from './mender';

/**
 * Keel's extension of the device API for the security chain (apps/server/src/modules/security-chain/README.md "The
 * proof a device checks"): a device fetches the certificates it verifies short-lived function authorisations with
 * (offline), may ask the server to check a token now (online: the signature, the times, that it names the calling
 * device, and the decision taken again), and reports each use with the function's response. Over hawkBit DDI (under
 * the controller's URL) and Mender's API (a device token): the same resources at two addresses.
 */

/** A token: a compact JWS (`header.payload.signature`, base64url). */
const token = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'a compact JWS');

export const keelSecurityCertificates = z.object({
  /** The algorithm the property signs new tokens with. */
  algorithm: z.enum(SECURITY_ALGORITHMS),
  /** Both certificates: a token's header `alg` and `kid` say which one verifies it. */
  certificates: z.array(
    z.object({
      alg: z.enum(SECURITY_ALGORITHMS),
      kid: z.string(),
      pem: z.string(),
      notBefore: z.number().int(),
      notAfter: z.number().int(),
    }),
  ),
});
export type KeelSecurityCertificates = z.output<typeof keelSecurityCertificates>;

/** The function code a device is about to run: a token for another function is refused (`wrongFunction`). */
const funcCode = z.string().min(1).max(64).optional();

export const keelSecurityCheck = z.object({ token, funcCode });
/**
 * `reason`: '' when allowed; else why not — `badToken` (malformed or signature), `expired`, `notYetValid`,
 * `wrongProperty`, `wrongDevice`, `wrongFunction`, or the decision's refusal (`funcNotGrantedUser`, `funcNotGrantedDevice`,
 * `grantPoolDisabled`, `notFound` for a function that is gone).
 */
export const keelSecurityCheckAnswer = z.object({ allowed: z.boolean(), reason: z.string() });
export type KeelSecurityCheckAnswer = z.output<typeof keelSecurityCheckAnswer>;

export const keelSecurityUse = z.object({
  token,
  funcCode,
  /** One of the function's response codes. */
  responseCode: z.string().min(1).max(32),
});
export type KeelSecurityUse = z.output<typeof keelSecurityUse>;

const answers = {
  certificate: (error: z.ZodType) => ({
    200: { description: 'Both certificates and the current algorithm (ETag)', schema: keelSecurityCertificates },
    304: { description: 'Unchanged since the `If-None-Match` ETag', schema: null },
    401: { description: 'No valid device credential', schema: error },
    404: { description: "The device's property has no security chain", schema: error },
    429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: error },
  }),
  check: (error: z.ZodType) => ({
    200: { description: 'Whether the token allows its function now, and why not', schema: keelSecurityCheckAnswer },
    400: { description: 'The body is not a token', schema: error },
    401: { description: 'No valid device credential', schema: error },
    404: { description: "The device's property has no security chain", schema: error },
    429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: error },
  }),
  uses: (error: z.ZodType) => ({
    200: { description: 'Recorded', schema: null },
    400: {
      description: 'Not a valid report: a token that does not verify, expired, or a response the function lacks',
      schema: error,
    },
    401: { description: 'No valid device credential', schema: error },
    403: { description: 'The token names another device or property', schema: error },
    409: { description: 'A use of this token (`jti`) was reported already', schema: error },
    429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: error },
  }),
};

/** Over hawkBit DDI, under the controller's URL. */
export const keelSecurityDdiEndpoints = {
  keelSecurityCertificate: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/keelSecurity/certificate',
    summary: 'Keel extension: the certificates function authorisations are verified with, and the current algorithm',
    params: ddiParams,
    responses: answers.certificate(ddiError),
  },
  keelSecurityCheck: {
    method: 'POST',
    path: '/{tenant}/controller/v1/{controllerId}/keelSecurity/check',
    summary: 'Keel extension: check a function authorisation now (signature, times, device, the decision again)',
    params: ddiParams,
    body: keelSecurityCheck,
    responses: answers.check(ddiError),
  },
  keelSecurityUses: {
    method: 'POST',
    path: '/{tenant}/controller/v1/{controllerId}/keelSecurity/uses',
    summary: "Keel extension: report a use of a function authorisation with the function's response (once per token)",
    params: ddiParams,
    body: keelSecurityUse,
    responses: answers.uses(ddiError),
  },
} as const satisfies Record<string, DeviceApiEndpoint>;

/** The same resources over Mender's device API (a device token). */
export const keelSecurityMenderEndpoints = {
  menderKeelSecurityCertificate: {
    method: 'GET',
    path: '/api/devices/v1/keel/security/certificate',
    summary: 'Keel extension: the certificates function authorisations are verified with (as the DDI one)',
    params: z.object({}),
    protocol: 'mender',
    responses: answers.certificate(menderError),
  },
  menderKeelSecurityCheck: {
    method: 'POST',
    path: '/api/devices/v1/keel/security/check',
    summary: 'Keel extension: check a function authorisation now (as the DDI one)',
    params: z.object({}),
    protocol: 'mender',
    body: keelSecurityCheck,
    responses: answers.check(menderError),
  },
  menderKeelSecurityUses: {
    method: 'POST',
    path: '/api/devices/v1/keel/security/uses',
    summary: 'Keel extension: report a use of a function authorisation (as the DDI one)',
    params: z.object({}),
    protocol: 'mender',
    body: keelSecurityUse,
    responses: answers.uses(menderError),
  },
} as const satisfies Record<string, DeviceApiEndpoint>;
