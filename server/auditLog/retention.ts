// Audit retention (OLYMPUS_AUDIT_RETENTION_DAYS, default 400): rows older than that are deleted by
// the server itself, at start once it is ready and then hourly — never by a request. With several
// instances on one PostgreSQL it runs once per interval, not once per instance (../maintenance.ts:
// an advisory lock, then the `maintenance_runs` row, moved only when the last prune is older than
// AUDIT_PRUNE_GAP_MS). The rows then go in batches of AUDIT_PRUNE_BATCH, each its own statement, so a
// huge first prune never holds one giant transaction. A prune that deleted rows is itself audited
// (`audit.pruned`, by the system, with the count, the cutoff and the retention). docs/security.md "The audit log".
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../audit';
import { rowsOf } from '../db/rows';
import type { Db } from '../db';
import { AUDIT_PRUNED_ACTION } from '../../contract/audit';
import { claimTurn, scheduleMaintenance, type MaintenanceJob } from '../maintenance';

/** How often each instance looks. */
export const AUDIT_PRUNE_EVERY_MS = 3600_000;
/** A prune within this long of the last one (by any instance) is skipped: less than the interval, so timers drifting by
 * a few seconds still prune hourly. */
export const AUDIT_PRUNE_GAP_MS = 50 * 60_000;
/** Rows deleted per statement. */
export const AUDIT_PRUNE_BATCH = 5000;
/** The advisory lock of the claim (the others: MIGRATION_LOCK, SEED_LOCK, CATALOGUE_LOCK = 7_201_000…002). */
export const AUDIT_PRUNE_LOCK = 7_201_003;
/** The job's row in maintenance_runs. */
export const AUDIT_PRUNE_JOB = 'audit_prune';
const AUDIT_PRUNE: MaintenanceJob = { lock: AUDIT_PRUNE_LOCK, name: AUDIT_PRUNE_JOB };

export interface PruneResult {
  deleted: number;
  /** Rows written before this instant were deleted (ISO 8601). */
  cutoff: string;
}

/**
 * Deletes the audit rows older than `days` (by the database's clock) when it is this instance's
 * turn; null when it is not. `batch` and `gapMs` are for tests.
 */
export async function pruneAuditLog(
  db: Db,
  days: number,
  { batch = AUDIT_PRUNE_BATCH, gapMs = AUDIT_PRUNE_GAP_MS } = {},
): Promise<PruneResult | null> {
  if (!(await claimTurn(db, AUDIT_PRUNE, gapMs))) return null;
  const [{ cutoff }] = rowsOf<{ cutoff: Date | string }>(
    await db.execute(sql`select now() - make_interval(days => ${days}) as cutoff`),
  );
  const before = new Date(cutoff).toISOString();
  let deleted = 0;
  for (;;) {
    // The oldest first, by the (at, id) index; each batch commits on its own.
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(sql`
        with gone as (
          delete from audit_log where id in (select id from audit_log where at < ${before}::timestamptz order by at, id limit ${batch})
          returning 1)
        select count(*)::int as n from gone`),
    );
    deleted += n;
    if (n < batch) break;
  }
  if (deleted > 0)
    await audit(db, {
      action: AUDIT_PRUNED_ACTION,
      owner: null,
      actorId: null,
      detail: { actor: 'system', count: deleted, cutoff: before, retention_days: days },
    });
  return { deleted, cutoff: before };
}

/** Prunes when the server is ready and every AUDIT_PRUNE_EVERY_MS after, until it closes. */
export function scheduleAuditPruning(app: FastifyInstance, days: number): void {
  scheduleMaintenance(app, AUDIT_PRUNE_EVERY_MS, 'audit retention prune', async () => {
    const done = await pruneAuditLog(app.db, days);
    if (done && done.deleted > 0)
      app.log.info({ count: done.deleted, cutoff: done.cutoff, days }, 'audit rows past retention deleted');
  });
}
