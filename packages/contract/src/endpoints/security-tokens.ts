import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { ref } from '../refs';
import { SECURITY_ALGORITHMS } from './security-settings';

/**
 * Short-lived function authorisations (`seclink/channel/`): a member asks to use a function on a device; the server
 * decides (privileged user, white lists, user and device authorisations, the function's grant pool) and, when allowed,
 * answers a signed token the device verifies offline. Model: apps/server/src/modules/security-chain/README.md "The
 * decision" and "The proof a device checks".
 */

/** What allowed a token: a privileged user, a white list, or a user and a device authorisation (from the pool). */
export const TOKEN_SOURCES = ['privileged', 'whiteList', 'grant'] as const;
export type TokenSource = (typeof TOKEN_SOURCES)[number];

/** Tokens one member may ask for per minute (each is a decision, a signature and a record). */
export const TOKEN_ISSUES_PER_MINUTE = 120;

export const funcTokenItem = z.object({
  /** The compact JWS the device verifies. */
  token: z.string(),
  alg: z.enum(SECURITY_ALGORITHMS),
  /** The token's `jti`. */
  nonce: z.string(),
  /** The token's window, epoch ms (`nbf`, `exp`). */
  notBefore: z.number().int(),
  expiresAt: z.number().int(),
  source: z.enum(TOKEN_SOURCES),
  /** The issue's record. */
  recordId: z.string(),
});
export type FuncTokenItem = z.output<typeof funcTokenItem>;

export const securityTokenEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'seclink/channel/issueFuncToken',
    summary:
      'Ask for a short-lived signed authorisation to use a function on a device: decided for the caller now (a refusal says why), drawn from the grant pool where one applies, recorded and audited',
    // Any member of a property with the security chain: the decision is the check.
    access: { kind: 'property', business: 'security' },
    input: z.object({ deviceId: ref('device'), funcId: ref('securityFunc') }),
    output: funcTokenItem,
    ours: true,
  }),
);
