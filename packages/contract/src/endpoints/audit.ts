import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { int, optionalText, pageOf, pageQuery } from '../envelope';

/**
 * The audit log (architecture §5: every state-changing call is recorded, hash-chained) as the back office reads it.
 * Model: apps/server/src/modules/audit/README.md.
 */

/** An optional text filter arriving as a query string, where an empty text means "none". */

/** An optional epoch-ms bound; an empty text means "none". */
const optionalTime = () =>
  z
    .union([z.literal(''), int().pipe(z.number().min(0))])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const AUDIT_RESULTS = { all: -1, success: 0, failure: 1 } as const;

export const auditRecord = z.object({
  /** The record's place in the chain (newest is highest). */
  seq: z.string(),
  time: z.number().int(),
  /** null for calls made before sign-in (e.g. a failed sign-in). */
  actorUid: z.string().nullable(),
  actorName: z.string().nullable(),
  actorPhoneNum: z.string().nullable(),
  pno: z.string().nullable(),
  propertyName: z.string().nullable(),
  endpoint: z.string(),
  /** The ids the call changed, as the module wrote them. */
  target: z.string().nullable(),
  /** The call's status: 0 success, otherwise the status code it answered. */
  result: z.number(),
  address: z.string(),
});
export type AuditRecord = z.output<typeof auditRecord>;

export const auditEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'audit/getAuditRecordList',
    ours: true,
    summary:
      'Audit records (operators), newest first; filters: `filterPno`, `actor` (uid or phone), `endpoint` (text in the path), `startTime`–`endTime` (epoch ms, inclusive), `result` (-1 all, 0 success, 1 failure)',
    access: { kind: 'platform' },
    input: pageQuery().extend({
      filterPno: optionalText(64),
      actor: optionalText(64),
      endpoint: optionalText(100),
      startTime: optionalTime(),
      endTime: optionalTime(),
      result: int()
        .pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)]))
        .default(AUDIT_RESULTS.all),
    }),
    output: pageOf(auditRecord),
  }),
);
