// `npm run backup -- [--file <path>]` and `npm run restore -- --file <path>` (README "Backups and
// durability"), with the same environment as the server (DATABASE_URL or OLYMPUS_DATA_DIR,
// OLYMPUS_SECRET_KEY).
// - backup: a consistent logical dump of the whole database (server/backups/dump.ts). PostgreSQL may
//   be in use meanwhile; the embedded PGlite only while Olympus is stopped (one process per data
//   directory) — while it runs, it takes snapshots itself (OLYMPUS_BACKUP_INTERVAL_HOURS).
// - restore: into an empty database only (server/backups/restore.ts), refused when the secret key here
//   is not the one the backup's secrets were sealed with.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfigOrExit, redactUrl, type Config } from './config';
import { openDatabase, type Database } from './db';
import { nodePostgresDatabase } from './db/database';
import { existingInstallationKey, keyFilePath } from './integrations/crypto';
import { opensCheck } from './secrets/prepare';
import { writeBackup, type BackupSummary } from './backups/dump';
import { restoreBackup, RestoreRefused, type RestoreSummary } from './backups/restore';
import { snapshotDir } from './backups/snapshots';

const USAGE = 'Usage: npm run backup -- [--file <path>]   |   npm run restore -- --file <path>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const kB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The key the server would use here, and where it comes from; null when there is none. */
function keyHere(config: Config): { key: Buffer; from: string } | null {
  if (config.secretKey) return { key: config.secretKey, from: 'OLYMPUS_SECRET_KEY' };
  const key = config.databaseUrl ? null : existingInstallationKey(config.dataDir);
  return key ? { key, from: keyFilePath(config.dataDir) } : null;
}

/** The database of this environment, opened without migrating (a backup reads it as it is; a restore needs it empty).
 */
async function open(config: Config, purpose: 'backup' | 'restore'): Promise<{ database: Database; where: string }> {
  if (config.databaseUrl) {
    const where = redactUrl(config.databaseUrl);
    // A pool of its own: one connection, and no statement timeout for a long dump or restore.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 1 });
    const database = nodePostgresDatabase(pool, 'postgres');
    try {
      await pool.query('select 1');
    } catch (err) {
      await database.close().catch(() => {});
      fail(
        `Cannot use the database at ${where}: ${err instanceof Error ? err.message : String(err)}. Check DATABASE_URL.`,
      );
    }
    return { database, where };
  }
  const dir = path.resolve(config.dataDir, 'pglite');
  const where = `the embedded database in ${dir}`;
  if (purpose === 'backup' && !existsSync(path.join(dir, 'PG_VERSION')))
    fail(`There is no embedded database in ${dir} (OLYMPUS_DATA_DIR): nothing to back up.`);
  try {
    return {
      database: await openDatabase({ kind: 'pglite', dataDir: dir, thread: 'inline' }, { migrate: false }),
      where,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // The directory lock (server/db/pglite.ts): Olympus, most likely, has it open.
    const pid = /in use by process (\d+)/.exec(message)?.[1];
    if (!pid) fail(`Cannot open ${where}: ${message}`);
    fail(
      `${where[0].toUpperCase()}${where.slice(1)} is in use by process ${pid} (Olympus?): PGlite admits one process per data directory. ` +
        (purpose === 'backup'
          ? `While Olympus runs, it backs the embedded database up itself: set OLYMPUS_BACKUP_INTERVAL_HOURS (snapshots go to ${snapshotDir(config.dataDir)}), or stop it and run npm run backup.`
          : 'Stop it first: a backup is restored into a database nothing else has open.'),
    );
  }
}

async function backup(config: Config, file: string): Promise<void> {
  const { database, where } = await open(config, 'backup');
  let summary: BackupSummary;
  try {
    summary = await writeBackup(database.db, database.kind, file);
  } catch (err) {
    await database.close();
    fail(`The backup failed, nothing was written: ${err instanceof Error ? err.message : String(err)}`);
  }
  await database.close();
  console.log(
    `Backed up ${where} to ${path.resolve(file)}: ${summary.tables} tables, ${summary.rows} rows, ${kB(summary.bytes)}, in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
  if (summary.secretKeyCheck) {
    const here = keyHere(config);
    console.log(
      here && opensCheck(here.key, summary.secretKeyCheck)
        ? `Its secrets are sealed with the key of ${here.from}: keep a copy of that key apart from this file. A restore cannot open them without it.`
        : 'Its secrets are sealed with a key that is not in this environment: keep the key the server uses apart from this file. A restore cannot open them without it.',
    );
  }
}

async function restore(config: Config, file: string): Promise<void> {
  const { database, where } = await open(config, 'restore');
  let summary: RestoreSummary;
  try {
    summary = await restoreBackup(database, file, keyHere(config)?.key ?? null);
  } catch (err) {
    // Closed first: PGlite's directory lock must not outlive a refusal.
    await database.close();
    if (err instanceof RestoreRefused) fail(`Not restored: ${err.message}`);
    fail(`The restore failed and was rolled back: ${err instanceof Error ? err.message : String(err)}`);
  }
  await database.close();
  const later = summary.laterMigrations ? `, then ${summary.laterMigrations} newer migrations of this version` : '';
  console.log(
    `Restored ${path.resolve(file)} into ${where}: ${summary.tables} tables, ${summary.rows} rows (its ${summary.migrations} migrations${later}).`,
  );
  if (summary.keyOpens) console.log('The secret key here opens its sealed secrets.');
  else if (summary.sealed) {
    console.log(
      `WARNING: its secrets are sealed with a key that is not here. Before starting Olympus, put the original key back: set OLYMPUS_SECRET_KEY, or copy the original secret.key to ${keyFilePath(config.dataDir)}. ` +
        'Olympus refuses to start without it.',
    );
  }
}

async function main() {
  const command = process.argv[2];
  let values: { file?: string };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(3), options: { file: { type: 'string' } } }));
  } catch (err) {
    fail(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
  }
  if (command !== 'backup' && command !== 'restore') fail(USAGE);
  if (command === 'restore' && !values.file) fail(`--file is required: the backup to restore.\n${USAGE}`);
  const config = loadConfigOrExit();
  if (command === 'backup')
    await backup(config, values.file ?? `olympus-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`);
  else await restore(config, values.file!);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
