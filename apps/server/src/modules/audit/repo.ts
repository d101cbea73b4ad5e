import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Database } from '../../platform/db/schema';
import { containsCi } from '../../platform/db/sql-helpers';

export interface AuditFilter {
  pno?: string;
  /** A uid or a phone number. */
  actor?: string;
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
  if (f.actor) {
    const actor = f.actor;
    parts.push(
      eb.or([
        eb('audit_log.actor_uid', '=', actor),
        eb('audit_log.actor_uid', 'in', eb.selectFrom('users').select('users.uid').where('users.phone', '=', actor)),
      ]),
    );
  }
  if (f.endpoint) parts.push(containsCi('audit_log.endpoint', f.endpoint));
  if (f.from !== undefined) parts.push(eb('audit_log.at', '>=', f.from));
  if (f.to !== undefined) parts.push(eb('audit_log.at', '<=', f.to));
  if (f.result === 0) parts.push(eb('audit_log.result', '=', 0));
  if (f.result === 1) parts.push(eb('audit_log.result', '<>', 0));
  return eb.and(parts);
};

/** A page of records, newest (highest sequence) first, with the actor's and the property's names. */
export async function listAudit(db: Db, f: AuditFilter, pageNum: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.uid', 'audit_log.actor_uid')
      .leftJoin('properties', 'properties.pno', 'audit_log.pno')
      .select([
        'audit_log.seq',
        'audit_log.at',
        'audit_log.actor_uid',
        'audit_log.pno',
        'audit_log.endpoint',
        'audit_log.target',
        'audit_log.result',
        'audit_log.address',
        'users.name as actor_name',
        'users.phone as actor_phone',
        'properties.name as property_name',
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
