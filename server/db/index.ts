// Opens the database: PostgreSQL through node-postgres when DATABASE_URL is set, otherwise embedded
// PGlite persisted in a directory (or in memory for tests). Migrations run on open.
import { mkdirSync, existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's database: both are PgDatabase with our schema. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget, opts: { migrate?: boolean } = {}): Promise<Database> {
  const database = target.kind === 'postgres' ? await openPostgres(target.url) : await openPglite(target.dataDir, target.loadDataDir);
  if (opts.migrate !== false) await migrateDatabase(database);
  return database;
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: MIGRATIONS_DIR });
  } else {
    await migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: MIGRATIONS_DIR });
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    release = lockDirectory(dataDir);
  }
  let client: PGlite;
  try {
    client = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir });
    await client.waitReady;
  } catch (err) {
    release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Two processes on one PGlite directory corrupt it (DESIGN §8): a pid lock file refuses the second. */
function lockDirectory(dataDir: string): () => void {
  const lockFile = path.resolve(dataDir) + '.lock';
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The database directory ${dataDir} is in use by process ${pid}. Stop it first, or set OLYMPUS_DATA_DIR to another directory.`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
