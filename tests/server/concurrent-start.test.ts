// Several instances starting at once on one empty PostgreSQL database (README "Production"): the
// migrations, the demo seed and the bootstrap admin each run under an advisory lock, so every
// instance starts and each step happens once. A migration that fails names its cause instead of
// blaming DATABASE_URL. PostgreSQL only: PGlite is one process per data directory (its lock file).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../server/db';
import { seedIfEmpty } from '../../server/db/seed';
import { bootstrapAdmin } from '../../server/db/bootstrap';
import { runToExit, startServer } from './server-process';

const pgUrl = inject('postgresTemplateUrl');
const INSTANCES = 5;
const JOURNAL = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const DEMO_PASSWORD = 'Start-Together-42';

const created: string[] = [];
async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** A brand-new database with nothing in it (not the migrated template): an operator's first start. */
async function emptyDatabase(): Promise<string> {
  const name = 'olympus_start_' + randomBytes(6).toString('hex');
  await admin((c) => c.query(`create database ${name}`));
  created.push(name);
  const u = new URL(pgUrl);
  u.pathname = '/' + name;
  return u.toString();
}

afterAll(async () => {
  if (!pgUrl) return;
  await admin(async (c) => {
    for (const name of created) await c.query(`drop database if exists ${name} with (force)`);
  });
}, 30_000);

async function rows<T>(url: string, query: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(query)).rows as T[];
  } finally {
    await c.end();
  }
}

const migrationsApplied = async (url: string) =>
  rows<{ hash: string }>(url, 'select hash from drizzle.__drizzle_migrations');

/** Opens `INSTANCES` databases at once on `url`; every failure is reported, then all are closed by the caller. */
async function openAtOnce(url: string): Promise<{ opened: Database[]; failures: string[] }> {
  const settled = await Promise.allSettled(
    Array.from({ length: INSTANCES }, () => openDatabase({ kind: 'postgres', url })),
  );
  const opened = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failures = settled.flatMap((s) =>
    s.status === 'rejected' ? [String((s.reason as Error)?.message ?? s.reason)] : [],
  );
  return { opened, failures };
}

describe.skipIf(!pgUrl)('instances starting at once on an empty PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  it(`${INSTANCES} openDatabase calls at once: all open, each migration applied exactly once; the demo seed runs once`, async () => {
    for (let round = 1; round <= 3; round++) {
      const url = await emptyDatabase();
      const { opened, failures } = await openAtOnce(url);
      try {
        expect(failures, `round ${round}`).toEqual([]);
        const applied = await migrationsApplied(url);
        expect(applied).toHaveLength(JOURNAL.entries.length);
        expect(new Set(applied.map((m) => m.hash)).size).toBe(JOURNAL.entries.length);
        if (round > 1) continue;
        const seeded = await Promise.all(
          opened.map((d) => seedIfEmpty(d.db, { password: DEMO_PASSWORD, publicUrl: 'http://olympus.test' })),
        );
        expect(seeded.filter((s) => s !== null)).toHaveLength(1);
        const [counts] = await rows<{ users: number; companies: number; roles: number }>(
          url,
          'select (select count(*)::int from users) as users, (select count(*)::int from companies) as companies, (select count(*)::int from roles) as roles',
        );
        expect(counts).toEqual({ users: 4, companies: 3, roles: 7 });
      } finally {
        await Promise.all(opened.map((d) => d.close()));
      }
    }
  }, 120_000);

  it(`${INSTANCES} production starts at once (no seed): exactly one bootstrap admin`, async () => {
    const url = await emptyDatabase();
    const { opened, failures } = await openAtOnce(url);
    try {
      expect(failures).toEqual([]);
      const results = await Promise.all(
        opened.map((d, i) =>
          bootstrapAdmin(
            d.db,
            { email: `ops${i}@example.com`, password: 'Bootstrap-Secret-42' },
            'http://olympus.test',
          ),
        ),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const [counts] = await rows<{ users: number; systems: number }>(
        url,
        'select (select count(*)::int from users) as users, (select count(*)::int from systems) as systems',
      );
      expect(counts).toEqual({ users: 1, systems: 1 });
    } finally {
      await Promise.all(opened.map((d) => d.close()));
    }
  }, 60_000);

  it('three real server processes started together on an empty database all become ready, and seed once', async () => {
    const url = await emptyDatabase();
    const env = {
      DATABASE_URL: url,
      OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
      OLYMPUS_SEED: 'true',
      OLYMPUS_DEMO_PASSWORD: DEMO_PASSWORD,
    };
    const servers = await Promise.allSettled([startServer(env), startServer(env), startServer(env)]);
    try {
      expect(servers.flatMap((s) => (s.status === 'rejected' ? [String((s.reason as Error).message)] : []))).toEqual(
        [],
      );
      expect(await migrationsApplied(url)).toHaveLength(JOURNAL.entries.length);
      const [counts] = await rows<{ users: number; companies: number }>(
        url,
        'select (select count(*)::int from users) as users, (select count(*)::int from companies) as companies',
      );
      expect(counts).toEqual({ users: 4, companies: 3 });
      // Exactly one of them printed the demo sign-ins.
      const banners = servers.flatMap((s) =>
        s.status === 'fulfilled' && s.value.output().includes('Demo sign-ins (seeded just now)') ? [1] : [],
      );
      expect(banners).toHaveLength(1);
    } finally {
      await Promise.all(servers.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    }
  }, 120_000);

  it('a failing migration names its cause and does not blame DATABASE_URL', async () => {
    const url = await emptyDatabase();
    // Something already in the way of the first migration.
    await rows(url, 'create table companies (x int)');
    const failed = await runToExit({ DATABASE_URL: url, OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex') });
    expect(failed.code).toBe(1);
    expect(failed.output).toMatch(
      /Olympus could not migrate the database at postgres:\/\/olympus@127\.0\.0\.1:\d+\/olympus_start_\w+: relation "companies" already exists/,
    );
    expect(failed.output).not.toContain('Check DATABASE_URL');
    expect(failed.output).not.toMatch(/^\s+at /m);
    // A database that does not exist still points at the setting.
    const u = new URL(url);
    u.pathname = '/olympus_start_missing';
    const missing = await runToExit({
      DATABASE_URL: u.toString(),
      OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(
      /cannot use the database at .*olympus_start_missing: .*create the database first.*Check DATABASE_URL\./,
    );
  }, 60_000);
});
