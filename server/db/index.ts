// Opens the database: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise embedded
// PGlite persisted in a directory (or in memory for tests), in a worker thread for the running
// server or in this thread for tests (server/db/pglite.ts). Migrations run on open.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { nodePostgresDatabase, STATEMENT_TIMEOUT_MS, type Database } from './database';
import { openPgliteInline, openPgliteWorker } from './pglite';
import { OffThreadQueries, runOffThreadOn } from './offThread';

export type { Database, Db, Schema } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; /** Default STATEMENT_TIMEOUT_MS. */ statementTimeoutMs?: number }
  /** In this thread (the default): a query blocks the event loop; can start from a data-dir dump. */
  | { kind: 'pglite'; dataDir: string | null; thread?: 'inline'; loadDataDir?: Blob }
  /** In a worker thread, reached over a private socket: the server stays responsive during a slow query. */
  | { kind: 'pglite'; dataDir: string | null; thread: 'worker' };

export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean } = {}): Promise<Database> {
  const database =
    target.kind === 'postgres'
      ? openPostgres(target.url, target.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS)
      : // The worker is reached over a unix socket, which node-postgres cannot open on Windows (and
        // a TCP port would be open to every local user): PGlite runs in this thread there.
        target.thread === 'worker' && process.platform !== 'win32'
        ? await openPgliteWorker(target.dataDir)
        : await openPgliteInline(target.dataDir, 'loadDataDir' in target ? target.loadDataDir : undefined);
  if (opts.migrate !== false) {
    try {
      if (target.kind === 'postgres') {
        // A migration (an index over a big table) may rightly take longer than one request's
        // statement: migrate on a pool of its own, without the statement timeout.
        const migrator = openPostgres(target.url, 0);
        try {
          await migrateDatabase(migrator);
        } finally {
          await migrator.close();
        }
      } else {
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

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}

function openPostgres(url: string, statementTimeoutMs: number): Database {
  // Sent with each connection's start-up, so every statement on every connection is bounded (0: none).
  const pool = new pg.Pool({ connectionString: url, max: 10, statement_timeout: statementTimeoutMs });
  // Whole lists run on a few connections of a worker thread (server/db/offThread.ts, docs/speed.md).
  const offThread = new OffThreadQueries({ url, statementTimeoutMs });
  const database = nodePostgresDatabase(pool, 'postgres', { close: () => offThread.close() });
  runOffThreadOn(database.db, offThread);
  return database;
}
