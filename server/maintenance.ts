// Periodic jobs the server runs itself, never a request: the audit log's retention
// (server/auditLog/retention.ts) and the trash's purge (server/crud/purge.ts). With several
// instances on one PostgreSQL each job runs once per interval, not once per instance: an instance first
// claims the turn in one short transaction (`pg_try_advisory_xact_lock` on the job's own lock, so a
// second one does not even wait, then the job's `maintenance_runs` row, moved only when its last run
// is older than the gap). docs/security.md "The audit log", docs/resources.md "Trash".
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from './db/rows';
import type { Db } from './db';
import { logJobFailure } from './http/error-log';

/** A job: its advisory lock (MIGRATION_LOCK, SEED_LOCK, CATALOGUE_LOCK are 7_201_000…002) and its row in
 * maintenance_runs. */
export interface MaintenanceJob {
  lock: number;
  name: string;
}

/** Claims this interval's run of `job` for this instance: false when another holds or already did it. */
export async function claimTurn(db: Db, job: MaintenanceJob, gapMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${job.lock}) as got`),
    );
    if (!lock?.got) return false;
    const claimed = rowsOf<{ name: string }>(
      await tx.execute(sql`
        insert into maintenance_runs (name, last_run_at) values (${job.name}, now())
        on conflict (name) do update set last_run_at = excluded.last_run_at
          where maintenance_runs.last_run_at <= now() - make_interval(secs => ${gapMs / 1000})
        returning name`),
    );
    return claimed.length > 0;
  });
}

/**
 * Runs `run` when the server is ready and every `everyMs` after, until it closes; a failure is logged, never thrown.
 */
export function scheduleMaintenance(
  app: FastifyInstance,
  everyMs: number,
  what: string,
  run: () => Promise<void>,
): void {
  let timer: NodeJS.Timeout | null = null;
  const once = async () => {
    try {
      await run();
    } catch (err) {
      // A database away is the outage's one line; anything else by its code, never the statement.
      logJobFailure({ log: app.log, outage: app.database.outage }, what, err);
    }
  };
  app.addHook('onReady', async () => {
    await once();
    timer = setInterval(() => void once(), everyMs);
    // The job must never keep the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
