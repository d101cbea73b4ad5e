import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { addChecks, upsertTerminal } from './public-repo';

/**
 * What update checks leave behind (README rule 5), kept in memory and written every FLUSH_MS and when the app
 * closes, so that a check writes nothing itself (it is the store's hottest path, like the device poll's sightings in
 * modules/device/runtime.ts): each installation's last report (`soft_terminals`, one upsert per installation that
 * checked meanwhile, its count added) and the checks per version, platform and day (`soft_download_stats`, one
 * upsert per key). With several instances each writes its own: the counts add up.
 */

export const FLUSH_MS = 2_000;
/** Update checks one client address may make a minute (more answer 429): offices check from one address. */
export const CHECKS_PER_ADDRESS_PER_MINUTE = 300;
const DAY = 86_400_000;
/**
 * Statements written in one transaction by a flush, then the event loop is let go: requests wait at most one batch
 * (about half a millisecond). With 50 the flush of a few thousand installations took the loop for 3 ms at a time,
 * and requests arriving meanwhile queued (paced p99 about 100 ms at half a core, bench/pc-software.ts).
 */
const BATCH = 10;
/** Installations kept between two flushes at most: past it a check is written with the next flush only by count. */
const MAX_PENDING = 100_000;

interface PendingTerminal {
  pno: string;
  softId: string;
  installId: string;
  version: string;
  os: string;
  arch: string;
  channel: string;
  address: string;
  firstSeen: number;
  lastSeen: number;
  n: number;
}

interface PendingChecks {
  pno: string;
  softId: string;
  version: string;
  os: string;
  arch: string;
  day: number;
  n: number;
}

export interface UpdateCheckRuntime {
  /** The per-address limit (the bench raises it to measure the check itself; the limiter is still consulted). */
  perAddressPerMinute: number;
  note(check: Omit<PendingTerminal, 'firstSeen' | 'lastSeen' | 'n'> & { at: number }): void;
  flush(): Promise<void>;
  start(): void;
  close(): Promise<void>;
}

const runtimes = new WeakMap<Services, UpdateCheckRuntime>();

/** The app's update-check runtime (created on first use). */
export function updateCheckRuntime(s: Services): UpdateCheckRuntime {
  let rt = runtimes.get(s);
  if (!rt) {
    rt = createRuntime(s);
    runtimes.set(s, rt);
  }
  return rt;
}

function createRuntime(s: Services): UpdateCheckRuntime {
  let terminals = new Map<string, PendingTerminal>();
  let checks = new Map<string, PendingChecks>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  /**
   * Writes `items` in transactions of BATCH statements, the event loop free between them (on SQLite each statement
   * blocks it): one commit a batch instead of one a statement, which cost about as much as the upserts themselves. A batch
   * that fails is written again one statement at a time, so that one bad row loses only itself.
   */
  const writeAll = async <T extends { pno: string; softId: string }>(
    items: Iterable<T>,
    upsert: (db: Db, v: T) => Promise<unknown>,
    failed: string,
  ) => {
    const one = async (db: Db, v: T) => {
      try {
        await upsert(db, v);
      } catch (err) {
        s.log.error({ err, softId: v.softId }, failed);
      }
    };
    let batch: T[] = [];
    const commit = async () => {
      const rows = batch;
      batch = [];
      try {
        await s.db.transaction().execute(async (trx) => {
          for (const v of rows) await upsert(trx, v);
        });
      } catch {
        for (const v of rows) await one(s.db, v);
      }
      await new Promise((resolve) => setImmediate(resolve));
    };
    for (const v of items) {
      batch.push(v);
      if (batch.length === BATCH) await commit();
    }
    if (batch.length > 0) await commit();
  };

  const write = async () => {
    const t = terminals;
    const c = checks;
    terminals = new Map();
    checks = new Map();
    await writeAll(
      t.values(),
      (db, v) => upsertTerminal(db, propertyTenant(v.pno), v),
      'recording an installation failed',
    );
    await writeAll(c.values(), (db, v) => addChecks(db, propertyTenant(v.pno), v), 'counting update checks failed');
  };

  const rt: UpdateCheckRuntime = {
    perAddressPerMinute: CHECKS_PER_ADDRESS_PER_MINUTE,
    note(check) {
      const tk = `${check.softId}\u0000${check.installId}`;
      const known = terminals.get(tk);
      if (known) {
        // The installation's latest report, in place (the key fixes its software and install id).
        known.pno = check.pno;
        known.version = check.version;
        known.os = check.os;
        known.arch = check.arch;
        known.channel = check.channel;
        known.address = check.address;
        known.lastSeen = check.at;
        known.n += 1;
      } else if (terminals.size < MAX_PENDING) {
        terminals.set(tk, {
          pno: check.pno,
          softId: check.softId,
          installId: check.installId,
          version: check.version,
          os: check.os,
          arch: check.arch,
          channel: check.channel,
          address: check.address,
          firstSeen: check.at,
          lastSeen: check.at,
          n: 1,
        });
      }
      const day = Math.floor(check.at / DAY) * DAY;
      const ck = `${check.softId}\u0000${check.version}\u0000${check.os}\u0000${check.arch}\u0000${day}`;
      const counted = checks.get(ck);
      if (counted) counted.n += 1;
      else
        checks.set(ck, {
          pno: check.pno,
          softId: check.softId,
          version: check.version,
          os: check.os,
          arch: check.arch,
          day,
          n: 1,
        });
    },
    flush() {
      flushing = flushing.then(write);
      return flushing;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void rt.flush(), FLUSH_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await rt.flush();
    },
  };
  return rt;
}
