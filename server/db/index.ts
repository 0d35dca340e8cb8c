// Opens the database: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise embedded
// PGlite persisted in a directory (or in memory for tests), in a worker thread for the running
// server or in this thread for tests (server/db/pglite.ts). Migrations run on open.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nodePostgresDatabase, STATEMENT_TIMEOUT_MS, type Database } from './database';
import { openPgliteInline, openPgliteWorker } from './pglite';
import { OffThreadQueries, runOffThreadOn } from './offThread';
import { boundedPool, CONNECT_TIMEOUT_MS, type PoolLimits } from './boundedPool';
import { DatabaseOutage } from './outage';

export type { Database, Db, Schema } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** Default STATEMENT_TIMEOUT_MS. */
      statementTimeoutMs?: number;
      /** Requests' connecting, or waiting for a pooled connection, gives up after this long. Default
       * CONNECT_TIMEOUT_MS. */
      connectTimeoutMs?: number;
      /** Start-up's connecting gives up after this long (an unreachable host can hang); waiting for the migration lock
       * is not limited. */
      startTimeoutMs?: number;
    }
  /** In this thread (the default): a query blocks the event loop; can start from a data-dir dump. */
  | { kind: 'pglite'; dataDir: string | null; thread?: 'inline'; loadDataDir?: Blob }
  /** In a worker thread, reached over a private socket: the server stays responsive during a slow query. */
  | { kind: 'pglite'; dataDir: string | null; thread: 'worker' };

export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean } = {}): Promise<Database> {
  const database =
    target.kind === 'postgres'
      ? openPostgres(target.url, {
          statementTimeoutMs: target.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        })
      : // The worker is reached over a unix socket, which node-postgres cannot open on Windows (and
        // a TCP port would be open to every local user): PGlite runs in this thread there.
        target.thread === 'worker' && process.platform !== 'win32'
        ? await openPgliteWorker(target.dataDir)
        : await openPgliteInline(target.dataDir, 'loadDataDir' in target ? target.loadDataDir : undefined);
  if (opts.migrate !== false) {
    try {
      if (target.kind === 'postgres') {
        await migratePostgres(target.url, target.startTimeoutMs);
      } else {
        // No lock needed: one process per data directory (PGlite's lock file, server/db/pglite.ts).
        await migrateDatabase(database);
      }
    } catch (err) {
      // Release the connection, the worker and the directory lock: the caller only sees the error.
      await database.close().catch(() => {});
      throw err;
    }
  }
  return database;
}

/** The database did not answer within `startTimeoutMs`. */
export class DatabaseUnreachableError extends Error {}

/** The migrations failed on a database that answered: the cause is theirs, not the address's. */
export class MigrationError extends Error {}

/**
 * Advisory lock key held while migrating: instances starting at once on one empty database would
 * otherwise run the same migrations side by side, and all but one fail (a duplicate
 * pg_type_typname_nsp_index from drizzle's `create table if not exists` of its journal table, or
 * any migration's `create`). The seed and the bootstrap admin take their own (server/db/seed.ts SEED_LOCK).
 */
export const MIGRATION_LOCK = 7_201_000;

/**
 * Migrates a PostgreSQL database on one connection of its own that holds MIGRATION_LOCK throughout:
 * the others wait, then find every migration applied. No statement timeout: a migration (an index over
 * a big table) may rightly take longer than a request's statement. The lock ends with the session
 * even if this process dies.
 */
async function migratePostgres(url: string, connectTimeoutMs?: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A failing connection's errors also come as events; the awaited calls below report them.
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  try {
    const connected = client.connect();
    if (connectTimeoutMs) {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DatabaseUnreachableError(`no answer within ${connectTimeoutMs / 1000} s`)),
          connectTimeoutMs,
        );
      });
      await Promise.race([connected, timeout]);
    } else {
      await connected;
    }
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } catch (err) {
    throw new MigrationError(rootMessage(err), { cause: err });
  } finally {
    // Closing the session also releases the lock when a migration failed.
    await client.end().catch(() => {});
  }
}

/** The driver's own message: drizzle wraps it ("Failed query: <the whole migration>") as the cause. */
function rootMessage(err: unknown): string {
  let root = err;
  for (let i = 0; i < 5 && root instanceof Error && root.cause !== undefined; i++) root = root.cause;
  return root instanceof Error ? root.message : String(root);
}

/** Migrates an open database (the PostgreSQL server's start-up migrates through migratePostgres, under its lock). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_DIR,
    });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}

function openPostgres(url: string, limits: PoolLimits): Database {
  // Every wait bounded: connecting, a pooled connection, each statement (server/db/boundedPool.ts).
  const outage = new DatabaseOutage();
  const pool = boundedPool(url, 10, limits, { watch: outage });
  // Whole lists run on a few connections of a worker thread (server/db/offThread.ts, docs/speed.md).
  const offThread = new OffThreadQueries({ url, ...limits });
  const database = nodePostgresDatabase(pool, 'postgres', { close: () => offThread.close(), outage });
  runOffThreadOn(database.db, offThread);
  return database;
}
