// Where a process's time stood still: its event loop's delay (perf_hooks' histogram, 1 ms resolution... of its
// sampling timer: a blocked loop shows as one long delay) and V8's garbage-collection pauses, over a window. Each
// server child measures its own and answers `stalls` over IPC (servers/ipc.ts); the paced load generator measures
// its own (paced.ts). A p99 of the requests far above the server's loop delay then points at the generator, and
// one at the server's GC or a blocking job shows as its loop's max.
import { readFileSync } from 'node:fs';
import { type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface Stalls {
  /** Event-loop delay over the window, ms. */
  loopP99Ms: number;
  loopMaxMs: number;
  /** GC pauses over the window: count, sum and longest (ms), and the longest's kind (`minor`, `major`, …). */
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  gcMaxKind: string;
  /**
   * How long the main thread was ready to run but waited for a CPU (Linux's schedstat run-queue time), ms; null
   * where the kernel does not say. High when the machine's cores are busy with other threads, this process's or not.
   */
  waitedMs: number | null;
}

/** The calling thread's run-queue time so far (ns; the second field of /proc/thread-self/schedstat), or null. */
function runQueueNanos(): number | null {
  try {
    const waited = Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]);
    return Number.isFinite(waited) ? waited : null;
  } catch {
    return null;
  }
}

const GC_KINDS: Record<number, string> = { 1: 'major', 2: 'minor', 4: 'incremental', 8: 'weakcb' };

/** Starts measuring; `take()` answers what happened since the last take (or the start) and starts a new window. */
export function stallMonitor(): { take(): Stalls; stop(): void } {
  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let gc = { count: 0, total: 0, max: 0, maxKind: '' };
  let waitedBefore = runQueueNanos();
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.total += entry.duration;
      if (entry.duration > gc.max) {
        gc.max = entry.duration;
        const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
        gc.maxKind = GC_KINDS[kind] ?? String(kind);
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    take() {
      const out: Stalls = {
        loopP99Ms: loop.count ? loop.percentile(99) / 1e6 : 0,
        loopMaxMs: loop.count ? loop.max / 1e6 : 0,
        gcCount: gc.count,
        gcTotalMs: gc.total,
        gcMaxMs: gc.max,
        gcMaxKind: gc.maxKind,
        waitedMs: null,
      };
      const waited = runQueueNanos();
      if (waited !== null && waitedBefore !== null) out.waitedMs = (waited - waitedBefore) / 1e6;
      waitedBefore = waited;
      loop.reset();
      gc = { count: 0, total: 0, max: 0, maxKind: '' };
      return out;
    },
    stop() {
      loop.disable();
      observer.disconnect();
    },
  };
}

/** One line for the progress log. */
export const describeStalls = (who: string, s: Stalls): string =>
  `${who}: event-loop delay p99 ${s.loopP99Ms.toFixed(1)} ms, max ${s.loopMaxMs.toFixed(1)} ms; ` +
  `GC ${s.gcCount} pauses, ${s.gcTotalMs.toFixed(0)} ms in all, longest ${s.gcMaxMs.toFixed(1)} ms (${s.gcMaxKind || '—'})` +
  (s.waitedMs === null ? '' : `; waited for a CPU ${s.waitedMs.toFixed(0)} ms`);
