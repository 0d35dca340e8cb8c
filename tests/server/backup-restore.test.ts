// Backups (README "Backups and durability"): a backup of a database in use, restored into an empty
// database, gives back every table row for row — records, audit rows, sessions, pending invitations
// (not voided by the restore) — and, with the same secret key, every sealed secret opens again: an
// integration secret, a TOTP secret (its holder signs in with a code) and the hand-off signing key. A
// restore refuses a database that is not empty, a key other than the backup's, a backup from a newer
// version, and rolls a truncated file back to nothing. Snapshots of the embedded database are written
// by the server and pruned to the retention count. On PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld, type Api, type World } from './resources-fixtures';
import { authClient, uniqueIp } from './auth-client';
import { codeAt, enrol, nowStep } from './two-factor-client';
import { PASSWORD } from './factories';
import { buildApp } from '../../server/app';
import { loadConfig, ConfigError } from '../../server/config';
import { openDatabase, type Database, type Db } from '../../server/db';
import { open, sealContext, secretKey } from '../../server/integrations/crypto';
import { signingKey } from '../../server/systems/keys';
import { TEXT_SETTINGS, rowsOf, writeBackup, type BackupHeader } from '../../server/backups/dump';
import { restoreBackup, RestoreRefused } from '../../server/backups/restore';
import { listSnapshots, snapshotDir, takeSnapshot } from '../../server/backups/snapshots';

const SECRET = 'fixflo-api-key-backed-up-77';
const pgUrl = inject('postgresTemplateUrl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-backup-'));

let t: TestApp;
let w: World;
let sa: Api;
let key: Buffer;
const db = () => t.database.db;
/** What the original holds that the restore must give back, learnt while making it. */
const made = { totpSecret: '', totpEmail: '', invitationToken: '', kid: '', upload: '' };
/** An uploaded file's bytes (docs/resources.md "Files": kept in the database, so in its backups). */
const FILE_BYTES = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048), Buffer.from([0, 0xff, 0x5c, 0x27])]);

/** The file as a multipart form, uploaded through the API as `who`. */
async function uploadAs(app: FastifyInstance, who: { authorization: string }): Promise<string> {
  const boundary = 'olympusbackup';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deed.pdf"\r\n\r\n`),
      FILE_BYTES,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}

beforeAll(async () => {
  t = await createTestApp();
  key = secretKey(t.config);
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  // Records and their audit rows, written through the API.
  const property = await sa.post('/properties', {
    name: 'Backed Up House',
    reference: 'BK-1',
    latitude: 53.8008,
    longitude: -1.5491,
  });
  expect(property.statusCode).toBe(201);
  expect(
    (await sa.post('/units', { name: 'Flat 1', property_id: property.json().data.id, bedrooms: 2, furnished: true }))
      .statusCode,
  ).toBe(201);
  // Sealed secrets: an integration's, a TOTP secret, the hand-off signing key.
  expect(
    (
      await sa.put(`/companies/${w.own.id}/integrations/maintenance`, {
        api_url: 'https://fixflo.example/api/v2',
        api_key: SECRET,
      })
    ).statusCode,
  ).toBe(200);
  made.totpSecret = (await enrol(t, w.headers.admin)).secret;
  made.totpEmail = w.users.admin.email;
  made.kid = (await signingKey(db())).kid;
  made.upload = await uploadAs(t.app, w.headers.admin);
  // A pending invitation: restoring its user's companies and systems must not void it.
  const email = `restored-invitee-${randomBytes(3).toString('hex')}@example.test`;
  const after = t.mail.messages.length;
  expect((await sa.post('/users', { name: 'Ivy Restored', email, companies: [w.own.id] })).statusCode).toBe(201);
  made.invitationToken = /\/invitation#([A-Za-z0-9_-]+)/.exec((await t.mail.waitFor(email, { after })).text)![1];
});
afterAll(async () => {
  await t?.close();
});

/** A new, empty database of the engine under test (no tables, never migrated). */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!pgUrl)
    return {
      database: await openDatabase({ kind: 'pglite', dataDir: null }, { migrate: false }),
      drop: async () => {},
    };
  const name = 'olympus_restore_' + randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = '/' + name;
  const database = await openDatabase({ kind: 'postgres', url: u.toString() }, { migrate: false });
  return {
    database,
    drop: async () => {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Every row of every table (as PostgreSQL prints it, in UTC and ISO dates, sorted), every sequence and
 * the migrations journal.
 */
function contents(d: Db): Promise<Record<string, string[]>> {
  return d.transaction(async (tx) => {
    for (const setting of TEXT_SETTINGS) await tx.execute(setting);
    return contentsIn(tx);
  });
}

async function contentsIn(d: Pick<Db, 'execute'>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = await rowsOf<{ name: string }>(
    d,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  for (const { name } of tables)
    out[name] = (await rowsOf<{ r: string }>(d, sql.raw(`select x::text as r from public."${name}" x order by 1`))).map(
      (r) => r.r,
    );
  const sequences = await rowsOf<{ name: string }>(
    d,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
  for (const { name } of sequences) {
    out[`sequence ${name}`] = (
      await rowsOf<{ r: string }>(
        d,
        sql.raw(`select last_value::text || ' ' || is_called::text as r from public."${name}"`),
      )
    ).map((r) => r.r);
  }
  out['drizzle migrations'] = (
    await rowsOf<{ r: string }>(
      d,
      sql`select hash || ' ' || created_at::text as r from drizzle.__drizzle_migrations order by created_at`,
    )
  ).map((r) => r.r);
  return out;
}

const objectCount = async (d: Db) =>
  Number(
    (
      await rowsOf<{ n: number }>(
        d,
        sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
      )
    )[0].n,
  );

let file: string;
let before: Record<string, string[]>;

describe('a backup restored into an empty database', () => {
  it('gives back every table row for row, and every sealed secret opens with the same key', async () => {
    before = await contents(db());
    expect(before.audit_log.length).toBeGreaterThan(3);
    // Rows owned by a user's companies (an array column) are among them: the user created, the TOTP enrolment.
    expect(
      (
        await rowsOf<{ n: number }>(
          db(),
          sql`select count(*)::int as n from audit_log where cardinality(company_ids) > 0`,
        )
      )[0].n,
    ).toBeGreaterThan(1);
    expect(before.integration_settings).toHaveLength(1);
    expect(before.invitations).toHaveLength(1);
    expect(before.upload_contents).toHaveLength(1);
    file = path.join(tmp, 'olympus.jsonl.gz');
    const summary = await writeBackup(db(), t.database.kind, file);
    // Table names hold no space; the other keys of `before` do.
    const tables = Object.entries(before).filter(([k]) => !k.includes(' '));
    expect(summary).toMatchObject({
      tables: tables.length,
      rows: tables.reduce((n, [, rows]) => n + rows.length, 0),
      secretKeyCheck: expect.any(String),
    });
    // It holds password hashes and sealed secrets: readable by this user only. The key is not in it.
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(gunzipSync(readFileSync(file)).toString()).not.toContain(key.toString('hex'));
    expect(gunzipSync(readFileSync(file)).toString()).not.toContain(SECRET);

    const { database, drop } = await emptyDatabase();
    let app: FastifyInstance | null = null;
    try {
      const restored = await restoreBackup(database, file, key);
      expect(restored).toMatchObject({
        tables: summary.tables,
        rows: summary.rows,
        laterMigrations: 0,
        keyOpens: true,
        sealed: true,
      });
      expect(await contents(database.db)).toEqual(before);

      // A server on the restored database with the same key starts (the key check opens) and reads back every secret.
      app = await buildApp({ config: t.config, database, logger: false });
      await app.ready();
      const [integration] = await rowsOf<{ company_id: string; integration: string; secrets: string }>(
        database.db,
        sql`select company_id::text, integration, secrets from integration_settings`,
      );
      expect(
        open(key, integration.secrets, sealContext(integration.company_id, integration.integration)),
      ).toMatchObject({ api_key: SECRET });
      expect((await signingKey(database.db)).kid).toBe(made.kid);
      const restoredApp = { ...t, app, database };
      const login = await authClient(restoredApp).login(made.totpEmail, PASSWORD);
      expect(login.statusCode).toBe(200);
      const mfa = await authClient(restoredApp).post('/api/v1/auth/login/mfa', {
        challenge: login.json().data.challenge,
        code: codeAt(made.totpSecret, nowStep() + 1),
      });
      expect(mfa.statusCode, mfa.body).toBe(200);
      // The invitation mailed before the backup still opens.
      const check = await authClient(restoredApp).post(
        '/api/v1/auth/invitation/check',
        { token: made.invitationToken },
        { ip: uniqueIp() },
      );
      expect(check.statusCode, check.body).toBe(200);
      // The uploaded file comes back byte for byte.
      const got = await app.inject({
        method: 'GET',
        url: `/api/v1/uploads/${made.upload}`,
        headers: w.headers.admin,
        remoteAddress: uniqueIp(),
      });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(FILE_BYTES)).toBe(true);
    } finally {
      await app?.close();
      app?.mailer.close();
      await database.close().catch(() => {});
      await drop();
    }
  });

  it('is refused into a database that is not empty, which stays as it was', async () => {
    await expect(restoreBackup(t.database, file, key)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(t.database, file, key)).rejects.toThrow(
      /^The database is not empty .* create a new database \(createdb\)/,
    );
    expect(await contents(db())).toEqual(before);
  });

  it('is refused with another secret key, with a newer backup, and rolled back whole from a truncated file', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await expect(restoreBackup(database, file, randomBytes(32))).rejects.toThrow(
        /^The secret key here .* is not the one this backup's secrets were sealed with/,
      );

      const [headerLine, ...rest] = gunzipSync(readFileSync(file)).toString().split('\n');
      const header = JSON.parse(headerLine) as BackupHeader;
      const newer = path.join(tmp, 'newer.jsonl.gz');
      header.migrations.push({ hash: 'f'.repeat(64), created_at: 4_102_444_800_000 });
      writeFileSync(newer, gzipSync([JSON.stringify(header), ...rest].join('\n')));
      await expect(restoreBackup(database, newer, key)).rejects.toThrow(/taken by a newer version of Olympus/);

      const truncated = path.join(tmp, 'truncated.jsonl.gz');
      const whole = readFileSync(file);
      writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.7)));
      await expect(restoreBackup(database, truncated, key)).rejects.toThrow();
      // Nothing of it stayed: the database is as empty as before, so the restore can be run again.
      expect(await objectCount(database.db)).toBe(0);
      await expect(restoreBackup(database, path.join(tmp, 'missing.jsonl.gz'), key)).rejects.toThrow(
        /^There is no backup file/,
      );
    } finally {
      await drop();
    }
  });
});

describe('a backup taken by an earlier version', () => {
  it("is restored under its own migrations, then this version's newer ones run as at a start", async () => {
    const [headerLine] = gunzipSync(readFileSync(file)).toString().split('\n');
    const header = JSON.parse(headerLine) as BackupHeader;
    // The schema two migrations ago, with no rows (rows of an older schema would need that version to write them).
    const older = path.join(tmp, 'older.jsonl.gz');
    const kept = header.migrations.length - 2;
    const lines = [
      { ...header, migrations: header.migrations.slice(0, kept), secret_key_check: null, tables: [], sequences: [] },
      { end: { rows: {} } },
    ];
    writeFileSync(older, gzipSync(lines.map((l) => JSON.stringify(l)).join('\n')));
    const { database, drop } = await emptyDatabase();
    try {
      expect(await restoreBackup(database, older, null)).toMatchObject({
        migrations: kept,
        laterMigrations: 2,
        rows: 0,
      });
      expect((await contents(database.db))['drizzle migrations']).toEqual(before['drizzle migrations']);
    } finally {
      await drop();
    }
  });
});

describe.skipIf(!pgUrl)('a backup of the embedded database', () => {
  it('restores into PostgreSQL: the way from the embedded database to DATABASE_URL', async () => {
    const embedded = await openDatabase({ kind: 'pglite', dataDir: null });
    const { database, drop } = await emptyDatabase();
    try {
      const world = await createWorld(embedded.db);
      await embedded.db.execute(sql`insert into audit_log (actor_id, action, entity, entity_id, changes, ip) values
        (${world.users.admin.id}, 'company.updated', 'company', ${world.own.id}, ${JSON.stringify({ name: { before: 'Ä', after: 'Ω 😀' } })}::jsonb, '10.1.2.3')`);
      const embeddedFile = path.join(tmp, 'embedded.jsonl.gz');
      await writeBackup(embedded.db, 'pglite', embeddedFile);
      expect(await restoreBackup(database, embeddedFile, null)).toMatchObject({
        laterMigrations: 0,
        keyOpens: null,
        sealed: false,
      });
      expect(await contents(database.db)).toEqual(await contents(embedded.db));
    } finally {
      await embedded.close();
      await drop();
    }
  });
});

describe.skipIf(!!pgUrl)('scheduled snapshots of the embedded database', () => {
  it('are written by the server at start when there is none, not again before the interval, and pruned to the count', async () => {
    const dataDir = mkdtempSync(path.join(tmp, 'snap-'));
    const at = (h: number) => new Date(Date.UTC(2030, 0, 1, h));
    for (const h of [1, 2, 3]) await takeSnapshot(db(), dataDir, 2, at(h));
    expect(listSnapshots(snapshotDir(dataDir))).toEqual([
      'olympus-2030-01-01T02-00-00-000Z.jsonl.gz',
      'olympus-2030-01-01T03-00-00-000Z.jsonl.gz',
    ]);
    if (process.platform !== 'win32') expect(statSync(snapshotDir(dataDir)).mode & 0o777).toBe(0o700);

    // The server's own timer: the same key (t.config's data directory), a count of 1.
    const start = async () => {
      const app = await buildApp({
        config: { ...t.config, backupIntervalHours: 24, backupKeep: 1 },
        database: t.database,
        logger: false,
      });
      await app.ready();
      return app;
    };
    const dir = snapshotDir(t.config.dataDir);
    const first = await start();
    const deadline = Date.now() + 10_000;
    while (listSnapshots(dir).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await first.close();
    const taken = listSnapshots(dir);
    expect(taken).toHaveLength(1);
    // A restart within the interval takes none at once.
    const second = await start();
    await new Promise((r) => setTimeout(r, 300));
    await second.close();
    expect(listSnapshots(dir)).toEqual(taken);
  });
});

describe('the settings', () => {
  it('take an interval in whole hours and a count, with one message per bad value, and no interval with DATABASE_URL', () => {
    expect(loadConfig({})).toMatchObject({ backupIntervalHours: null, backupKeep: 7 });
    expect(loadConfig({ OLYMPUS_BACKUP_INTERVAL_HOURS: '24', OLYMPUS_BACKUP_KEEP: '14' })).toMatchObject({
      backupIntervalHours: 24,
      backupKeep: 14,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        if (err instanceof ConfigError) return err.problems;
        throw err;
      }
      return [];
    };
    expect(problems({ OLYMPUS_BACKUP_INTERVAL_HOURS: '0.5', OLYMPUS_BACKUP_KEEP: '0' })).toEqual([
      'OLYMPUS_BACKUP_INTERVAL_HOURS must be a whole number of hours from 1 to 8760, or unset to take no scheduled snapshots (got "0.5").',
      'OLYMPUS_BACKUP_KEEP must be a whole number from 1 to 1000 (got "0").',
    ]);
    expect(
      problems({
        DATABASE_URL: 'postgres://u:p@db.example/olympus',
        OLYMPUS_SECRET_KEY: 'a'.repeat(64),
        OLYMPUS_BACKUP_INTERVAL_HOURS: '24',
      }),
    ).toEqual([
      'OLYMPUS_BACKUP_INTERVAL_HOURS is for the embedded database only: with DATABASE_URL, run `npm run backup` (or pg_dump) from a scheduler instead.',
    ]);
  });
});
