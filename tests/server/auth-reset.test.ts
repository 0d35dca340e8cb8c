// POST /api/v1/auth/password/reset and /reset/verify: codes by real mail, no enumeration, throttles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD, tokenFor } from './factories';
import { resetCodes, users } from '../../server/db/schema';
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
const RESET = '/api/v1/auth/password/reset';
const VERIFY = '/api/v1/auth/password/reset/verify';
const SENT = { data: { message: 'If that address has an account, we have emailed a verification code to it.' } };
const INVALID = {
  message: 'The verification code is invalid or has expired.',
  errors: { verification_code: ['The verification code is invalid or has expired.'] },
};
const NEW = 'Fresh-Start-2024x';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase()));
const codesOf = (userId: string) =>
  db().select().from(resetCodes).where(eq(resetCodes.userId, userId)).orderBy(resetCodes.createdAt);

/** Asks for a reset and reads the code from the mail that really arrived. */
async function requestCode(email: string): Promise<string> {
  const before = t.mail.messages.length;
  const res = await c.post(RESET, { email });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual(SENT);
  const mail = await t.mail.waitFor(email, { after: before });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('requesting a code', () => {
  it('mails a 6-digit code with the verify link and expiry, stored only as a hash', async () => {
    const user = await createUser(db(), { name: 'Ada Lovelace' });
    const before = t.mail.messages.length;
    const code = await requestCode(user.email);
    const mail = (await t.mail.waitFor(user.email, { after: before }))!;
    expect(mail.subject).toBe('Your Olympus verification code');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('http://olympus.test/password/reset/verify');
    expect(mail.text).toContain('expires in 10 minutes');
    const [row] = await codesOf(user.id);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBeCloseTo(10, 1);
    const audit = (await auditRows(t, 'auth.password_reset_requested')).find((r) => r.actor_id === user.id);
    expect(audit?.detail).toMatchObject({ outcome: 'sent' });
    expect(await auditText(t)).not.toContain(code);
  });

  it('answers the same for an unknown or disabled address, and mails nothing', async () => {
    const disabled = await createUser(db(), { disabled: true });
    for (const email of ['nobody-at-all@example.test', disabled.email]) {
      const res = await c.post(RESET, { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SENT);
    }
    await sleep(300);
    expect(mailsTo('nobody-at-all@example.test')).toHaveLength(0);
    expect(mailsTo(disabled.email)).toHaveLength(0);
    expect(await codesOf(disabled.id)).toHaveLength(0);
    const outcomes = (await auditRows(t, 'auth.password_reset_requested')).map((r) => r.detail?.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['unknown_email', 'disabled']));
  });

  it('sends at most 3 codes per account per hour; later requests still answer the same', async () => {
    const user = await createUser(db());
    for (let i = 0; i < 3; i++) await requestCode(user.email);
    const fourth = await c.post(RESET, { email: user.email });
    expect(fourth.statusCode).toBe(200);
    expect(fourth.json()).toEqual(SENT);
    await sleep(300);
    expect(mailsTo(user.email)).toHaveLength(3);
    expect(await codesOf(user.id)).toHaveLength(3);
    const last = (await auditRows(t, 'auth.password_reset_requested')).filter((r) => r.actor_id === user.id).at(-1);
    expect(last?.detail).toMatchObject({ outcome: 'hourly_limit_reached' });
    // An hour later the allowance is back.
    await db()
      .update(resetCodes)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(resetCodes.userId, user.id));
    await requestCode(user.email);
  });

  it('the newest code voids the older ones', async () => {
    const user = await createUser(db());
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    const [older, newer] = await codesOf(user.id);
    expect(older.voidedAt).not.toBeNull();
    expect(newer.voidedAt).toBeNull();
    if (first !== second) {
      const old = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: first });
      expect(old.statusCode).toBe(422);
      expect(old.json()).toEqual(INVALID);
    }
    const res = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: second });
    expect(res.statusCode).toBe(200);
  });

  it('validates the address: missing, malformed, huge', async () => {
    const missing = await c.post(RESET, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'] },
    });
    const malformed = await c.post(RESET, { email: 'no-at-sign' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ email: ['The email must be a valid email address.'] });
    const huge = await c.post(RESET, { email: 'x'.repeat(10_000) + '@example.test' });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.email).toContain('The email may not be greater than 254 characters.');
  });

  it('throttles per address: 10 a minute, then 429 with retry-after', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++)
      expect((await c.post(RESET, { email: `nobody${i}@example.test` }, { ip })).statusCode).toBe(200);
    const res = await c.post(RESET, { email: 'nobody@example.test' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many password reset requests\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('verifying a code', () => {
  it('sets the password, clears lock and first-login flag, revokes every token', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const token = await tokenFor(db(), user.id);
    await db()
      .update(users)
      .set({ failedLogins: 7, lockedUntil: sql`now() + interval '10 minutes'` })
      .where(eq(users.id, user.id));
    const code = await requestCode(user.email);
    const res = await c.post(VERIFY, { email: user.email.toUpperCase(), new_password: NEW, verification_code: code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'Your password has been reset.' } });

    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      mustChangePassword: false,
      failedLogins: 0,
      lockedUntil: null,
      tempPasswordExpiresAt: null,
    });
    expect(row.passwordChangedAt).not.toBeNull();
    expect((await c.get('/api/v1/session', token)).statusCode).toBe(401);
    const login = await c.login(user.email, NEW);
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toHaveProperty('access_token');
    expect((await c.login(user.email, PASSWORD)).statusCode).toBe(401);

    expect((await auditRows(t, 'auth.password_reset')).some((r) => r.actor_id === user.id)).toBe(true);
    const text = await auditText(t);
    expect(text).not.toContain(NEW);
    expect(text).not.toContain(code);
  });

  it('a used code does not work again', async () => {
    const user = await createUser(db());
    const code = await requestCode(user.email);
    expect((await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: code })).statusCode).toBe(
      200,
    );
    const again = await c.post(VERIFY, {
      email: user.email,
      new_password: 'Second-Try-2024x',
      verification_code: code,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(INVALID);
  });

  it('an expired code is refused', async () => {
    const user = await createUser(db());
    const code = await requestCode(user.email);
    await db()
      .update(resetCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(resetCodes.userId, user.id));
    const res = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(INVALID);
  });

  it('a wrong code answers 422 and counts; the fifth wrong try voids the code', async () => {
    const user = await createUser(db());
    const code = await requestCode(user.email);
    for (let i = 1; i <= 5; i++) {
      const res = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: otherCode(code) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(INVALID);
      const [row] = await codesOf(user.id);
      expect(row.attempts).toBe(i);
      expect(row.voidedAt === null).toBe(i < 5);
    }
    const right = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: code });
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(INVALID);
    expect((await c.login(user.email)).statusCode).toBe(200);
  });

  it('an unknown address, or one that never asked, answers exactly like a wrong code', async () => {
    const user = await createUser(db());
    for (const email of ['ghost@example.test', user.email]) {
      const res = await c.post(VERIFY, { email, new_password: NEW, verification_code: '123456' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual(INVALID);
    }
  });

  it('refuses a weak new password before looking at the code, so no try is spent', async () => {
    const user = await createUser(db());
    const code = await requestCode(user.email);
    const res = await c.post(VERIFY, { email: user.email, new_password: 'weak', verification_code: otherCode(code) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The new password must be more than 8 characters.',
      errors: {
        new_password: [
          'The new password must be more than 8 characters.',
          'The new password must contain an upper case letter.',
          'The new password must contain a number.',
        ],
      },
    });
    expect((await codesOf(user.id))[0].attempts).toBe(0);
    const common = await c.post(VERIFY, { email: user.email, new_password: 'Qwerty12345', verification_code: code });
    expect(common.json().errors.new_password).toEqual(['The new password is too common. Please choose another.']);
    expect((await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: code })).statusCode).toBe(
      200,
    );
  });

  it('a user still on a temporary password may not reset to it', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const code = await requestCode(user.email);
    const res = await c.post(VERIFY, { email: user.email, new_password: PASSWORD, verification_code: code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      new_password: ['The new password must be different from your temporary password.'],
    });
  });

  it('validates every field: missing, wrong types, huge', async () => {
    const missing = await c.post(VERIFY, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      email: ['The email field is required.'],
      new_password: ['The new password field is required.'],
      verification_code: ['The verification code field is required.'],
    });
    const bad = await c.post(VERIFY, {
      email: { x: 1 },
      new_password: 'P'.repeat(5000),
      verification_code: '9'.repeat(100),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The email must be a string.'],
      new_password: ['The new password may not be greater than 1024 characters.'],
      verification_code: ['The verification code may not be greater than 32 characters.'],
    });
  });

  it('accepts the code as a number too (coerced), as a form might send it', async () => {
    const user = await createUser(db());
    await requestCode(user.email);
    // Pin the code (a random one may start with 0, which a JSON number cannot carry).
    await db()
      .update(resetCodes)
      .set({ codeHash: sha256(`${user.id}:654321`) })
      .where(eq(resetCodes.userId, user.id));
    const res = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: 654321 });
    expect(res.statusCode).toBe(200);
  });

  it('throttles per address: 10 a minute, then 429', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 10; i++) {
      const res = await c.post(
        VERIFY,
        { email: 'ghost@example.test', new_password: NEW, verification_code: '000000' },
        { ip },
      );
      expect(res.statusCode).toBe(422);
    }
    const res = await c.post(
      VERIFY,
      { email: 'ghost@example.test', new_password: NEW, verification_code: '000000' },
      { ip },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many verification attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
