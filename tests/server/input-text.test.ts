// Text the database cannot store (NUL, lone surrogates) is refused with 422 on every route before
// any query, and an unexpected database failure never puts a query's parameters (or a request's
// query string) in the log.
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createUser, tokenFor } from './factories';
import { apiAs, count, createWorld, failInserts, unique, type Api, type World } from './resources-fixtures';
import { authClient, type AuthClient } from './auth-client';
import { challenges, users } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { buildApp } from '../../server/app';
import { loggableError } from '../../server/http/error-log';

let t: TestApp;
let w: World;
let sa: Api;
let c: AuthClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  c = authClient(t);
});
afterAll(() => t.close());

const UNSTORABLE = ['nul\u0000byte', 'lone \ud800 high', 'lone \udc00 low', '\u0000'];

function expectRefused(res: { statusCode: number; json(): unknown; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]> };
  expect(body.message).toMatch(/invalid character/);
  expect(body.errors[field]?.[0], res.body).toMatch(/invalid character/);
}

describe('unstorable text is refused before the database', () => {
  it('POST /auth/password/new with a NUL in username: 422, and the challenge still works', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const login = await c.login(user.email);
    const { session, username } = login.json().data as { session: string; username: string };
    const attempts = await Promise.all(
      UNSTORABLE.map((junk) =>
        c.post('/api/v1/auth/password/new', {
          username: `${username}${junk}`,
          new_password: 'Brand-New-Pass-7',
          session,
        }),
      ),
    );
    for (const res of attempts) expectRefused(res, 'username');
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.mustChangePassword).toBe(true);
    const [challenge] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(session)));
    expect(challenge.usedAt).toBeNull();
    // Nothing was consumed: the real request still succeeds.
    expect(
      (await c.post('/api/v1/auth/password/new', { username, new_password: 'Brand-New-Pass-7', session })).statusCode,
    ).toBe(200);
  });

  it('POST /reports/manage with a NUL or lone surrogate in name, a Power BI field or a key: 422, nothing stored', async () => {
    const before = await count(db(), sql`select count(*) as n from reports`);
    const sends = [
      ...UNSTORABLE.map((junk) => [{ name: `Report ${junk}`, provider: 'builtin' }, 'name'] as const),
      [
        {
          name: 'Report',
          provider: 'powerbi',
          workspace_id: randomUUID(),
          report_id: randomUUID(),
          rls_roles: 'Ten\u0000ant',
        },
        'rls_roles',
      ] as const,
      // Unknown keys are not stored, but a key no database could hold is refused all the same.
      [{ name: 'Report', provider: 'builtin', 'k\u0000ey': 1 }, 'body'] as const,
    ];
    const answers = await Promise.all(sends.map(([body]) => sa.post('/reports/manage', body)));
    answers.forEach((res, i) => expectRefused(res, sends[i][1]));
    expect(await count(db(), sql`select count(*) as n from reports`)).toBe(before);
  });

  it('every kind of route: resource bodies, nested arrays, query strings and path ids', async () => {
    const before = await count(db(), sql`select count(*) as n from companies`);
    const name = unique('Stored');
    expectRefused(await sa.post('/companies', { name: `${name}\u0000` }), 'name');
    expectRefused(await sa.post('/companies', { name: `${name}\ud83c` }), 'name');
    expectRefused(
      await sa.post('/users', { name, email: `${name}@example.test`, companies: [w.own.id, 'x\u0000'] }),
      'companies.1',
    );
    expect(await count(db(), sql`select count(*) as n from companies`)).toBe(before);
    expectRefused(await sa.get('/users?q=%00'), 'q');
    expectRefused(await sa.get('/properties?sort=name%00'), 'sort');
    expectRefused(await sa.get('/companies/%00'), 'id');
    // A well-formed pair (an emoji) is storable text.
    const ok = await sa.post('/companies', { name: `${name} \ud83c\udfe0` });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('the log never carries a query parameter', () => {
  let app: FastifyInstance;
  let lines: string[];

  beforeAll(async () => {
    lines = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(() => app.close());

  it('summarises a failed query by its kind and code, without the statement, parameters, detail or quoted value', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "secret-value"'), {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Key (email)=(secret-value) already exists.',
      routine: 'string_to_uuid',
    });
    const err = Object.assign(new Error('Failed query: select $1\nparams: secret-value'), {
      query: 'select $1',
      params: ['secret-value'],
      cause,
    });
    const logged = JSON.stringify(loggableError(err));
    expect(logged).not.toContain('secret-value');
    expect(logged).not.toContain('select $1');
    expect(logged).toContain('22P02');
    expect(logged).toContain('string_to_uuid');
    expect(logged).toContain('invalid input syntax for type uuid');
  });

  it('a failed insert answers 500 without logging its values', async () => {
    const secret = unique('SecretParam');
    const restore = await failInserts(db(), 'companies');
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/companies',
        headers: { ...w.headers.super_admin, 'x-tenant': w.own.id },
        payload: { name: secret },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal error. Please try again later.' });
    } finally {
      await restore();
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('injected failure');
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/params/);
  });

  it('a session hash never reaches the log, nor a query string', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const secret = unique('secretquery');
    await app.inject({ method: 'GET', url: `/api/v1/session?token=${secret}`, headers: await tokenFor(db(), user.id) });
    // The challenge lookup (whose parameters are the session's hash and the username) fails.
    await db().execute(sql`alter table challenges rename to challenges_away`);
    const session = 'a'.repeat(43);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/password/new',
        headers: { ...(await c.csrf()) },
        payload: { username: user.email, new_password: 'Brand-New-Pass-7', session },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql`alter table challenges_away rename to challenges`);
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    for (const value of [sha256(session), session, user.email, secret]) expect(log).not.toContain(value);
  });
});
