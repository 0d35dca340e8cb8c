// Where an upload's bytes live (docs/resources.md "Files"): one small interface, so a store other than
// the database (an S3-compatible bucket) can be added without touching the routes or the records. The
// default keeps them in the database (`upload_contents`, a bytea per file), so a backup, a restore and
// several instances need nothing more; its rows go with their upload's (a foreign key's cascade).
import { eq, inArray } from 'drizzle-orm';
import type { Conn } from '../db/conn';
import { uploadContents } from '../db/uploadTables';

export interface FileStore {
  /** Keeps the bytes of upload `id` (in `db`'s transaction where the store is the database). */
  put(db: Conn, id: string, bytes: Buffer): Promise<void>;
  /** The bytes of upload `id`, or null when the store has none. */
  get(db: Conn, id: string): Promise<Buffer | null>;
  /** Forgets the bytes of these uploads (their rows are being deleted). */
  delete(db: Conn, ids: readonly string[]): Promise<void>;
}

export const databaseStore: FileStore = {
  async put(db, id, bytes) {
    await db.insert(uploadContents).values({ uploadId: id, bytes });
  },
  async get(db, id) {
    const [row] = await db
      .select({ bytes: uploadContents.bytes })
      .from(uploadContents)
      .where(eq(uploadContents.uploadId, id));
    return row ? row.bytes : null;
  },
  async delete(db, ids) {
    if (ids.length) await db.delete(uploadContents).where(inArray(uploadContents.uploadId, [...ids]));
  },
};

/** The store this server uses. */
export const fileStore = (): FileStore => databaseStore;
