import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { containsCi } from '../db/sql-helpers';

/** What modules read of `audit_log`: the back office's pages of records (modules/audit). */

export interface AuditFilter {
  pno?: string;
  /** Records by any of these uids (the caller resolves a phone number to its user's uid). */
  actorUids?: readonly string[];
  /** Text contained in the endpoint path, case-insensitive. */
  endpoint?: string;
  /** Inclusive epoch-ms bounds on the record's time. */
  from?: number;
  to?: number;
  /** -1 all, 0 success, 1 failure. */
  result: number;
}

const where = (f: AuditFilter) => (eb: ExpressionBuilder<Database, 'audit_log'>) => {
  const parts = [];
  // not a tenant filter: the operator's filter of the audit log, which is not a property's table
  if (f.pno) parts.push(eb('audit_log.pno', '=', f.pno));
  if (f.actorUids) parts.push(eb('audit_log.actor_uid', 'in', f.actorUids));
  if (f.endpoint) parts.push(containsCi('audit_log.endpoint', f.endpoint));
  if (f.from !== undefined) parts.push(eb('audit_log.at', '>=', f.from));
  if (f.to !== undefined) parts.push(eb('audit_log.at', '<=', f.to));
  if (f.result === 0) parts.push(eb('audit_log.result', '=', 0));
  if (f.result === 1) parts.push(eb('audit_log.result', '<>', 0));
  return eb.and(parts);
};

/** A page of records, newest (highest sequence) first. */
export async function listAudit(db: Db, f: AuditFilter, pageNum: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select([
        'audit_log.seq',
        'audit_log.at',
        'audit_log.actor_uid',
        'audit_log.pno',
        'audit_log.endpoint',
        'audit_log.target',
        'audit_log.result',
        'audit_log.address',
      ])
      .where(where(f))
      .orderBy('audit_log.seq', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where(f))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
