import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { jobStore } from './queue';
import { backoffDelay, createJobQueue, type JobEvent, type JobQueueOptions } from './runner';

const quietLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describeEachDb('job queue', (env) => {
  const queue = (options: Partial<JobQueueOptions> = {}) => {
    const { db, dialect, bus } = env().app.keel;
    return createJobQueue({ db, dialect, bus, now: env().now, log: quietLog }, { backoffMs: 1000, ...options });
  };
  const row = (id: string) => jobStore(env().app.keel.db, env().app.keel.dialect).find(id);
  let n = 0;
  /** A kind of its own per test, so tests do not claim each other's jobs. */
  const kind = () => {
    n += 1;
    return `test.kind${n}`;
  };

  it('gives each job to one worker only, when two claim at once', async () => {
    const k = kind();
    const a = queue({ concurrency: 10 });
    const b = queue({ concurrency: 10 });
    const ran: Record<string, string[]> = {};
    for (const [name, q] of [
      ['a', a],
      ['b', b],
    ] as const) {
      q.register(k, async (payload) => {
        const { i } = payload as { i: number };
        ran[i] = [...(ran[i] ?? []), name];
        await new Promise((r) => setTimeout(r, 5));
      });
    }
    for (let i = 0; i < 12; i += 1) await a.enqueue(k, { i });
    const [ca, cb] = await Promise.all([a.runDue(), b.runDue()]);
    // Whatever is left after the first round (each took at most 10) goes in the next.
    const rest = (await a.runDue()) + (await b.runDue());
    expect(ca + cb + rest).toBe(12);
    expect(Object.keys(ran)).toHaveLength(12);
    for (const workers of Object.values(ran)) expect(workers).toHaveLength(1);
  });

  it('deduplicates by key while a job is open', async () => {
    const k = kind();
    const q = queue();
    q.register(k, async () => {});
    const first = await q.enqueue(k, {}, { dedupeKey: `d-${k}` });
    expect(await q.enqueue(k, {}, { dedupeKey: `d-${k}` })).toBe(first);
    await q.runDue();
    expect((await row(first))?.status).toBe('done');
    expect(await q.enqueue(k, {}, { dedupeKey: `d-${k}` })).not.toBe(first);
  });

  it("enqueues in the caller's transaction: the job exists only if it commits", async () => {
    const k = kind();
    const q = queue();
    let ran = 0;
    q.register(k, async () => {
      ran += 1;
    });
    const { db } = env().app.keel;
    const kept = await db.transaction().execute((trx) => q.enqueue(k, { n: 1 }, { trx }));
    let dropped = '';
    await expect(
      db.transaction().execute(async (trx) => {
        dropped = await q.enqueue(k, { n: 2 }, { trx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await row(dropped)).toBeUndefined();
    await q.runDue();
    expect([(await row(kept))?.status, ran]).toEqual(['done', 1]);
    await expect(q.enqueue(k, {}, { trx: db, dedupeKey: 'x' })).rejects.toThrow('dedupeKey');
  });

  it("takes a killed worker's job again once its lease has run out", async () => {
    const k = kind();
    const { db, dialect } = env().app.keel;
    const id = await queue().enqueue(k, { x: 1 });
    // A worker claims the job and dies: nothing completes or extends it.
    const [claimed] = await jobStore(db, dialect).claim('dead-worker', [k], 1, env().now(), 5000);
    expect(claimed).toMatchObject({ id, attempt: 1 });
    const survivor = queue({ leaseMs: 5000 });
    const seen: number[] = [];
    survivor.register(k, async (_payload, ctx) => {
      seen.push(ctx.job.attempt);
    });
    expect(await survivor.runDue()).toBe(0); // the lease still holds
    env().advance(5000);
    expect(await survivor.runDue()).toBe(1);
    expect(seen).toEqual([2]);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
    // The dead worker's late completion changes nothing.
    expect(await jobStore(db, dialect).complete(id, 'dead-worker', env().now())).toBe(false);
  });

  it('retries a failure with exponential back-off, then fails for good after its attempts', async () => {
    const k = kind();
    const q = queue();
    const events: JobEvent[] = [];
    const off = env().app.keel.bus.subscribe(`jobs:${k}`, (e) => events.push(e as JobEvent));
    let calls = 0;
    q.register(k, async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await q.enqueue(k, {}, { maxAttempts: 3 });
    expect(await q.runDue()).toBe(1);
    const first = await row(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1', run_at: env().now() + 1000 });
    env().advance(999);
    expect(await q.runDue()).toBe(0);
    env().advance(1);
    expect(await q.runDue()).toBe(1);
    // The second retry waits twice as long.
    expect((await row(id))?.run_at).toBe(env().now() + 2000);
    env().advance(2000);
    expect(await q.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
    env().advance(60_000);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(events.map((e) => e.status)).toEqual(['running', 'retry', 'running', 'retry', 'running', 'failed']);
    off();
    expect([1, 2, 3, 30].map((a) => backoffDelay(a, { backoffMs: 1000, maxBackoffMs: 60_000 }))).toEqual([
      1000, 2000, 4000, 60_000,
    ]);
  });

  it('publishes progress on the realtime bus and stores the last one', async () => {
    const k = kind();
    const q = queue();
    q.register(k, async (_payload, ctx) => {
      await ctx.progress({ done: 1, of: 2 });
      await ctx.progress({ done: 2, of: 2 });
    });
    const id = await q.enqueue(k, {});
    const events: JobEvent[] = [];
    const off = env().app.keel.bus.subscribe(`job:${id}`, (e) => events.push(e as JobEvent));
    await q.runDue();
    off();
    expect(events.map((e) => [e.status, e.progress])).toEqual([
      ['running', undefined],
      ['progress', { done: 1, of: 2 }],
      ['progress', { done: 2, of: 2 }],
      ['done', undefined],
    ]);
    expect(JSON.parse((await row(id))?.progress ?? 'null')).toEqual({ done: 2, of: 2 });
  });

  it('runs on its own once started, and stops gracefully, letting a running job finish', async () => {
    const k = kind();
    const q = queue({ pollMs: 20 });
    let finished = false;
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    q.register(k, async () => {
      started();
      await new Promise((r) => setTimeout(r, 50));
      finished = true;
    });
    const id = await q.enqueue(k, {});
    q.start();
    await running;
    await q.stop();
    expect(finished).toBe(true);
    expect((await row(id))?.status).toBe('done');
    // Stopped, it claims nothing more.
    await q.enqueue(k, {});
    expect(await q.runDue()).toBe(0);
  });
});
