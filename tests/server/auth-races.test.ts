// "N tries" rules under parallel attack (docs/security.md "Limits that hold under concurrency"):
// guesses sent at once, each from its own address so per-IP throttling is not what stops them, never
// get more than N compared, and nothing else changes in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD, tokenFor } from './factories';
import { accessTokens as tokens, resetCodes, users } from '../../server/db/schema';
import { checkResetCode } from '../../server/auth/resetCodes';
import { auditRows, authClient, uniqueIp, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const VERIFY = '/api/v1/auth/password/reset/verify';
const NEW = 'Fresh-Start-2024x';
const GUESSES = 30;
const otherCode = (code: string, n: number) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

/** Asks for a reset code and reads it from the mail that arrived. */
async function requestCode(email: string): Promise<string> {
  const before = t.mail.messages.length;
  const res = await c.post('/api/v1/auth/password/reset', { email });
  expect(res.statusCode).toBe(200);
  const mail = await t.mail.waitFor(email, { after: before });
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error('no code in the mail');
  return code;
}

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const liveTokens = async (userId: string) =>
  (
    await db()
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, userId), sql`${tokens.revokedAt} is null`))
  ).length;

describe('reset code: 5 wrong tries, even in parallel', () => {
  it('30 parallel wrong guesses compare at most 5 and void the code; the password is untouched', async () => {
    const user = await createUser(db());
    await tokenFor(db(), user.id);
    const code = await requestCode(user.email);
    const before = await userRow(user.id);

    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        c.post(
          VERIFY,
          { email: user.email, new_password: NEW, verification_code: otherCode(code, i + 1) },
          { ip: uniqueIp() },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(GUESSES).fill(422));

    const [row] = await db().select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    expect(row.attempts).toBe(5);
    expect(row.voidedAt).not.toBeNull();
    expect(row.usedAt).toBeNull();
    // The right code is no use any more, and nothing about the account changed.
    const right = await c.post(VERIFY, { email: user.email, new_password: NEW, verification_code: code });
    expect(right.statusCode).toBe(422);
    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
    expect(await liveTokens(user.id)).toBe(1);
  });

  it('the right code among 25 wrong ones sent at once: at most 5 compared, at most one success', async () => {
    const user = await createUser(db());
    await tokenFor(db(), user.id);
    const code = await requestCode(user.email);
    const before = await userRow(user.id);
    // Five wrong guesses first, then the right code mixed in from the sixth request on.
    const rightAt = new Set([5, 11, 17, 23, 29]);
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        c.post(
          VERIFY,
          { email: user.email, new_password: NEW, verification_code: rightAt.has(i) ? code : otherCode(code, i + 1) },
          { ip: uniqueIp() },
        ),
      ),
    );
    const successes = answers.filter((r) => r.statusCode === 200).length;
    expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 422)).toEqual([]);
    expect(successes).toBeLessThanOrEqual(1);

    // Every compared guess claimed an attempt first: the column is the number compared.
    const [row] = await db().select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    expect(row.attempts).toBeLessThanOrEqual(5);
    if (successes === 0) {
      expect(row.usedAt).toBeNull();
      expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
      expect(await liveTokens(user.id)).toBe(1);
    } else {
      expect(row.usedAt).not.toBeNull();
      expect(await liveTokens(user.id)).toBe(0);
    }
  });

  it('checking in parallel straight against the database claims each attempt once', async () => {
    const user = await createUser(db());
    const code = await requestCode(user.email);
    const results = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => checkResetCode(db(), user.id, otherCode(code, i + 1))),
    );
    expect(results.every((r) => !r.ok)).toBe(true);
    const [row] = await db().select().from(resetCodes).where(eq(resetCodes.userId, user.id));
    expect(row.attempts).toBe(5);
  });
});

describe('login lock: 5 failures, even in parallel', () => {
  it('30 parallel wrong passwords compare at most 5 and lock the account', async () => {
    const user = await createUser(db());
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => c.login(user.email, `Wrong-Guess-${i}x`, uniqueIp())),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(GUESSES).fill(401));

    const row = await userRow(user.id);
    expect(row.failedLogins).toBe(5);
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const reasons = (await auditRows(t, 'auth.login_failed'))
      .filter((r) => r.actor_id === user.id)
      .map((r) => r.detail?.reason);
    expect(reasons.filter((r) => r === 'wrong_password')).toHaveLength(5);
    expect(reasons.filter((r) => r === 'locked')).toHaveLength(GUESSES - 5);
    expect(await liveTokens(user.id)).toBe(0);

    // Locked: the right password gets the generic refusal too.
    expect((await c.login(user.email, PASSWORD, uniqueIp())).statusCode).toBe(401);
    expect(await liveTokens(user.id)).toBe(0);
  });
});

describe('other limits under parallel requests', () => {
  it('per-address throttling: 30 parallel logins from one address get exactly 10 through', async () => {
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) => c.login(`nobody-burst-${i}@example.test`, 'Wrong-Guess-1x', ip)),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(GUESSES - 10);
  });

  it('reset sends: 10 parallel requests for one account mail at most 3 codes', async () => {
    const user = await createUser(db());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        c.post('/api/v1/auth/password/reset', { email: user.email }, { ip: uniqueIp() }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await db().select().from(resetCodes).where(eq(resetCodes.userId, user.id))).toHaveLength(3);
  });

  it('a first-login session redeemed 5 times at once sets the password once', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const login = await c.login(user.email);
    expect(login.statusCode).toBe(200);
    const { session, username } = login.json().data;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        c.post(
          '/api/v1/auth/password/new',
          { username, session, new_password: `Fresh-Start-2024x${i}` },
          { ip: uniqueIp() },
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    expect(await liveTokens(user.id)).toBe(1);
  });
});
