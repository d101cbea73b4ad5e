import { createHash } from 'node:crypto';
import type { Db } from '../db/connect';
import { advanceCounter, counterValue } from '../db/counters';
import type { AuditLogTable } from './tables';

export type AuditEntry = Omit<AuditLogTable, 'seq' | 'prev_hash' | 'hash'>;

const GENESIS = '0'.repeat(64);

function hashOf(seq: number, prev: string, e: AuditEntry): string {
  const fields = [
    seq,
    e.at,
    e.actor_uid ?? '',
    e.pno ?? '',
    e.endpoint,
    e.target ?? '',
    e.result,
    e.address,
    e.request_id,
    prev,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends one record, hash-chained to the previous one. The counter row serialises writers: the update takes
 * its row lock on PostgreSQL, and SQLite has one writer anyway.
 */
export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const seq = await advanceCounter(trx, 'audit', 1);
    const prev = await trx
      .selectFrom('audit_log')
      .select('hash')
      .where('seq', '=', seq - 1)
      .executeTakeFirst();
    const prevHash = prev?.hash ?? GENESIS;
    await trx
      .insertInto('audit_log')
      .values({ ...entry, seq, prev_hash: prevHash, hash: hashOf(seq, prevHash, entry) })
      .execute();
  });
}

export interface AuditVerdict {
  ok: boolean;
  records: number;
  /** The first record whose link or hash does not match. */
  brokenAt?: number;
}

/** Walks the chain in order, in batches, recomputing every hash. */
export async function verifyAudit(db: Db): Promise<AuditVerdict> {
  let prevHash = GENESIS;
  let expectedSeq = 1;
  let records = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(1000)
      .execute();
    if (rows.length === 0) {
      // A truncated tail leaves the counter ahead of the records.
      const written = await counterValue(db, 'audit');
      return written === records ? { ok: true, records } : { ok: false, records, brokenAt: records + 1 };
    }
    for (const row of rows) {
      const { seq, prev_hash, hash, ...entry } = row;
      if (Number(seq) !== expectedSeq || prev_hash !== prevHash || hash !== hashOf(Number(seq), prevHash, entry)) {
        return { ok: false, records, brokenAt: expectedSeq };
      }
      prevHash = hash;
      expectedSeq += 1;
      records += 1;
    }
  }
}
