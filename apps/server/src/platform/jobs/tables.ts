import type { Generated } from 'kysely';

/** The tables platform/jobs owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface JobsTables {
  jobs: JobsTable;
}

/** The durable job queue (platform/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Not before this time (epoch ms): the first run, or the next retry. */
  run_at: number;
  /** Claims so far. */
  attempts: Generated<number>;
  max_attempts: number;
  /** Unique among jobs not yet finished: a second enqueue answers the first job. */
  dedupe_key: string | null;
  locked_by: string | null;
  /** The lease: past it, another worker may claim the job again. */
  locked_until: number | null;
  /** JSON text of the last progress the handler reported. */
  progress: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}
