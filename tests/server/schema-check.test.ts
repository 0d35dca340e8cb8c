// A declaration changed without its migration stops the start with what to run, checked against the
// real database after the migrations (server/db/schemaCheck.ts), instead of starting and answering
// 500 on every call.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { openDatabase } from '../../server/db';
import { schemaProblems } from '../../server/db/schemaCheck';
import { runToExit } from './server-process';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the database against the declared tables', () => {
  it('finds nothing missing on a migrated database', async () => {
    expect((await schemaProblems(db())).sort()).toEqual([]);
  });

  it('names a missing column and a missing table, each with the command that writes its migration', async () => {
    await db().execute(sql`alter table units drop column size_unit`);
    await db().execute(sql`drop table reports`);
    expect((await schemaProblems(db())).sort()).toEqual([
      'The table "reports" is declared in the code but not in the database: run `npm run db:generate -- --name reports` to write its migration, then start again.',
      'The table "units" lacks "size_unit" in the database: run `npm run db:generate -- --name units_size_unit` to write the migration, then start again.',
    ]);
  });
});

const pgUrl = inject('postgresTemplateUrl');

describe.skipIf(!pgUrl)('the real server on a database missing a declared column (PostgreSQL)', () => {
  const name = 'olympus_schema_' + randomBytes(6).toString('hex');
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('refuses to start, says what to run, and prints no stack trace', async () => {
    await admin(`create database ${name}`);
    const u = new URL(pgUrl);
    u.pathname = '/' + name;
    const migrated = await openDatabase({ kind: 'postgres', url: u.toString() });
    await migrated.db.execute(sql`alter table units drop column furnished`);
    await migrated.close();
    const run = await runToExit({ DATABASE_URL: u.toString(), OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex') });
    expect(run.code).toBe(1);
    expect(run.output).toContain('Olympus cannot start: the database does not match the code.');
    expect(run.output).toContain(
      'The table "units" lacks "furnished" in the database: run `npm run db:generate -- --name units_furnished`',
    );
    expect(run.output).not.toMatch(/^\s+at /m);
  }, 60_000);
});
