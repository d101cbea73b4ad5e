import { formatFileSize } from '@keel/contract/format';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as quotaRepo from './quota-repo';
import * as repo from './repo';

/**
 * Quota reservations for uploads (README "Quota reservations"), the API storage builds on:
 *
 *   const r = await reserveSpaceQuota(s, tenant, sid, bytes);   // before a byte is kept; refuses over quota
 *   try { …write the file…; await r.commit(); }                 // the bytes now count as used
 *   catch (e) { await r.release(); throw e; }                   // or give them back
 *
 * A reservation is one conditional update (`used + reserved + bytes <= quota`), so any number of concurrent
 * reservations on one space never promise more than its quota, on SQLite and PostgreSQL, on any number of
 * instances. One that is neither committed nor released (a server killed mid-upload) expires after `ttlMs` and is
 * given back by the next reservation on the space.
 */

/** How long a reservation holds without a commit or release: a day, like a resumable upload's life. */
export const RESERVATION_TTL_MS = 24 * 60 * 60 * 1000;

export interface QuotaReservation {
  readonly id: string;
  readonly sid: string;
  readonly bytes: number;
  readonly expiresAt: number;
  /**
   * The bytes are kept: they count as used from now on. After the reservation expired, it is charged again only if
   * the bytes still fit (else `spaceQuotaExceeded`). The first of commit and release decides: calling either again
   * (also at the same time) changes nothing and answers the first outcome.
   */
  commit(): Promise<void>;
  /** The upload gave up: the bytes are free again. Nothing after a commit (then it only waits for it). */
  release(): Promise<void>;
}

async function quotaExceeded(s: Services, tenant: Tenant, sid: string, bytes: number): Promise<AppError> {
  const [space] = await repo.findSpaces(s.db, tenant, [sid]);
  if (!space) return notFound('sid');
  const free = Math.max(0, Number(space.quota_bytes) - Number(space.used_bytes) - Number(space.reserved_bytes));
  return new AppError(
    'spaceQuotaExceeded',
    { name: space.name, free: formatFileSize(free), need: formatFileSize(bytes) },
    { status: 413 },
  );
}

/**
 * Promises `bytes` of a space of the tenant to an upload, or refuses: `notFound('sid')` for a space not of the
 * tenant, `spaceQuotaExceeded` (…0413, HTTP 413) when it does not fit. Check who may write into the space first
 * (`assertSpaceWritable`).
 */
export async function reserveSpaceQuota(
  s: Services,
  tenant: Tenant,
  sid: string,
  bytes: number,
  options: { ttlMs?: number } = {},
): Promise<QuotaReservation> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw invalidInput('bytes');
  const now = s.now();
  await quotaRepo.sweepExpired(s.db, tenant, sid, now);
  const id = newId();
  const expiresAt = now + (options.ttlMs ?? RESERVATION_TTL_MS);
  if (!(await quotaRepo.reserve(s.db, tenant, { id, sid, bytes, expiresAt }, now))) {
    throw await quotaExceeded(s, tenant, sid, bytes);
  }
  return reservationOf(s, tenant, { id, sid, bytes, expiresAt });
}

/**
 * A reservation made earlier, by id (a resumable upload remembers it between requests, maybe on another instance):
 * commit or release it as `reserveSpaceQuota` answered it, once: committing an id no longer held (expired, swept)
 * charges the bytes again only if they still fit, as a late commit does; releasing it changes nothing.
 */
export function resumeSpaceReservation(
  s: Services,
  tenant: Tenant,
  r: { id: string; sid: string; bytes: number; expiresAt: number },
): QuotaReservation {
  return reservationOf(s, tenant, r);
}

function reservationOf(
  s: Services,
  tenant: Tenant,
  { id, sid, bytes, expiresAt }: { id: string; sid: string; bytes: number; expiresAt: number },
): QuotaReservation {
  // The first commit or release decides; later calls (also concurrent ones) answer the same outcome.
  let outcome: Promise<void> | null = null;
  return {
    id,
    sid,
    bytes,
    expiresAt,
    commit() {
      outcome ??= (async () => {
        const result = await quotaRepo.commit(s.db, tenant, { id, sid, bytes }, s.now());
        if (result === 'gone') throw notFound('sid');
        if (result === 'full') throw await quotaExceeded(s, tenant, sid, bytes);
      })();
      return outcome;
    },
    release() {
      if (outcome) return outcome.catch(() => undefined);
      outcome = quotaRepo.release(s.db, tenant, { id, sid });
      return outcome;
    },
  };
}

/** Frees used bytes of a space (a file in it was deleted); never below zero. */
export async function releaseSpaceUsage(s: Services, tenant: Tenant, sid: string, bytes: number): Promise<void> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw invalidInput('bytes');
  if (!(await quotaRepo.freeUsed(s.db, tenant, sid, bytes, s.now()))) throw notFound('sid');
}
