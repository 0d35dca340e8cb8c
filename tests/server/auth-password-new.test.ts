// POST /api/v1/auth/password/new: redeeming the first-login challenge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD, tokenFor } from './factories';
import { accessTokens, challenges, users } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { auditRows, auditText, authClient, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const URL = '/api/v1/auth/password/new';
const NEW = 'Brand-New-Pass-7';
const EXPIRED = { message: 'Your session has expired. Please log in again.' };

/** A user who must change their password, and the challenge their login answered. */
async function starter() {
  const user = await createUser(db(), { mustChangePassword: true });
  const res = await c.login(user.email);
  expect(res.statusCode).toBe(200);
  const { session, username } = res.json().data as { session: string; username: string };
  return { user, session, username };
}

describe('success', () => {
  it('sets the password, signs in, revokes older tokens and consumes the challenge', async () => {
    const { user, session, username } = await starter();
    const old = await tokenFor(db(), user.id);
    const res = await c.post(URL, { username, name: username, new_password: NEW, session });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.message).toBe('Your password has been set.');
    expect(data.token_type).toBe('Bearer');
    expect(data.access_token).toMatch(/^oly_/);
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now());
    expect(Object.keys(data).sort()).toEqual(['access_token', 'expires_at', 'message', 'token_type']);

    const session2 = await c.get('/api/v1/session', { authorization: `Bearer ${data.access_token}` });
    expect(session2.statusCode).toBe(200);
    expect((await c.get('/api/v1/session', old)).statusCode).toBe(401);

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.mustChangePassword).toBe(false);
    expect(row.tempPasswordExpiresAt).toBeNull();
    expect(row.passwordChangedAt).not.toBeNull();
    const [challenge] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(session)));
    expect(challenge.usedAt).not.toBeNull();

    // The new password now signs in with a token; the temporary one no longer does.
    const login = await c.login(user.email, NEW);
    expect(login.json().data).toHaveProperty('access_token');
    expect((await c.login(user.email, PASSWORD)).statusCode).toBe(401);

    const audit = (await auditRows(t, 'auth.password_new')).find((r) => r.actor_id === user.id);
    expect(audit).toBeDefined();
    const text = await auditText(t);
    for (const secret of [NEW, session, data.access_token]) expect(text).not.toContain(secret);
  });

  it('accepts the body without a name, and the username in any case', async () => {
    const { session, username } = await starter();
    const res = await c.post(URL, { username: username.toUpperCase(), new_password: NEW, session });
    expect(res.statusCode).toBe(200);
  });
});

describe('the session', () => {
  it('works once', async () => {
    const { session, username } = await starter();
    expect((await c.post(URL, { username, new_password: NEW, session })).statusCode).toBe(200);
    const again = await c.post(URL, { username, new_password: 'Another-Pass-8', session });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(EXPIRED);
  });

  it('expires after 5 minutes', async () => {
    const { session, username } = await starter();
    await db()
      .update(challenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(challenges.secretHash, sha256(session)));
    const res = await c.post(URL, { username, new_password: NEW, session });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });

  it('must be the real one, for that username', async () => {
    const a = await starter();
    const b = await starter();
    const wrong = await c.post(URL, { username: a.username, new_password: NEW, session: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(EXPIRED);
    const crossed = await c.post(URL, { username: a.username, new_password: NEW, session: b.session });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual(EXPIRED);
    // b's challenge survives a's attempt with it.
    expect((await c.post(URL, { username: b.username, new_password: NEW, session: b.session })).statusCode).toBe(200);
    const failed = (await auditRows(t, 'auth.password_new_failed')).map((r) => r.detail);
    expect(failed.every((d) => d?.reason === 'invalid_session')).toBe(true);
  });

  it('stops working when the account is disabled meanwhile', async () => {
    const { user, session, username } = await starter();
    await db()
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(eq(users.id, user.id));
    const res = await c.post(URL, { username, new_password: NEW, session });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(EXPIRED);
  });
});

describe('the password policy', () => {
  const cases: [string, string[]][] = [
    ['Short1a', ['The new password must be more than 8 characters.']],
    ['Exactly8', ['The new password must be more than 8 characters.']],
    [
      'short',
      [
        'The new password must be more than 8 characters.',
        'The new password must contain an upper case letter.',
        'The new password must contain a number.',
      ],
    ],
    ['alllowercase1', ['The new password must contain an upper case letter.']],
    ['ALLUPPERCASE1', ['The new password must contain a lower case letter.']],
    ['NoDigitsHere', ['The new password must contain a number.']],
    ['Aa1' + 'x'.repeat(126), ['The new password may not be greater than 128 characters.']],
    ['Password123', ['The new password is too common. Please choose another.']],
    [
      'WELCOME2025',
      ['The new password must contain a lower case letter.', 'The new password is too common. Please choose another.'],
    ],
  ];
  it.each(cases)('%s is refused with 422', async (password, messages) => {
    const { session, username } = await starter();
    const res = await c.post(URL, { username, new_password: password, session });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: messages[0], errors: { new_password: messages } });
    // A refused password does not spend the session.
    expect((await c.post(URL, { username, new_password: NEW, session })).statusCode).toBe(200);
  });

  it('refuses keeping the temporary password', async () => {
    const { session, username } = await starter();
    const res = await c.post(URL, { username, new_password: PASSWORD, session });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The new password must be different from your temporary password.',
      errors: { new_password: ['The new password must be different from your temporary password.'] },
    });
  });
});

describe('validation', () => {
  it('missing fields answer 422 per field', async () => {
    const res = await c.post(URL, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['The username field is required.'],
      new_password: ['The new password field is required.'],
      session: ['The session field is required.'],
    });
  });

  it('wrong types and huge strings answer 422 per field', async () => {
    const res = await c.post(URL, {
      username: { a: 1 },
      name: 'n'.repeat(300),
      new_password: 'P'.repeat(2000),
      session: 's'.repeat(500),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['The username must be a string.'],
      name: ['The name may not be greater than 255 characters.'],
      new_password: ['The new password may not be greater than 1024 characters.'],
      session: ['The session may not be greater than 200 characters.'],
    });
  });

  it('needs the CSRF pair like every call without a bearer token', async () => {
    const res = await c.post(URL, { username: 'x', new_password: NEW, session: 'y' }, { csrf: false });
    expect(res.statusCode).toBe(419);
  });

  it('never answers or stores the password in clear', async () => {
    const { user, session, username } = await starter();
    const res = await c.post(URL, { username, new_password: NEW, session });
    expect(res.body).not.toContain(NEW);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, user.id))).toHaveLength(1);
  });
});
