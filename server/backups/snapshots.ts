// Scheduled snapshots of the embedded database, taken by the server itself (README "Backups and
// durability"): PGlite admits one process per data directory, so while Olympus runs nothing else can
// open it to back it up.
// Every OLYMPUS_BACKUP_INTERVAL_HOURS a backup (dump.ts) goes to $OLYMPUS_DATA_DIR/backups, and all
// but the newest OLYMPUS_BACKUP_KEEP are removed. Off unless the interval is set.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { loggableError } from '../http/error-log';
import { writeBackup, type BackupSummary } from './dump';

export const SNAPSHOT_DIR = 'backups';
/** olympus-2026-01-31T02-00-00-000Z.jsonl.gz: sorts by time, and no colon (Windows). */
const SNAPSHOT_NAME = /^olympus-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z\.jsonl\.gz$/;

export const snapshotDir = (dataDir: string) => path.resolve(dataDir, SNAPSHOT_DIR);

function snapshotName(at: Date): string {
  return `olympus-${at.toISOString().replace(/[:.]/g, '-')}.jsonl.gz`;
}

/** When a snapshot file was taken, from its name; null for any other file. */
function takenAt(name: string): number | null {
  const m = SNAPSHOT_NAME.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : null;
}

/** The snapshot files of `dir`, oldest first. */
export function listSnapshots(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => takenAt(n) !== null).sort();
}

/** Removes all but the newest `keep` snapshots; answers the names removed. */
export function pruneSnapshots(dir: string, keep: number): string[] {
  const names = listSnapshots(dir);
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/** Takes one snapshot of `db` into `<dataDir>/backups` and prunes to `keep`. */
export async function takeSnapshot(
  db: Db,
  dataDir: string,
  keep: number,
  at = new Date(),
): Promise<BackupSummary & { removed: string[] }> {
  const dir = snapshotDir(dataDir);
  // Backups hold password hashes and sealed secrets: for this user only.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const summary = await writeBackup(db, 'pglite', path.join(dir, snapshotName(at)));
  return { ...summary, removed: pruneSnapshots(dir, keep) };
}

/**
 * Takes snapshots every `config.backupIntervalHours` while the app runs: the first at once when there is
 * none yet, otherwise one interval after the newest (a restart does not restart the clock). Once per
 * process; requests wait for the database while a snapshot reads it (one PGlite connection).
 */
export function scheduleSnapshots(app: FastifyInstance): void {
  const { backupIntervalHours: hours, backupKeep: keep, dataDir } = app.config;
  if (hours === null || app.database.kind !== 'pglite') return;
  const intervalMs = hours * 3_600_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const run = async () => {
    try {
      const s = await takeSnapshot(app.db, dataDir, keep);
      app.log.info({ file: s.file, bytes: s.bytes, rows: s.rows, ms: s.ms }, 'backup snapshot written');
      if (s.removed.length) app.log.info({ removed: s.removed, keep }, 'old backup snapshots removed');
    } catch (err) {
      app.log.error({ error: loggableError(err) }, `backup snapshot failed (the next one is due in ${hours} h)`);
    }
  };
  const schedule = (delayMs: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = null;
        schedule(intervalMs);
      });
    }, delayMs);
    // Snapshots must never keep the process alive on their own.
    timer.unref();
  };
  app.addHook('onReady', async () => {
    const newest = listSnapshots(snapshotDir(dataDir)).map(takenAt).pop() ?? null;
    schedule(newest === null ? 0 : Math.max(0, newest + intervalMs - Date.now()));
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    // A snapshot under way finishes before the database closes.
    await running;
  });
}
