// Sign-in with a second factor: POST /auth/login answers a challenge instead of a token for a user
// with two-factor sign-in on, and POST /auth/login/mfa redeems it with a TOTP or recovery code —
// attacked as someone holding the password would: guessing codes in parallel, replaying a code,
// reusing a recovery code, using another user's challenge. Each refusal asserts nothing was issued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD } from './factories';
import { auditRows, authClient, uniqueIp, type AuthClient } from './auth-client';
import { codeAt, enrol, forgetLastStep, nowStep } from './two-factor-client';
import { accessTokens, users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { claimTotpStep, useRecoveryCode } from '../../server/twoFactor/store';

let t: TestApp;
let client: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
/** Tokens issued to the user other than the one enrolment used. */
const tokensOf = async (id: string, except: string) =>
  (
    await db()
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.userId, id), isNull(accessTokens.revokedAt)))
  ).filter((r) => r.id !== except).length;
const mfa = (challenge: string, code: string, ip?: string) =>
  client.post('/api/v1/auth/login/mfa', { challenge, code }, { ip });

/** A user with two-factor sign-in on; `tokenId` is the enrolment's own token. */
async function enrolled() {
  const user = await createUser(db());
  const issued = await issueToken(db(), user.id, { amr: ['pwd'] });
  const { secret, codes } = await enrol(t, { authorization: `Bearer ${issued.token}` });
  return { user, secret, codes, tokenId: issued.id };
}

async function challengeFor(email: string): Promise<string> {
  const res = await client.login(email);
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toEqual({ mfa_required: true, challenge: expect.any(String), username: email });
  expect(data).not.toHaveProperty('access_token');
  return data.challenge;
}

describe('POST /auth/login for a user with two-factor sign-in', () => {
  it('answers a challenge, not a token; the code then signs in with the same answer as a password sign-in', async () => {
    const { user, secret, tokenId } = await enrolled();
    const challenge = await challengeFor(user.email);
    expect(await tokensOf(user.id, tokenId)).toBe(0);
    const res = await mfa(challenge, codeAt(secret, nowStep() + 1));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { access_token: expect.stringMatching(/^oly_/), token_type: 'Bearer', expires_at: expect.any(String) },
    });
    const me = await client.get('/api/v1/session', { authorization: `Bearer ${res.json().data.access_token}` });
    expect(me.statusCode).toBe(200);
    const [audit] = (await auditRows(t, 'auth.login')).filter(
      (r) => r.entity_id === user.id && r.detail?.second_factor,
    );
    expect(audit.detail).toEqual({ method: 'password', second_factor: 'totp' });
    expect((await row(user.id)).lastLoginAt).not.toBeNull();
    // The challenge is single use.
    expect((await mfa(challenge, codeAt(secret, nowStep()))).statusCode).toBe(401);
  });

  it('users without a second factor still get a token straight away', async () => {
    const user = await createUser(db());
    const res = await client.login(user.email);
    expect(res.json().data.access_token).toMatch(/^oly_/);
  });

  it('a wrong password still answers the generic 401 and no challenge', async () => {
    const { user } = await enrolled();
    const res = await client.login(user.email, 'Wrong-Password-1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'These credentials do not match our records.' });
  });

  it('refuses an unknown challenge without counting anyone’s attempt', async () => {
    const res = await mfa('made-up-challenge', '123456');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });
});

describe('wrong codes are throttled like passwords', () => {
  it('parallel guesses: at most 5 attempts counted and compared, then locked; the right code then waits too', async () => {
    const { user, secret, tokenId } = await enrolled();
    const challenge = await challengeFor(user.email);
    const right = codeAt(secret, nowStep());
    const guesses = Array.from({ length: 10 }, (_, i) =>
      String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => mfa(challenge, g)));
    for (const a of answers) expect(a.statusCode).toBe(401);
    const compared = (await auditRows(t, 'auth.login_failed')).filter(
      (r) => r.entity_id === user.id && r.detail?.reason === 'wrong_code',
    );
    // The password took one claim; the lock falls on the fifth.
    expect(compared.length).toBeLessThanOrEqual(4);
    const after = await row(user.id);
    expect(after.failedLogins).toBe(5);
    expect(after.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await mfa(challenge, codeAt(secret, nowStep() + 1))).statusCode).toBe(401);
    expect(await tokensOf(user.id, tokenId)).toBe(0);
    // The lock holds for the password step too.
    expect((await client.login(user.email)).statusCode).toBe(401);
  });

  it('a right password does not reset the count between guesses of the code', async () => {
    const { user, secret } = await enrolled();
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeFor(user.email);
      await mfa(challenge, String((Number(codeAt(secret, nowStep())) + 1) % 1_000_000).padStart(6, '0'));
    }
    expect((await row(user.id)).failedLogins).toBe(4);
  });

  it('counts against the address like password guesses (10 a minute, then 429)', async () => {
    const { user } = await enrolled();
    const challenge = await challengeFor(user.email);
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await mfa(challenge, 'ZZZZZ-ZZZZZ', ip)).statusCode);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('a code is accepted once', () => {
  it('the same TOTP code in parallel on one challenge signs in once', async () => {
    const { user, secret, tokenId } = await enrolled();
    const challenge = await challengeFor(user.email);
    const code = codeAt(secret, nowStep() + 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => mfa(challenge, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await tokensOf(user.id, tokenId)).toBe(1);
  });

  it('a used TOTP code cannot sign in again (a new challenge), nor can an older step', async () => {
    const { user, secret, tokenId } = await enrolled();
    const code = codeAt(secret, nowStep() + 1);
    expect((await mfa(await challengeFor(user.email), code)).statusCode).toBe(200);
    const replay = await mfa(await challengeFor(user.email), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('That code is not right. Please try again.');
    expect((await mfa(await challengeFor(user.email), codeAt(secret, nowStep()))).statusCode).toBe(401);
    expect(await tokensOf(user.id, tokenId)).toBe(1);
    const reasons = (await auditRows(t, 'auth.login_failed'))
      .filter((r) => r.entity_id === user.id)
      .map((r) => r.detail?.reason);
    expect(reasons).toEqual(['replayed_code', 'replayed_code']);
  });

  it('the step claim is one statement: parallel claims of one step, one wins', async () => {
    const { user } = await enrolled();
    await forgetLastStep(t, user.id);
    const step = nowStep() + 1;
    const won = await Promise.all(Array.from({ length: 6 }, () => claimTotpStep(db(), user.id, step)));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await claimTotpStep(db(), user.id, step - 1)).toBe(false);
  });

  it('a recovery code signs in once; typed in lower case without the dash it still works', async () => {
    const { user, codes, tokenId } = await enrolled();
    const typed = codes[0].toLowerCase().replace('-', '');
    const res = await mfa(await challengeFor(user.email), typed);
    expect(res.statusCode).toBe(200);
    const audit = (await auditRows(t, 'auth.login')).filter((r) => r.entity_id === user.id && r.detail?.second_factor);
    expect(audit.at(-1)?.detail?.second_factor).toBe('recovery_code');
    expect((await mfa(await challengeFor(user.email), codes[0])).statusCode).toBe(401);
    expect(await tokensOf(user.id, tokenId)).toBe(1);
    const status = await client.get('/api/v1/session/two-factor', {
      authorization: `Bearer ${res.json().data.access_token}`,
    });
    expect(status.json().data.recovery_codes_left).toBe(9);
  });

  it('the recovery code use is one statement: in parallel, one wins', async () => {
    const { user, codes } = await enrolled();
    const won = await Promise.all(Array.from({ length: 6 }, () => useRecoveryCode(db(), user.id, codes[1])));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe('another user’s challenge or code', () => {
  it('a code of one user does not redeem another user’s challenge, and nothing of either changes', async () => {
    const a = await enrolled();
    const b = await enrolled();
    const challengeOfA = await challengeFor(a.user.email);
    const before = await row(b.user.id);
    expect((await mfa(challengeOfA, codeAt(b.secret, nowStep() + 1))).statusCode).toBe(401);
    expect((await mfa(challengeOfA, b.codes[0])).statusCode).toBe(401);
    expect(await tokensOf(a.user.id, a.tokenId)).toBe(0);
    expect(await tokensOf(b.user.id, b.tokenId)).toBe(0);
    expect((await row(b.user.id)).totpLastStep).toBe(before.totpLastStep);
    // B's recovery code is still good for B.
    expect((await mfa(await challengeFor(b.user.email), b.codes[0])).statusCode).toBe(200);
  });

  it('a newer sign-in voids the older challenge', async () => {
    const { user, secret } = await enrolled();
    const first = await challengeFor(user.email);
    await challengeFor(user.email);
    expect((await mfa(first, codeAt(secret, nowStep() + 1))).statusCode).toBe(401);
  });

  it('a disabled user cannot finish signing in', async () => {
    const { user, secret, tokenId } = await enrolled();
    const challenge = await challengeFor(user.email);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect((await mfa(challenge, codeAt(secret, nowStep() + 1))).statusCode).toBe(401);
    expect(await tokensOf(user.id, tokenId)).toBe(0);
  });
});

describe('after a password sign-in that must set a new password first', () => {
  it('is unchanged: the first-login session comes first', async () => {
    const user = await createUser(db(), { mustChangePassword: true });
    const res = await client.login(user.email, PASSWORD);
    expect(res.json().data).toEqual({ session: expect.any(String), username: user.email });
  });
});

describe('a temporary password (the bootstrap admin’s, admin:create’s) with two-factor sign-in on', () => {
  it('sets the new password but signs nobody in: the person signs in with the new password and a code', async () => {
    const { user, secret, tokenId } = await enrolled();
    await db().update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    const first = await client.login(user.email);
    expect(first.statusCode).toBe(200);
    const { session, username } = first.json().data;
    expect(session).toEqual(expect.any(String));
    const res = await client.post('/api/v1/auth/password/new', {
      username,
      name: username,
      new_password: 'Brand-New-Passw0rd',
      session,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: expect.any(String) } });
    expect(await tokensOf(user.id, tokenId)).toBe(0);
    // The new password alone is not enough either.
    const again = await client.login(user.email, 'Brand-New-Passw0rd');
    expect(again.json().data).toEqual({ mfa_required: true, challenge: expect.any(String), username: user.email });
    const signedIn = await mfa(again.json().data.challenge, codeAt(secret, nowStep() + 1));
    expect(signedIn.statusCode).toBe(200);
  });
});
