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

  const write = async () => {
    const t = terminals;
    const c = checks;
    terminals = new Map();
    checks = new Map();
    let written = 0;
    const breathe = async () => {
      // Lets requests run between statements: on SQLite each one blocks the event loop.
      if (++written % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    };
    for (const v of t.values()) {
      try {
        await upsertTerminal(s.db, propertyTenant(v.pno), v);
      } catch (err) {
        s.log.error({ err, softId: v.softId }, 'recording an installation failed');
      }
      await breathe();
    }
    for (const v of c.values()) {
      try {
        await addChecks(s.db, propertyTenant(v.pno), v);
      } catch (err) {
        s.log.error({ err, softId: v.softId }, 'counting update checks failed');
      }
      await breathe();
    }
  };

  const rt: UpdateCheckRuntime = {
    perAddressPerMinute: CHECKS_PER_ADDRESS_PER_MINUTE,
    note(check) {
      const tk = `${check.softId}\u0000${check.installId}`;
      const known = terminals.get(tk);
      if (known) {
        Object.assign(known, { ...check, lastSeen: check.at, n: known.n + 1 });
      } else if (terminals.size < MAX_PENDING) {
        const { at, ...rest } = check;
        terminals.set(tk, { ...rest, firstSeen: at, lastSeen: at, n: 1 });
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
