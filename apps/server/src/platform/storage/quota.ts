import { AppError } from '../http/errors';

/**
 * A budget uploads are counted against (a space's quota; the spaces module implements it over its table). Bytes
 * are held under a key (the upload's id) from the moment an upload is accepted, so that uploads running at the
 * same time can never together pass the limit: `reserve` must check and hold in one atomic step (one SQL
 * `update … where used + held + :bytes <= quota`, or a row lock).
 */
export interface Quota {
  /** Holds `bytes` under `key`, or throws an AppError when that would pass the limit. Again for a held key: nothing. */
  reserve(key: string, bytes: number): Promise<void>;
  /** The upload was kept: its held bytes become used. Nothing when `key` holds nothing. */
  commit(key: string): Promise<void>;
  /** The upload was dropped: its held bytes are freed. Nothing when `key` holds nothing. */
  release(key: string): Promise<void>;
}

/** What a memory quota shows (tests). */
export interface MemoryQuota extends Quota {
  readonly used: number;
  readonly held: number;
}

/**
 * A quota in memory, for tests and for a single process: reserve checks and holds synchronously, so concurrent
 * calls cannot interleave between the check and the hold.
 */
export function memoryQuota(limit: number, used = 0): MemoryQuota {
  const holds = new Map<string, number>();
  let usedBytes = used;
  let heldBytes = 0;
  return {
    get used() {
      return usedBytes;
    },
    get held() {
      return heldBytes;
    },
    async reserve(key, bytes) {
      if (holds.has(key)) return;
      if (usedBytes + heldBytes + bytes > limit) {
        throw new AppError('tooLarge', {}, { status: 413 });
      }
      holds.set(key, bytes);
      heldBytes += bytes;
    },
    async commit(key) {
      const bytes = holds.get(key);
      if (bytes === undefined) return;
      holds.delete(key);
      heldBytes -= bytes;
      usedBytes += bytes;
    },
    async release(key) {
      const bytes = holds.get(key);
      if (bytes === undefined) return;
      holds.delete(key);
      heldBytes -= bytes;
    },
  };
}
