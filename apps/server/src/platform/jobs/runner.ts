import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../db/connect';
import { newId } from '../ids';
import type { EventBus } from '../realtime/bus';
import { type EnqueueOptions, type Job, jobStore } from './queue';

export interface JobContext {
  job: Job;
  /** Aborted when this worker lost the job (its lease ran out and another took it) or the app stops. */
  signal: AbortSignal;
  /** Records progress, publishes it on the realtime bus (`job:<id>`) and extends the lease. */
  progress(progress: unknown): Promise<void>;
}

export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

/** What subscribers of `job:<id>` and `jobs:<kind>` receive. */
export interface JobEvent {
  type: 'job';
  id: string;
  kind: string;
  status: 'running' | 'progress' | 'done' | 'retry' | 'failed';
  attempt: number;
  progress?: unknown;
  error?: string;
  /** When a retry runs. */
  runAt?: number;
}

export interface JobQueueOptions {
  /** Jobs this instance runs at once; 0 runs none (enqueue only). */
  concurrency: number;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** How long a claim lasts without a heartbeat; a killed worker's job is taken again after it. */
  leaseMs: number;
  /** The first retry's delay; each later one doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const defaultJobOptions: JobQueueOptions = {
  concurrency: 4,
  pollMs: 1000,
  leaseMs: 30_000,
  backoffMs: 1000,
  maxBackoffMs: 3_600_000,
};

/** The delay before retry number `attempt` (1 after the first failure): exponential, capped. */
export const backoffDelay = (attempt: number, o: Pick<JobQueueOptions, 'backoffMs' | 'maxBackoffMs'>) =>
  Math.min(o.maxBackoffMs, o.backoffMs * 2 ** Math.max(0, attempt - 1));

export interface JobQueue {
  readonly workerId: string;
  /** Handlers are registered per kind; only registered kinds are claimed by this instance. */
  register(kind: string, handler: JobHandler): void;
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<string>;
  /** Starts polling (the server does on start; tests drive `runDue`). */
  start(): void;
  /** Claims the due jobs this instance has room for, runs them, and resolves when they have finished. */
  runDue(): Promise<number>;
  /** Stops claiming, lets running jobs finish (up to `graceMs`), then aborts the rest (their lease lets another instance retry them). */
  stop(graceMs?: number): Promise<void>;
}

interface Deps {
  db: Db;
  dialect: Dialect;
  bus: EventBus;
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * A durable job queue over the `jobs` table (architecture §7): any instance can take any job; a job is claimed with a
 * lease that a heartbeat extends while it runs; a failure is retried with exponential back-off until its attempts
 * run out; progress and outcomes are published on the realtime bus.
 */
export function createJobQueue(deps: Deps, options: Partial<JobQueueOptions> = {}): JobQueue {
  const o = { ...defaultJobOptions, ...options };
  const store = jobStore(deps.db, deps.dialect);
  const handlers = new Map<string, JobHandler>();
  const running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  const workerId = `${hostname()}:${process.pid}:${newId()}`;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;
  let ticking: Promise<number> | undefined;

  const publish = async (event: JobEvent) => {
    try {
      await deps.bus.publish(`job:${event.id}`, event);
      await deps.bus.publish(`jobs:${event.kind}`, event);
    } catch (error) {
      deps.log.warn({ err: error, job: event.id }, 'job event not published');
    }
  };

  async function execute(job: Job, abort: AbortController): Promise<void> {
    const handler = handlers.get(job.kind);
    const heartbeat = setInterval(
      () => {
        store
          .extend(job.id, workerId, deps.now() + o.leaseMs)
          .then((held) => {
            if (!held) abort.abort(new Error('lease lost'));
          })
          .catch(() => {});
      },
      Math.max(10, Math.floor(o.leaseMs / 3)),
    );
    heartbeat.unref();
    await publish({ type: 'job', id: job.id, kind: job.kind, status: 'running', attempt: job.attempt });
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler(job.payload, {
        job,
        signal: abort.signal,
        async progress(progress) {
          const held = await store.extend(job.id, workerId, deps.now() + o.leaseMs, progress);
          if (!held) abort.abort(new Error('lease lost'));
          await publish({
            type: 'job',
            id: job.id,
            kind: job.kind,
            status: 'progress',
            attempt: job.attempt,
            progress,
          });
        },
      });
      clearInterval(heartbeat);
      if (await store.complete(job.id, workerId, deps.now())) {
        await publish({ type: 'job', id: job.id, kind: job.kind, status: 'done', attempt: job.attempt });
      }
    } catch (e) {
      clearInterval(heartbeat);
      const error = e instanceof Error ? e.message : String(e);
      const retryAt = job.attempt < job.maxAttempts ? deps.now() + backoffDelay(job.attempt, o) : null;
      if (await store.fail(job.id, workerId, deps.now(), error.slice(0, 2000), retryAt)) {
        if (retryAt === null) deps.log.warn({ job: job.id, kind: job.kind, error }, 'job failed for good');
        await publish({
          type: 'job',
          id: job.id,
          kind: job.kind,
          status: retryAt === null ? 'failed' : 'retry',
          attempt: job.attempt,
          error,
          ...(retryAt === null ? {} : { runAt: retryAt }),
        });
      }
    }
  }

  /** One pass: fail abandoned jobs, claim what there is room for, start them. Answers the started runs. */
  async function claimAndStart(): Promise<Array<Promise<void>>> {
    if (stopped || handlers.size === 0) return [];
    const now = deps.now();
    for (const id of await store.failAbandoned(now)) {
      const row = await store.find(id);
      if (row)
        await publish({
          type: 'job',
          id,
          kind: row.kind,
          status: 'failed',
          attempt: row.attempts,
          error: 'lease expired',
        });
    }
    const room = o.concurrency - running.size;
    if (room <= 0) return [];
    const jobs = await store.claim(workerId, [...handlers.keys()], room, now, o.leaseMs);
    return jobs.map((job) => {
      const abort = new AbortController();
      const promise = execute(job, abort).finally(() => {
        running.delete(job.id);
        if (started && !stopped) schedule(0);
      });
      running.set(job.id, { promise, abort });
      return promise;
    });
  }

  function schedule(delay: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      tick().finally(() => {
        if (started && !stopped && !timer) schedule(o.pollMs);
      });
    }, delay);
    timer.unref();
  }

  async function tick(): Promise<number> {
    if (ticking) return ticking;
    ticking = claimAndStart()
      .then((runs) => runs.length)
      .catch((error) => {
        deps.log.error({ err: error }, 'job claim failed');
        return 0;
      })
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async enqueue(kind, payload, options) {
      const id = await store.enqueue(kind, payload, deps.now(), options);
      if (started && !stopped && handlers.has(kind)) schedule(0);
      return id;
    },
    start() {
      if (started || o.concurrency <= 0) return;
      started = true;
      schedule(0);
    },
    async runDue() {
      const runs = await claimAndStart();
      await Promise.allSettled(runs);
      return runs.length;
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
      const all = [...running.values()];
      let grace: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled(all.map((r) => r.promise)), timedOut]);
      clearTimeout(grace);
      for (const r of running.values()) r.abort.abort(new Error('stopping'));
    },
  };
}
