// POST /api/v1/auth/login: validation, tokens, the generic 401, lockout, per-IP throttling, first login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD } from './factories';
import { accessTokens, challenges, users } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { auditRows, auditText, authClient, uniqueIp, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const GENERIC = { message: 'These credentials do not match our records.' };
const db = () => t.database.db;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe('validation', () => {
  it('missing fields answer 422 with a message per field', async () => {
    const res = await c.post('/api/v1/auth/login', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  it('no body at all answers 422 too', async () => {
    const res = await c.post('/api/v1/auth/login');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('body');
  });

  it('wrong types answer 422', async () => {
    const res = await c.post('/api/v1/auth/login', { email: { a: 1 }, password: { p: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a string.'],
      password: ['The password must be a string.'],
    });
    // Scalars are coerced to strings, then judged as such.
    const num = await c.post('/api/v1/auth/login', { email: 12345, password: null });
    expect(num.statusCode).toBe(422);
    expect(num.json().errors.email).toEqual(['The email must be a valid email address.']);
  });

  it('a malformed email and an empty password answer 422', async () => {
    const res = await c.post('/api/v1/auth/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('huge strings answer 422 with field errors, never 500', async () => {
    const res = await c.post('/api/v1/auth/login', {
      email: 'a'.repeat(300) + '@example.test',
      password: 'P'.repeat(5000),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['The email may not be greater than 254 characters.'],
      password: ['The password may not be greater than 1024 characters.'],
    });
    const giant = await c.post('/api/v1/auth/login', { email: 'a@' + 'b'.repeat(900_000), password: 'x' });
    expect(giant.statusCode).toBe(422);
    expect(giant.json().errors.email[0]).toBe('The email may not be greater than 254 characters.');
  });

  it('invalid JSON and a body over the limit are refused cleanly', async () => {
    const pair = await c.csrf();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{"email":',
      headers: { ...pair, 'content-type': 'application/json' },
      remoteAddress: uniqueIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const big = await c.post('/api/v1/auth/login', { email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request is too large.' });
  });
});

describe('success', () => {
  it('answers a bearer token that opens the session, and records the sign-in', async () => {
    const user = await createUser(db(), { role: 'admin' });
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'expires_at', 'token_type']);
    expect(body.data.token_type).toBe('Bearer');
    expect(body.data.access_token).toMatch(/^oly_[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(body.data.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(11.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000);

    const session = await c.get('/api/v1/session', { authorization: `Bearer ${body.data.access_token}` });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.email).toBe(user.email);

    // Only the hash is stored.
    const [row] = await db()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(body.data.access_token)));
    expect(row.userId).toBe(user.id);
    expect(JSON.stringify(await db().select().from(accessTokens))).not.toContain(body.data.access_token);

    const after = await userRow(user.id);
    expect(after.lastLoginAt).not.toBeNull();
    const [audit] = (await auditRows(t, 'auth.login')).filter((r) => r.actor_id === user.id);
    expect(audit).toMatchObject({ action: 'auth.login', entity_id: user.id, detail: { method: 'password' } });
    expect(audit.ip).toMatch(/^10\./);
  });

  it('matches the email case-insensitively and issues a new token on every login', async () => {
    const user = await createUser(db(), { email: 'Mixed.Case@Example.test' });
    const a = await c.login('mixed.case@example.TEST');
    const b = await c.login('MIXED.CASE@EXAMPLE.TEST');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.access_token).not.toBe(b.json().data.access_token);
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toHaveLength(2);
  });

  it('never answers the password hash', async () => {
    const user = await createUser(db());
    const res = await c.login(user.email);
    expect(res.body).not.toMatch(/password_hash|passwordHash|\$argon2/);
  });
});

describe('refusals share one generic 401', () => {
  it('wrong password', async () => {
    const user = await createUser(db());
    const res = await c.login(user.email, 'Wrong-Password-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
    expect((await userRow(user.id)).failedLogins).toBe(1);
  });

  it('unknown email', async () => {
    const res = await c.login('nobody-here@example.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
  });

  it('disabled account, even with the right password', async () => {
    const user = await createUser(db(), { disabled: true });
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
  });

  it('an account without a password (SSO only)', async () => {
    const user = await createUser(db());
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(GENERIC);
  });

  it('every failure is audited with its reason, never the password', async () => {
    const user = await createUser(db());
    await c.login(user.email, 'Secret-Guess-42');
    await c.login('ghost@example.test', 'Other-Guess-43');
    const failed = await auditRows(t, 'auth.login_failed');
    expect(failed.find((r) => r.actor_id === user.id)?.detail).toMatchObject({
      reason: 'wrong_password',
      email: user.email,
      failures: 1,
    });
    expect(failed.find((r) => r.detail?.email === 'ghost@example.test')).toMatchObject({
      actor_id: null,
      detail: { reason: 'unknown_email' },
    });
    const text = await auditText(t);
    expect(text).not.toContain('Secret-Guess-42');
    expect(text).not.toContain('Other-Guess-43');
    expect(text).not.toContain(PASSWORD);
  });
});

describe('per-account lockout', () => {
  it('locks after 5 consecutive failures: then even the right password gets the generic 401', async () => {
    const user = await createUser(db());
    for (let i = 1; i <= 4; i++) {
      expect((await c.login(user.email, `Wrong-${i}-Password`)).statusCode).toBe(401);
      expect((await userRow(user.id)).lockedUntil).toBeNull();
    }
    expect((await c.login(user.email, 'Wrong-5-Password')).statusCode).toBe(401);
    const locked = await userRow(user.id);
    expect(locked.failedLogins).toBe(5);
    const minutes = (locked.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(0.9);
    expect(minutes).toBeLessThanOrEqual(1.01);

    const right = await c.login(user.email);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(GENERIC);
    // Attempts while locked neither extend the lock nor count.
    expect((await userRow(user.id)).failedLogins).toBe(5);
    expect(
      (await auditRows(t, 'auth.login_failed')).filter((r) => r.actor_id === user.id).at(-1)?.detail,
    ).toMatchObject({ reason: 'locked' });
  });

  it('after the lock runs out the right password works and clears the count', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 5; i++) await c.login(user.email, 'Wrong-Password-9');
    await db()
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, user.id));
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(200);
    const after = await userRow(user.id);
    expect(after.failedLogins).toBe(0);
    expect(after.lockedUntil).toBeNull();
  });

  it('each failure after a lock doubles it: 1, 2, 4, 8, then at most 15 minutes', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 4; i++) await c.login(user.email, 'Wrong-Password-9');
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      await c.login(user.email, 'Wrong-Password-9');
      const row = await userRow(user.id);
      seen.push(Math.round((row.lockedUntil!.getTime() - Date.now()) / 60_000));
      await db()
        .update(users)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(users.id, user.id));
    }
    expect(seen).toEqual([1, 2, 4, 8, 15, 15]);
  });

  it('a success before the fifth failure starts the count again', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 4; i++) await c.login(user.email, 'Wrong-Password-9');
    expect((await c.login(user.email)).statusCode).toBe(200);
    expect((await userRow(user.id)).failedLogins).toBe(0);
    await c.login(user.email, 'Wrong-Password-9');
    expect((await userRow(user.id)).lockedUntil).toBeNull();
  });
});

describe('per-IP throttling', () => {
  it('allows 10 attempts a minute from one address, then answers 429 with retry-after', async () => {
    const ip = '192.0.2.10';
    const user = await createUser(db());
    for (let i = 0; i < 10; i++) expect((await c.login(`nobody${i}@example.test`, 'x', ip)).statusCode).toBe(401);
    const res = await c.login(user.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.json().message).toContain(`${retry} seconds`);
    // Another address is unaffected, and so is the account.
    expect((await c.login(user.email, PASSWORD, '192.0.2.11')).statusCode).toBe(200);
    // Only the first refusal of the window is audited.
    expect((await c.login(user.email, PASSWORD, ip)).statusCode).toBe(429);
    const throttled = (await auditRows(t, 'auth.login_failed')).filter(
      (r) => r.detail?.reason === 'throttled' && r.ip === ip,
    );
    expect(throttled).toHaveLength(1);
  });

  it('successful sign-ins do not use up the allowance (an office behind one address)', async () => {
    const ip = '192.0.2.30';
    const user = await createUser(db());
    for (let i = 0; i < 15; i++) expect((await c.login(user.email, PASSWORD, ip)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await c.login(user.email, 'Wrong-Password-9', ip)).statusCode).toBe(401);
    expect((await c.login(user.email, PASSWORD, ip)).statusCode).toBe(429);
  });

  it('a new window starts once the minute is over', async () => {
    const ip = '192.0.2.20';
    const user = await createUser(db());
    for (let i = 0; i < 11; i++) await c.login('nobody@example.test', 'x', ip);
    expect((await c.login(user.email, PASSWORD, ip)).statusCode).toBe(429);
    await db().execute(
      sql`update throttles set window_start = now() - interval '61 seconds' where key = ${'login:ip:' + ip}`,
    );
    expect((await c.login(user.email, PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('first login with a temporary password', () => {
  it('answers { session, username } instead of a token, backed by a hashed 5-minute challenge', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(['session', 'username']);
    expect(data.username).toBe(user.username);
    expect(data.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(data.session)));
    expect(row).toMatchObject({ kind: 'new_password', userId: user.id, usedAt: null });
    const ttl = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(ttl).toBeCloseTo(5, 1);
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toHaveLength(0);
    const audit = (await auditRows(t, 'auth.login')).find((r) => r.actor_id === user.id);
    expect(audit?.detail).toEqual({ method: 'password', outcome: 'new_password_required' });
    expect(await auditText(t)).not.toContain(data.session);
  });

  it('a newer challenge voids the older one', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const first = (await c.login(user.email)).json().data.session;
    await c.login(user.email);
    const [old] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(first)));
    expect(old.usedAt).not.toBeNull();
  });

  it('refuses a temporary password older than its expiry, saying to ask an administrator', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    await db()
      .update(users)
      .set({ tempPasswordExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(users.id, user.id));
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      message: 'Your temporary password has expired. Please ask an administrator to set a new one.',
    });
    // A wrong password on such an account still gets only the generic answer.
    const wrong = await c.login(user.email, 'Wrong-Password-9');
    expect(wrong.json()).toEqual(GENERIC);
  });
});
