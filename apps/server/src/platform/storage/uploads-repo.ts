import type { Db } from '../db/connect';
import type { UploadsTable } from './tables';

export type UploadRow = UploadsTable;

/** SQL of the `uploads` table (resumable uploads in flight). */
export function uploadsRepo(db: Db) {
  return {
    insert: (row: UploadRow) => db.insertInto('uploads').values(row).execute(),

    find: (mount: string, id: string) =>
      db.selectFrom('uploads').selectAll().where('id', '=', id).where('mount', '=', mount).executeTakeFirst(),

    /** Deletes the row; true when this call removed it (so that only one caller abandons an upload). */
    async remove(mount: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('uploads').where('id', '=', id).where('mount', '=', mount).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    expired: (mount: string, now: number, limit: number) =>
      db
        .selectFrom('uploads')
        .selectAll()
        .where('mount', '=', mount)
        .where('expires_at', '<', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute(),
  };
}
