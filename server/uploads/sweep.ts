// Uploads no record took are deleted a day after they came (docs/resources.md "Files"): at start once
// ready and then hourly, once across the instances sharing one database (../maintenance.ts).
import { and, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { uploads } from '../db/uploadTables';
import { claimTurn, scheduleMaintenance, type MaintenanceJob } from '../maintenance';
import { fileStore } from './store';

export const UPLOAD_SWEEP_EVERY_MS = 3600_000;
export const UPLOAD_SWEEP_GAP_MS = 50 * 60_000;
/** How long an unattached upload is kept. */
export const UNATTACHED_KEEP_HOURS = 24;
/** The advisory lock of the claim (after TRASH_PURGE_LOCK 7_201_004). */
export const UPLOAD_SWEEP_LOCK = 7_201_005;
const JOB: MaintenanceJob = { lock: UPLOAD_SWEEP_LOCK, name: 'upload_sweep' };

/** Deletes the unattached uploads older than a day when it is this instance's turn (null when not); answers how many.
 */
export async function sweepUploads(db: Db, { gapMs = UPLOAD_SWEEP_GAP_MS } = {}): Promise<number | null> {
  if (!(await claimTurn(db, JOB, gapMs))) return null;
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(uploads)
      .where(
        and(
          isNull(uploads.recordId),
          lt(uploads.createdAt, sql`now() - make_interval(hours => ${UNATTACHED_KEEP_HOURS})`),
        ),
      )
      .returning({ id: uploads.id });
    await fileStore().delete(
      tx,
      gone.map((g) => g.id),
    );
    return gone.length;
  });
}

export function scheduleUploadSweep(app: FastifyInstance): void {
  scheduleMaintenance(app, UPLOAD_SWEEP_EVERY_MS, 'upload sweep', async () => {
    const n = await sweepUploads(app.db);
    if (n) app.log.info({ deleted: n }, 'uploads never attached to a record deleted');
  });
}
