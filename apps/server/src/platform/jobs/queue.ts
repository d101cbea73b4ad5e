import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../db/connect';
import { isUniqueViolation } from '../db/sql-helpers';
import { newId } from '../ids';
import type { JobsTable } from './tables';

/** A job as a worker sees it. */
export interface Job {
  id: string;
  kind: string;
  payload: unknown;
  /** This claim's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  /** Not before this time (epoch ms); now by default. */
  runAt?: number;
  /** Runs, the first included; 5 by default. */
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueuing another answers that job's id. */
  dedupeKey?: string;
  /**
   * The caller's open transaction: the job is written in it, so it exists only if the transaction commits (and a
   * write inside a SQLite transaction never waits on the one connection it holds). Not with `dedupeKey`: a
   * duplicate would abort a PostgreSQL transaction.
   */
  trx?: Db;
}

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * The SQL of the job queue (one `jobs` table, migration 0009), the same on SQLite and PostgreSQL except the claim:
 * PostgreSQL picks due rows `FOR UPDATE SKIP LOCKED`, so concurrent workers never wait on or take each other's
 * rows; SQLite has one writer, and its claim is a single UPDATE … RETURNING statement.
 */
export function jobStore(db: Db, dialect: Dialect) {
  return {
    async enqueue(kind: string, payload: unknown, now: number, o: EnqueueOptions = {}): Promise<string> {
      const id = newId();
      const row = {
        id,
        kind,
        payload: JSON.stringify(payload ?? null),
        status: 'queued' as const,
        run_at: o.runAt ?? now,
        max_attempts: Math.max(1, o.maxAttempts ?? DEFAULT_MAX_ATTEMPTS),
        dedupe_key: o.dedupeKey ?? null,
        locked_by: null,
        locked_until: null,
        progress: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      };
      if (o.trx) {
        if (o.dedupeKey) throw new Error('enqueue: dedupeKey cannot be used inside a transaction');
        await o.trx.insertInto('jobs').values(row).execute();
        return id;
      }
      try {
        await db.insertInto('jobs').values(row).execute();
        return id;
      } catch (error) {
        if (!o.dedupeKey || !isUniqueViolation(error)) throw error;
        const open = await db
          .selectFrom('jobs')
          .select('id')
          .where('dedupe_key', '=', o.dedupeKey)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (open) return open.id;
        throw error;
      }
    },

    /**
     * Claims up to `limit` due jobs of `kinds` for `worker` until `now + leaseMs`: queued jobs whose time has
     * come, and running jobs whose lease ran out (their worker died) with attempts left.
     */
    async claim(worker: string, kinds: readonly string[], limit: number, now: number, leaseMs: number): Promise<Job[]> {
      if (kinds.length === 0 || limit <= 0) return [];
      const due = db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<=', now)]),
          ]),
        )
        .where((eb) => eb('attempts', '<', eb.ref('max_attempts')))
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit);
      const rows = await db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_by: worker,
          locked_until: now + leaseMs,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .execute();
      return rows
        .map((r) => ({
          id: r.id,
          kind: r.kind,
          payload: JSON.parse(r.payload) as unknown,
          attempt: Number(r.attempts),
          maxAttempts: Number(r.max_attempts),
        }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
    },

    /** Running jobs whose lease ran out with no attempts left: failed. Answers their ids. */
    async failAbandoned(now: number): Promise<string[]> {
      const rows = await db
        .updateTable('jobs')
        .set({ status: 'failed', locked_by: null, locked_until: null, last_error: 'lease expired', finished_at: now })
        .where('status', '=', 'running')
        .where('locked_until', '<=', now)
        .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** Extends the lease of a job `worker` still holds; false if it lost it. */
    async extend(id: string, worker: string, until: number, progress?: unknown): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({
          locked_until: until,
          ...(progress === undefined ? {} : { progress: JSON.stringify(progress) }),
        })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Marks a job `worker` still holds done; false if it lost it (its lease ran out and another took it). */
    async complete(id: string, worker: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ status: 'done', locked_by: null, locked_until: null, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Queues the job again at `retryAt`, or (null) fails it for good. False if `worker` lost it. */
    async fail(id: string, worker: string, now: number, error: string, retryAt: number | null): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set(
          retryAt === null
            ? {
                status: 'failed',
                locked_by: null,
                locked_until: null,
                last_error: error,
                finished_at: now,
                updated_at: now,
              }
            : {
                status: 'queued',
                locked_by: null,
                locked_until: null,
                last_error: error,
                run_at: retryAt,
                updated_at: now,
              },
        )
        .where('id', '=', id)
        .where('locked_by', '=', worker)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    find: (id: string): Promise<Selectable<JobsTable> | undefined> =>
      db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export type JobStore = ReturnType<typeof jobStore>;
