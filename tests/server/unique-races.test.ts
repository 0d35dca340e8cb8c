// Names unique without letter case, under parallel creates (docs/security.md "Limits that hold under
// concurrency"): each rule is held by a unique index on lower(…), so requests sent at once — to one
// app or to two apps sharing the database — create one record and answer the others exactly as a
// sequential duplicate is answered. Role names (unique per system), users' email and properties'
// slug (stored lower-case, unique per company). On PostgreSQL the two apps have a connection pool
// each on one database; on PGlite (one connection) they share one handle.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { MIGRATIONS_DIR, migrateDatabase, openDatabase, type Database, type Db } from '../../server/db';
import { openTestDatabase, type TestApp } from './harness';
import { apiAs, count, createWorld, type Api, type World } from './resources-fixtures';
import { startSmtpSink, type SmtpSink } from '../support/smtp';

const ROUNDS = 10;
const pgUrl = inject('postgresTemplateUrl');

let apps: TestApp[];
let mail: SmtpSink;
let closeAll: () => Promise<void>;
let w: World;
/** The super admin's requests, the i-th to app i % 2. */
let sa: Api[];
const db = (): Db => apps[0].database.db;

/** Two apps on one database, as two instances behind a load balancer. */
beforeAll(async () => {
  mail = await startSmtpSink();
  let databases: Database[];
  let drop: () => Promise<void>;
  if (pgUrl) {
    const name = 'olympus_races_' + randomBytes(6).toString('hex');
    const admin = async (query: string) => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(query).finally(() => c.end());
    };
    await admin(`create database ${name} template olympus_test_template`);
    const u = new URL(pgUrl);
    u.pathname = '/' + name;
    databases = [
      await openDatabase({ kind: 'postgres', url: u.toString() }, { migrate: false }),
      await openDatabase({ kind: 'postgres', url: u.toString() }, { migrate: false }),
    ];
    drop = () => admin(`drop database if exists ${name} with (force)`);
  } else {
    const opened = await openTestDatabase();
    databases = [opened.database, opened.database];
    drop = opened.drop;
  }
  // One data directory: both seal with the same generated key, as instances given one OLYMPUS_SECRET_KEY.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-data-'));
  apps = [];
  for (const database of databases) {
    const config = loadConfig(
      {},
      { dataDir, staticDir: null, logLevel: 'silent', smtpUrl: mail.url, publicUrl: 'http://olympus.test' },
    );
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push({ app, database, config, mail, close: async () => {} });
  }
  closeAll = async () => {
    for (const t of apps) {
      await t.app.close();
      t.app.mailer.close();
    }
    for (const d of new Set(databases)) await d.close();
    await drop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  w = await createWorld(db());
  sa = apps.map((t) => apiAs(t, w.headers.super_admin, w.own.id));
}, 60_000);
afterAll(() => closeAll?.());

/** The same text in four letter cases. */
const cases = (s: string) => [s, s.toUpperCase(), s.toLowerCase(), s[0].toLowerCase() + s.slice(1).toUpperCase()];
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() as unknown });

/**
 * `rounds` times: `send(i, text)` for the four cases of a fresh text at once, alternating apps. Exactly
 * one succeeds with `ok`, every other answers `refused`, and `rows(text)` finds one record.
 */
async function race(opts: {
  base: (round: number) => string;
  send: (api: Api, text: string, i: number, round: number) => Promise<LightMyRequestResponse>;
  ok: number;
  refused: { status: number; body: unknown };
  rows: (text: string) => Promise<number>;
}) {
  for (let round = 1; round <= ROUNDS; round++) {
    const texts = cases(opts.base(round));
    const answers = (await Promise.all(texts.map((text, i) => opts.send(sa[i % 2], text, i, round)))).map(answer);
    expect(
      answers.filter((a) => a.status === opts.ok),
      `round ${round}: ${JSON.stringify(answers)}`,
    ).toHaveLength(1);
    expect(
      answers.filter((a) => a.status !== opts.ok),
      `round ${round}`,
    ).toEqual(Array(texts.length - 1).fill(opts.refused));
    expect(await opts.rows(texts[0]), `round ${round}`).toBe(1);
  }
}

const rolesNamed = (name: string) =>
  count(db(), sql`select count(*) as n from roles where lower(name) = lower(${name})`);

describe('role names (unique per system, whatever the letter case)', () => {
  let duplicate: { status: number; body: unknown };
  beforeAll(async () => {
    expect((await sa[0].post('/roles', { name: 'Seq-Role', label: 'Seq' })).statusCode).toBe(201);
    duplicate = answer(await sa[1].post('/roles', { name: 'SEQ-ROLE', label: 'Seq' }));
    expect(duplicate).toEqual({
      status: 409,
      body: {
        message: 'The role name has already been taken.',
        errors: { name: ['The role name has already been taken.'] },
      },
    });
  });

  it(`parallel creates: one 201, the others the sequential duplicate's 409 (${ROUNDS} rounds)`, async () => {
    await race({
      base: (r) => `Ops-Create-${r}`,
      send: (api, name) => api.post('/roles', { name, label: `Label of ${name}`, permissions: ['users.view'] }),
      ok: 201,
      refused: duplicate,
      rows: rolesNamed,
    });
  });

  it(`parallel renames of four roles to one name: one 200, the others 409 (${ROUNDS} rounds)`, async () => {
    // Made first, so that only the renames are sent at once.
    const ids: string[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      ids[round] = [];
      for (let i = 0; i < 4; i++) {
        const role = await sa[0].post('/roles', { name: `rename-${round}-${i}`, label: 'Renamed' });
        expect(role.statusCode).toBe(201);
        ids[round].push(role.json().data.id as string);
      }
    }
    await race({
      base: (r) => `Ops-Rename-${r}`,
      send: (api, name, i, round) => api.put(`/roles/${ids[round][i]}`, { name, label: 'Renamed' }),
      ok: 200,
      refused: duplicate,
      rows: rolesNamed,
    });
  });

  it('another system may still have a role of the same name, and a role may change the case of its own name', async () => {
    const created = (await sa[0].post('/roles', { name: 'Viewer-Case', label: 'Viewer' })).json().data;
    await db().execute(
      sql`insert into roles (system_id, name, label) select id, 'viewer-case', 'Viewer' from systems where name = 'Everest'`,
    );
    expect(await rolesNamed('viewer-case')).toBe(2);
    const renamed = await sa[1].put(`/roles/${created.id}`, { name: 'VIEWER-CASE', label: 'Viewer' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('VIEWER-CASE');
  });
});

describe('users’ email (unique whatever the letter case; the check was already held by users_email_lower)', () => {
  it(`parallel creates: one 201, the others the sequential duplicate's 422 (${ROUNDS} rounds)`, async () => {
    const user = (email: string) => ({ name: 'Race Person', email, olympus_role_uuid: '' });
    expect((await sa[0].post('/users', user('seq.person@example.test'))).statusCode).toBe(201);
    const duplicate = answer(await sa[1].post('/users', user('SEQ.Person@example.test')));
    expect(duplicate).toEqual({
      status: 422,
      body: { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } },
    });
    await race({
      base: (r) => `Race.Person${r}@Example.test`,
      send: (api, email) => api.post('/users', user(email)),
      ok: 201,
      refused: duplicate,
      rows: (email) => count(db(), sql`select count(*) as n from users where lower(email) = lower(${email})`),
    });
  });
});

describe('properties’ slug (stored lower-case, unique in the company)', () => {
  it(`parallel creates with one slug in four cases: one 201, the others the sequential duplicate's 409 (${ROUNDS} rounds)`, async () => {
    expect((await sa[0].post('/properties', { name: 'Seq House', slug: 'seq-house' })).statusCode).toBe(201);
    const duplicate = answer(await sa[1].post('/properties', { name: 'Seq House', slug: 'SEQ-House' }));
    expect(duplicate).toEqual({
      status: 409,
      body: { message: 'The slug has already been taken.', errors: { slug: ['The slug has already been taken.'] } },
    });
    await race({
      base: (r) => `Wharf-House-${r}`,
      send: (api, slug) => api.post('/properties', { name: 'Wharf House', slug }),
      ok: 201,
      refused: duplicate,
      rows: (slug) =>
        count(
          db(),
          sql`select count(*) as n from properties where company_id = ${w.own.id} and lower(slug) = lower(${slug})`,
        ),
    });
  });
});

describe('the migration to case-blind role names, on a database that already has names differing only in case', () => {
  it('keeps the oldest role’s name, renames the others, and then holds the rule', async () => {
    // The migrations before it, from a copy of the folder whose journal stops there.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'olympus-migrations-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, { migrate: false });
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const at = journal.entries.findIndex((e) => e.tag === '0010_role_names_without_case');
      expect(at).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder });

      const d = database.db;
      await d.execute(sql`insert into systems (name) values ('Olympus'), ('Everest')`);
      // Oldest first: 'Ops' keeps its name.
      for (const [i, name] of ['Ops', 'OPS', 'ops', 'Other'].entries()) {
        await d.execute(
          sql`insert into roles (system_id, name, label, created_at) select id, ${name}, ${name}, now() - make_interval(mins => ${10 - i}) from systems where name = 'Olympus'`,
        );
      }
      await d.execute(
        sql`insert into roles (system_id, name, label) select id, 'OPS', 'Ops' from systems where name = 'Everest'`,
      );

      await migrateDatabase(database);
      const rows = (await d.execute(
        sql`select s.name as system, r.name, r.id::text as id from roles r join systems s on s.id = r.system_id order by r.created_at, r.name`,
      )) as unknown as {
        rows: { system: string; name: string; id: string }[];
      };
      const olympus = rows.rows.filter((r) => r.system === 'Olympus');
      expect(olympus.map((r) => r.name)).toEqual([
        'Ops',
        `OPS-${olympus[1].id.slice(0, 8)}`,
        `ops-${olympus[2].id.slice(0, 8)}`,
        'Other',
      ]);
      expect(rows.rows.filter((r) => r.system === 'Everest').map((r) => r.name)).toEqual(['OPS']);
      await expect(
        d.execute(
          sql`insert into roles (system_id, name, label) select id, 'oPs', 'x' from systems where name = 'Olympus'`,
        ),
      ).rejects.toThrow();
    } finally {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
