// Secrets at rest: the hand-off signing key is sealed with the secret key like integration
// secrets, so a database backup alone cannot mint tokens; a start with another key, or without the
// key file while the database holds sealed secrets, is refused with nothing changed; and a secret
// that does not open at runtime is never dropped by a save. With DATABASE_URL the key must be given:
// no key file is generated.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from 'jose';
import { createTestApp, openTestDatabase, type TestApp } from './harness';
import { apiAs, createWorld, type Api, type World } from './resources-fixtures';
import { buildApp } from '../../server/app';
import type { Config } from '../../server/config';
import type { Database, Db } from '../../server/db';
import { signingKeys } from '../../server/db/schema';
import { signingKey } from '../../server/systems/keys';
import { seal, sealContext } from '../../server/integrations/crypto';
import { runToExit, startServer } from './server-process';

const MISMATCH =
  /^OLYMPUS_SECRET_KEY does not match the key this database's secrets were sealed with\. Restore the original key \(or .*secret\.key\)/;
const MISSING =
  /^OLYMPUS_SECRET_KEY is not set and .*secret\.key does not exist, but this database holds secrets sealed with a key\./;
const SECRET = 'xero-Client-Secret-at-rest-91';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t?.close());

const rows = async <T>(d: Db, query: ReturnType<typeof sql>) => (await d.execute(query)) as unknown as { rows: T[] };
/** Everything a key change could touch, to prove a refused start changed nothing. */
const snapshot = async (d: Db) =>
  JSON.stringify([
    (await rows(d, sql`select * from secret_key_check`)).rows,
    (
      await rows(
        d,
        sql`select company_id, integration, settings, secrets from integration_settings order by company_id, integration`,
      )
    ).rows,
    (await rows(d, sql`select kid, private_jwk, retired_at from signing_keys order by kid`)).rows,
  ]);

/** Another instance starting on the same database with other settings. */
async function startAnother(database: Database, overrides: Partial<Config>) {
  const app = await buildApp({ config: { ...t.config, ...overrides }, database, logger: false });
  await app.close();
}
const emptyDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'olympus-data-'));

describe('a backup of the database', () => {
  it('holds no usable private signing key, while hand-off signing still works', async () => {
    const jwks = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    const [row] = await db().select().from(signingKeys);
    expect(Object.keys(row.privateJwk)).toEqual(['sealed']);
    expect(JSON.stringify(row)).not.toMatch(/"d"/);
    // The running server still signs tokens that verify against its published keys.
    const { kid, privateKey } = await signingKey(db());
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setAudience('x')
      .setExpirationTime('1m')
      .sign(privateKey);
    await expect(
      jwtVerify(token, createLocalJWKSet(jwks.json() as JSONWebKeySet), { audience: 'x' }),
    ).resolves.toBeTruthy();
  });

  it('from an earlier version: a private key stored in the clear is sealed at the next start and keeps its kid', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
      await database.db
        .insert(signingKeys)
        .values({ kid, alg: 'ES256', publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' }, privateJwk });
      await startAnother(database, { dataDir: emptyDataDir() });
      const [row] = await database.db.select().from(signingKeys);
      expect(row.kid).toBe(kid);
      expect(Object.keys(row.privateJwk)).toEqual(['sealed']);
      expect(JSON.stringify(row)).not.toContain(privateJwk.d!);
      const signed = await signingKey(database.db);
      expect(signed.kid).toBe(kid);
      const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid }).sign(signed.privateKey);
      await expect(jwtVerify(token, publicKey)).resolves.toBeTruthy();
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('a start', () => {
  beforeAll(async () => {
    const res = await sa.put(`/companies/${w.own.id}/integrations/accounting`, {
      client_id: 'olympus',
      client_secret: SECRET,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('with another OLYMPUS_SECRET_KEY is refused with a clear message, changing nothing', async () => {
    const before = await snapshot(db());
    await expect(startAnother(t.database, { secretKey: randomBytes(32) })).rejects.toThrow(MISMATCH);
    await expect(startAnother(t.database, { secretKey: randomBytes(32), dataDir: emptyDataDir() })).rejects.toThrow(
      MISMATCH,
    );
    expect(await snapshot(db())).toBe(before);
  });

  it('without OLYMPUS_SECRET_KEY and without the key file is refused, and creates no new key', async () => {
    const before = await snapshot(db());
    const dir = emptyDataDir();
    await expect(startAnother(t.database, { dataDir: dir })).rejects.toThrow(MISSING);
    expect(existsSync(path.join(dir, 'secret.key'))).toBe(false);
    expect(await snapshot(db())).toBe(before);
  });

  it('with the original key still works', async () => {
    await expect(startAnother(t.database, {})).resolves.toBeUndefined();
  });

  it('on a database from before the key check is refused when its secrets do not open, and records the key when they do', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const key = randomBytes(32);
      const company = (
        await rows<{ id: string }>(
          database.db,
          sql`insert into companies (name, address_line_1, city, postcode) values ('Old Co', '1 Road', 'York', 'YO1 1AA') returning id`,
        )
      ).rows[0];
      await database.db.execute(
        sql`insert into integration_settings (company_id, integration, settings, secrets) values (${company.id}, 'accounting', '{}', ${seal(key, { client_secret: SECRET }, sealContext(company.id, 'accounting'))})`,
      );
      const before = await snapshot(database.db);
      await expect(startAnother(database, { secretKey: randomBytes(32), dataDir: emptyDataDir() })).rejects.toThrow(
        MISMATCH,
      );
      await expect(startAnother(database, { secretKey: null, dataDir: emptyDataDir() })).rejects.toThrow(MISSING);
      expect(await snapshot(database.db)).toBe(before);
      await startAnother(database, { secretKey: key, dataDir: emptyDataDir() });
      expect((await rows(database.db, sql`select id from secret_key_check`)).rows).toHaveLength(1);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('of two instances with different keys on a new database at the same moment: one wins, the other is refused', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      const starts = await Promise.allSettled(
        [0, 1, 2].map(() => startAnother(database, { secretKey: randomBytes(32), dataDir: emptyDataDir() })),
      );
      expect(starts.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      for (const s of starts) if (s.status === 'rejected') expect((s.reason as Error).message).toMatch(MISMATCH);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe('an integration secret that does not open at runtime', () => {
  it('is not dropped by a save: the save is refused and the row is unchanged', async () => {
    // A sealed value copied from another company's row does not open here (bound to its row).
    const other = w.other;
    await db().execute(sql`insert into integration_settings (company_id, integration, settings, secrets)
      select ${other.id}, integration, settings, secrets from integration_settings where company_id = ${w.own.id} and integration = 'accounting'`);
    const before = await snapshot(db());
    const res = await sa.put(
      `/companies/${other.id}/integrations/accounting`,
      { client_id: 'changed', tenant_id: 't-1' },
      other.id,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message:
        'The saved secrets of this integration cannot be decrypted with this server’s secret key, so nothing was saved. Restore the original OLYMPUS_SECRET_KEY and try again.',
    });
    expect(await snapshot(db())).toBe(before);
  });
});

describe('with DATABASE_URL (production)', () => {
  const pgUrl = inject('postgresTemplateUrl');

  it('the server refuses to start without OLYMPUS_SECRET_KEY, saying how to make one, and writes no key file', async () => {
    // Refused by the configuration check, before any connection: no database is needed.
    const run = await runToExit({ DATABASE_URL: 'postgres://olympus:pw@127.0.0.1:9/olympus' });
    expect(run.code).toBe(1);
    expect(run.output).toMatch(
      /^Olympus cannot start, the configuration has problems:\n {2}- OLYMPUS_SECRET_KEY is required with DATABASE_URL: /,
    );
    expect(run.output).toContain('openssl rand -hex 32');
    expect(run.output).not.toContain(':pw@');
    expect(run.files).toEqual([]);
  });

  it.skipIf(!pgUrl)(
    'with OLYMPUS_SECRET_KEY it starts and seals with that key, writing no key file',
    async () => {
      const name = 'olympus_key_' + randomBytes(6).toString('hex');
      const admin = async (query: string) => {
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(query).finally(() => c.end());
      };
      await admin(`create database ${name} template olympus_test_template`);
      try {
        const u = new URL(pgUrl);
        u.pathname = '/' + name;
        const server = await startServer({
          DATABASE_URL: u.toString(),
          OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
        });
        try {
          expect(readdirSync(server.dataDir)).not.toContain('secret.key');
        } finally {
          await server.stop();
        }
      } finally {
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
    60_000,
  );
});
