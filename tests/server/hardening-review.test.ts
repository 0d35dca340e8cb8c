// Attacks tried against the hardening (docs/security.md) after it landed: each states the secure
// behaviour. Unpaged caps reach form options and embedded lists; mail failures and the outbox keep
// addresses out of the log; the bootstrap password expires and may not be a common one; odd input
// (headers, cookies, other content types, deep JSON) never answers 500; the SSO binding cookie fits the SPA.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { bootstrapAdmin } from '../../server/db/bootstrap';
import { ConfigError, loadConfig } from '../../server/config';
import { policyErrors } from '../../server/auth/passwordPolicy';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createUser } from './factories';
import { authClient, uniqueIp } from './auth-client';
import { apiAs, createProperty, createWorld, type Api, type World } from './resources-fixtures';
import { buildApp } from '../../server/app';
import { startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';
import { UNPAGED_LIST_MAX } from '../../contract/lists';

const LOGIN = '/api/v1/auth/login';
const RESET = '/api/v1/auth/password/reset';

describe('unpaged cap and lists', () => {
  let t: TestApp;
  let w: World;
  let sa: Api;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
    sa = apiAs(t, w.headers.super_admin, w.own.id);
    await t.database.db.execute(
      sql`insert into properties (company_id, name, slug) select ${w.own.id}, 'P ' || n, 'p-' || n from generate_series(1, ${UNPAGED_LIST_MAX + 1}) n`,
    );
  }, 120_000);
  afterAll(() => t.close());

  it('GET /properties without page, with q=, with sort= answers 422 past the cap', async () => {
    for (const q of ['', '?q=p', '?sort=-name', '?q=p&q_in=name']) {
      expect((await sa.get(`/properties${q}`)).statusCode, q).toBe(422);
    }
  });

  it('GET /users?all=true (super admin) is capped too', async () => {
    await t.database.db.execute(
      sql`insert into users (name, username, email) select 'Bulk ' || n, 'bulk' || n, 'bulk' || n || '@example.test' from generate_series(1, ${UNPAGED_LIST_MAX + 1}) n`,
    );
    for (const q of ['?all=true', '?all=true&q=bulk', '?all=1']) {
      const res = await sa.get(`/users${q}`);
      expect(res.statusCode, `${q} ${res.body.slice(0, 200)}`).toBe(422);
    }
  });

  it(`GET /units/create offers at most ${UNPAGED_LIST_MAX} properties inline`, async () => {
    const res = await sa.get('/units/create');
    const flat = JSON.stringify(res.json().fields);
    const property = (res.json().fields as { fields: { name: string; options?: Record<string, string> }[] }[])
      .flatMap((g) => g.fields)
      .find((f) => f.name === 'property_id');
    const n = Object.keys(property?.options ?? {}).length;
    expect(flat.length).toBeGreaterThan(0);
    expect(res.statusCode).toBe(200);
    expect(n, `${n} options, ${res.body.length} bytes`).toBe(UNPAGED_LIST_MAX);
  });

  it(`GET /properties/{id}/edit of a property with more than ${UNPAGED_LIST_MAX} units opens with the first ${UNPAGED_LIST_MAX} and their total`, async () => {
    const property = await createProperty(t.database.db, w.own.id);
    await t.database.db.execute(
      sql`insert into units (company_id, property_id, name, unit_type) select ${w.own.id}, ${property.id}, 'U ' || n, 'Flat' from generate_series(1, ${UNPAGED_LIST_MAX + 1}) n`,
    );
    const res = await sa.get(`/properties/${property.id}/edit`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().data.units).toHaveLength(UNPAGED_LIST_MAX);
    expect(res.json().data.units_total).toBe(UNPAGED_LIST_MAX + 1);
  });
});

describe('log hygiene', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let smtp: SMTPServer;
  const lines: string[] = [];

  beforeAll(async () => {
    // A mail server that refuses every recipient (a mistyped domain, a full mailbox…).
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const err = Object.assign(new Error(`<${address.address}>: Recipient address rejected: mailbox full`), {
          responseCode: 552,
        });
        callback(err);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    app.mailer.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  it('a failed reset-code mail logs no email address (only the user id and the SMTP codes)', async () => {
    const user = await createUser(t.database.db, { email: `Private.Person.${Date.now()}@example.test` });
    const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const res = await app.inject({
      method: 'POST',
      url: RESET,
      payload: { email: user.email },
      headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(200);
    // The mail is sent in the background: wait for its failure line.
    for (let i = 0; i < 100 && !lines.some((l) => l.includes('reset code mail failed')); i++)
      await new Promise((r) => setTimeout(r, 50));
    const failure = lines.find((l) => l.includes('reset code mail failed'));
    expect(failure, 'no failure line').toBeDefined();
    expect(failure!.toLowerCase()).not.toContain(user.email.toLowerCase());
  });

  it('without SMTP_URL, the outbox line names the file, not the recipient', async () => {
    const out = await createTestApp({ smtpUrl: null });
    const own: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        own.push(chunk.toString());
        done();
      },
    });
    const outboxApp = await buildApp({ config: out.config, database: out.database, logger: { level: 'info', stream } });
    try {
      await outboxApp.ready();
      const user = await createUser(out.database.db, { email: `Outbox.Person.${Date.now()}@example.test` });
      const csrf = await outboxApp.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const res = await outboxApp.inject({
        method: 'POST',
        url: RESET,
        payload: { email: user.email },
        headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(200);
      for (let i = 0; i < 100 && !own.some((l) => l.includes('written to')); i++)
        await new Promise((r) => setTimeout(r, 50));
      const line = own.find((l) => l.includes('written to'));
      expect(line, 'no outbox line').toBeDefined();
      expect(line!.toLowerCase()).not.toContain(user.email.toLowerCase());
    } finally {
      await outboxApp.close();
      outboxApp.mailer.close();
      await out.close();
    }
  });

  it('request lines carry no query string (SSO code/state)', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/v1/auth/login/azure?system=Secret-System-Name',
      remoteAddress: uniqueIp(),
    });
    await app.inject({
      method: 'GET',
      url: '/login/azure/callback?code=SECRETCODE123&state=SECRETSTATE456',
      remoteAddress: uniqueIp(),
    });
    const log = lines.join('');
    expect(log).not.toContain('SECRETCODE123');
    expect(log).not.toContain('SECRETSTATE456');
    expect(log).not.toContain('Secret-System-Name');
  });
});

describe('storable text beyond body, query and params', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('X-Tenant with NUL, percent-encoded NUL cookies, text/plain and multipart bodies: never 500', async () => {
    const c = authClient(t);
    const pair = await c.csrf();
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/units',
        headers: { ...w.headers.super_admin, 'x-tenant': `${w.own.id}\u0000` },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'a@example.test', password: 'x' },
        headers: { cookie: `${pair.cookie}%00; olympus_sso=%00%ED%A0%80`, 'x-xsrf-token': pair['x-xsrf-token'] },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies',
        payload: 'name=\u0000',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id, 'content-type': 'text/plain' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies',
        payload: '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\n\u0000\r\n--b--\r\n',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id, 'content-type': 'multipart/form-data; boundary=b' },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/units?q=%ED%A0%80',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/units/%00',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/units?__proto__=%00&constructor=%ED%A0%80',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id },
      }),
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/login/azure?system=%00&__proto__=%00' }),
    ];
    for (const a of answers) expect(a.statusCode, a.body).toBeLessThan(500);
  });
});

describe('bootstrap admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the bootstrap password expires like every temporary password (72 h)', async () => {
    const email = `boot-${Date.now()}@example.test`;
    const done = await bootstrapAdmin(t.database.db, { email, password: 'Bootstrap-Secret-42' }, t.config.publicUrl);
    expect(done.created).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row.mustChangePassword).toBe(true);
    expect(row.tempPasswordExpiresAt, 'bootstrap account has no temp_password_expires_at').not.toBeNull();
    expect(row.tempPasswordExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 72 * 3600_000);
  });

  it('an expired, never-used bootstrap account gets a fresh temporary password from the same step; it is not a super admin meanwhile', async () => {
    const email = `renew-${Date.now()}@example.test`;
    const fresh = await createTestApp();
    try {
      const first = await bootstrapAdmin(
        fresh.database.db,
        { email, password: 'Bootstrap-Secret-42' },
        fresh.config.publicUrl,
      );
      expect(first.created).toBe(true);
      await fresh.database.db
        .update(users)
        .set({ tempPasswordExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(users.email, email));
      const [before] = await fresh.database.db.select().from(users).where(eq(users.email, email));
      const again = await bootstrapAdmin(
        fresh.database.db,
        { email, password: 'Bootstrap-Renewed-43' },
        fresh.config.publicUrl,
      );
      expect(again).toMatchObject({ created: true, renewed: true });
      const [after] = await fresh.database.db.select().from(users).where(eq(users.email, email));
      expect(after.id).toBe(before.id);
      expect(after.passwordHash).not.toBe(before.passwordHash);
      expect(after.tempPasswordExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
      // Once renewed (a live temporary password), it counts again: nobody else is created.
      expect(
        await bootstrapAdmin(
          fresh.database.db,
          { email: `x-${email}`, password: 'Bootstrap-Secret-42' },
          fresh.config.publicUrl,
        ),
      ).toEqual({ created: false, reason: 'super_admin_exists' });
    } finally {
      await fresh.close();
    }
  });

  it('OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD may not be a common password', () => {
    for (const password of ['Admin123456', 'Olympus2025', 'Password123']) {
      expect(policyErrors(password).length, password).toBeGreaterThan(0);
      expect(
        () =>
          loadConfig({
            DATABASE_URL: 'postgres://o:p@db.example:5432/o',
            OLYMPUS_SECRET_KEY: 'a'.repeat(64),
            OLYMPUS_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
            OLYMPUS_BOOTSTRAP_ADMIN_PASSWORD: password,
          }),
        password,
      ).toThrow(ConfigError);
    }
  });

  it('once a super admin exists, the variables create nobody, even with another email', async () => {
    const again = await bootstrapAdmin(
      t.database.db,
      { email: `other-${Date.now()}@example.test`, password: 'Bootstrap-Secret-42' },
      t.config.publicUrl,
    );
    expect(again).toEqual({ created: false, reason: 'super_admin_exists' });
  });
});

describe('deep and odd JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a 1 MB body nested 200 000 deep in an unchecked property, and NUL in a key, answer 4xx, not 500', async () => {
    const c = authClient(t);
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const pair = await c.csrf();
    for (const payload of [
      `{"email":"a@example.test","password":"x","junk":${deep}}`,
      `{"email":"a@example.test","password":"x","ju\\u0000nk":1}`,
      `{"email":"a@example.test","password":"x","__proto__":{"x":${deep}}}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        payload,
        headers: { ...pair, 'content-type': 'application/json' },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    }
  });
});

describe('SSO binding cookie in the SPA flow', () => {
  const REDIRECT = 'https://olympus.test/login/azure/callback';
  let op: RunningOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
    t = await createTestApp({
      publicUrl: 'https://olympus.test',
      spaApiUrl: 'https://api.elsewhere.test',
      sso: {
        issuer: op.issuer,
        clientId: op.clientId,
        clientSecret: op.clientSecret,
        azureTenantId: null,
        enforcedDomains: [],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  it('(same origin) the start sets an HttpOnly, Secure, SameSite=Lax cookie scoped to exactly the path the SPA posts the callback to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/login/azure', remoteAddress: uniqueIp() });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((k) => k.name === 'olympus_sso');
    expect(cookie).toMatchObject({
      path: '/api/v1/auth/login/azure/callback',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
  });

  it('(VITE_API_URL on another origin, not supported yet) the API answers no CORS headers, so a cross-origin SPA cannot read the start nor send the cookie', async () => {
    const pre = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login/azure/callback',
      headers: {
        origin: 'https://app.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-xsrf-token',
      },
    });
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/login/azure',
      headers: { origin: 'https://app.example.test' },
      remoteAddress: uniqueIp(),
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(start.headers['access-control-allow-origin']).toBeUndefined();
    expect(start.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
