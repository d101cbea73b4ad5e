import type { Readable } from 'node:stream';
import type { Db, Dialect } from '../db/connect';
import type { BlobInfo, BlobStore, StagedBlob, StageOptions } from './blob-store';

/** Grace before an unreferenced blob may be removed: covers a reference being added right after a drop. */
export const DEFAULT_GC_GRACE_MS = 60 * 60_000;

/**
 * Blob metadata in the database (`blobs`, `blob_refs`) kept in step with the BlobStore. Each blob is kept by owner
 * strings (`file:<fid>`, …; add and drop are idempotent); one without owners is orphaned and removed by `collect`
 * after a grace period. Invariant: a `blobs` row exists only while its bytes are in the store — bytes are
 * published, and removed, while the row is locked (PostgreSQL `for update`; SQLite runs one transaction at a time).
 */
export interface BlobCatalogue {
  readonly store: BlobStore;
  /** Streams `source` into the store and records it as kept by `owner` (see StageOptions for the limits). */
  keep(source: Readable | AsyncIterable<Uint8Array>, options: StageOptions & { owner: string }): Promise<BlobInfo>;
  /** Records a staged blob as kept by `owner`, publishing its bytes (or dropping them when already stored). */
  record(staged: StagedBlob, owner: string): Promise<BlobInfo>;
  /** Adds an owner to a stored blob; false when there is no such blob. */
  addRef(sha256: string, owner: string): Promise<boolean>;
  /** Drops an owner; the blob is orphaned when it was the last one. */
  dropRef(sha256: string, owner: string): Promise<void>;
  /** The stored blob's size and how many owners keep it, or null. */
  info(sha256: string): Promise<{ size: number; refs: number } | null>;
  /** Removes blobs orphaned longer than `graceMs` (up to `limit`), rows and bytes; answers how many. */
  collect(graceMs?: number, limit?: number): Promise<number>;
}

export function createBlobCatalogue(db: Db, dialect: Dialect, store: BlobStore, now: () => number): BlobCatalogue {
  const lockRow = <T extends { forUpdate(): T }>(query: T): T => (dialect === 'postgres' ? query.forUpdate() : query);

  const catalogue: BlobCatalogue = {
    store,

    async keep(source, options) {
      return catalogue.record(await store.stage(source, options), options.owner);
    },

    async record(staged, owner) {
      const t = now();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('blobs')
            .values({ sha256: staged.sha256, size: staged.size, created_at: t, orphaned_at: null })
            .onConflict((oc) => oc.column('sha256').doUpdateSet({ orphaned_at: null }))
            .execute();
          await trx
            .insertInto('blob_refs')
            .values({ sha256: staged.sha256, owner, created_at: t })
            .onConflict((oc) => oc.columns(['sha256', 'owner']).doNothing())
            .execute();
          // Under the row's lock: a concurrent `collect` either removed row and bytes before, or waits.
          await staged.publish();
        });
      } catch (error) {
        await staged.discard().catch(() => {});
        throw error;
      }
      return { sha256: staged.sha256, size: staged.size };
    },

    async addRef(sha256, owner) {
      return db.transaction().execute(async (trx) => {
        const held = await trx
          .updateTable('blobs')
          .set({ orphaned_at: null })
          .where('sha256', '=', sha256)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('blob_refs')
          .values({ sha256, owner, created_at: now() })
          .onConflict((oc) => oc.columns(['sha256', 'owner']).doNothing())
          .execute();
        return true;
      });
    },

    async dropRef(sha256, owner) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('blob_refs').where('sha256', '=', sha256).where('owner', '=', owner).execute();
        await trx
          .updateTable('blobs')
          .set({ orphaned_at: now() })
          .where('sha256', '=', sha256)
          .where('orphaned_at', 'is', null)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('blob_refs').select('owner').where('blob_refs.sha256', '=', sha256))),
          )
          .execute();
      });
    },

    async info(sha256) {
      const row = await db
        .selectFrom('blobs')
        .select([
          'size',
          (eb) =>
            eb
              .selectFrom('blob_refs')
              .select(eb.fn.countAll().as('n'))
              .whereRef('blob_refs.sha256', '=', 'blobs.sha256')
              .as('refs'),
        ])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row ? { size: Number(row.size), refs: Number(row.refs) } : null;
    },

    async collect(graceMs = DEFAULT_GC_GRACE_MS, limit = 100) {
      const cutoff = now() - graceMs;
      const candidates = await db
        .selectFrom('blobs')
        .select('sha256')
        .where('orphaned_at', '<', cutoff)
        .limit(limit)
        .execute();
      let removed = 0;
      for (const { sha256 } of candidates) {
        const gone = await db.transaction().execute(async (trx) => {
          const row = await lockRow(
            trx
              .selectFrom('blobs')
              .select('sha256')
              .where('sha256', '=', sha256)
              .where('orphaned_at', '<', cutoff)
              .where(({ not, exists, selectFrom }) =>
                not(exists(selectFrom('blob_refs').select('owner').where('blob_refs.sha256', '=', sha256))),
              ),
          ).executeTakeFirst();
          if (!row) return false;
          await store.remove(sha256);
          await trx.deleteFrom('blobs').where('sha256', '=', sha256).execute();
          return true;
        });
        if (gone) removed += 1;
      }
      return removed;
    },
  };
  return catalogue;
}
