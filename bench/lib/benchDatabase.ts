// The database a write bench (bench/import.ts, bench/import-fairness.ts) runs on: the embedded PGlite in
// a fresh folder, or a fresh database `name` on the PostgreSQL server of BENCH_IMPORT_URL or PG_TEST_URL
// (scripts/postgres.sh start_postgres), migrated, with the permission catalogue written.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db';
import { syncCatalogue } from '../../server/permissions/catalogue';

export interface BenchDatabase {
  database: Database;
  /** The PostgreSQL URL, or null for the embedded database. */
  url: string | null;
  /** A fresh folder for the server's data (the PGlite files among them). */
  dataDir: string;
}

async function freshPostgres(name: string): Promise<string> {
  const base = process.env.BENCH_IMPORT_URL ?? process.env.PG_TEST_URL;
  if (!base)
    throw new Error('Set PG_TEST_URL (scripts/postgres.sh start_postgres) or BENCH_IMPORT_URL, or pass --pglite.');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Opens (and migrates) the bench's database; `name`: the PostgreSQL database's and the folder's. */
export async function openBenchDatabase(name: string, pglite: boolean): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const url = pglite ? null : await freshPostgres(name);
  const database = await openDatabase(
    url
      ? { kind: 'postgres', url, statementTimeoutMs: 600_000 }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    { migrate: true },
  );
  await syncCatalogue(database.db);
  return { database, url, dataDir };
}
