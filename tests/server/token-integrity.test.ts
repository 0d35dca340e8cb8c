// What a token may reach is decided by how its sign-in was authenticated (access_tokens.amr), never by
// the user's state alone (docs/security.md "How a token was signed in"). For each way a token is
// issued — password, password + code, recovery code, single sign-on with and without the provider's
// MFA, an invitation, a first-login password change — what it reaches before and after the user's
// second factor changes, attacked as the holder of a phished password would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, OLYMPUS_GRANTS, PASSWORD, tokenFor } from './factories';
import { authClient, type AuthClient } from './auth-client';
import { call, codeAt, enrol, forgetLastStep, nowStep } from './two-factor-client';
import { rowsOf } from './privilege-fixtures';
import { signInAtProvider, startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';
import { accessTokens, roles, userSystems, users } from '../../server/db/schema';
import { TWO_FACTOR_REQUIRED_MSG } from '../../server/auth/twoFactorGate';
import { SSO_BINDING_COOKIE } from '../../server/sso/binding';
import { SSO_MSG } from '../../server/sso/messages';
import { ENROLMENT_WINDOW_MS } from '../../server/session/currentPassword';
import { sha256 } from '../../server/auth/tokens';
import { clearAuthCache } from '../../server/auth/authCache';

const REDIRECT = 'http://olympus.test/login/azure/callback';
let op: RunningOidcProvider;
let t: TestApp;
let client: AuthClient;
let company: { id: string };
let guarded: { id: string; systemId: string };
let plain: { id: string; systemId: string };

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
  t = await createTestApp({
    sso: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      azureTenantId: null,
      enforcedDomains: [],
    },
  });
  client = authClient(t);
  company = await createCompany(db());
  guarded = await createRole(db(), 'Olympus', 'guarded_admin', OLYMPUS_GRANTS.admin);
  await db().update(roles).set({ requireTwoFactor: true }).where(eq(roles.id, guarded.id));
  plain = await createRole(db(), 'Olympus', 'plain_admin', OLYMPUS_GRANTS.admin);
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

const db = () => t.database.db;
type Headers = Record<string, string>;

/** A user of the company holding `role` (the guarded one unless told otherwise). */
async function holder(role: { id: string; systemId: string } = guarded, spec: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db(), { companies: [company], ...spec });
  await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
  return user;
}

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}`, 'x-tenant': company.id });
/** A protected read: 200 when the token reaches the admin, 403 while held back, 401 when it is dead. */
const reach = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/users', headers })).statusCode;

async function passwordSignIn(
  email: string,
): Promise<{ headers?: Headers; challenge?: string; body: Record<string, unknown> }> {
  const res = await client.login(email);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { headers: data.access_token ? bearer(data.access_token) : undefined, challenge: data.challenge, body: data };
}

async function secondStep(challenge: string, code: string): Promise<Headers> {
  const res = await client.post('/api/v1/auth/login/mfa', { challenge, code });
  expect(res.statusCode, res.body).toBe(200);
  return bearer(res.json().data.access_token);
}

const amrOf = async (headers: Headers) => {
  const [row] = await db()
    .select({ amr: accessTokens.amr })
    .from(accessTokens)
    .where(eq(accessTokens.tokenHash, sha256(headers.authorization.slice('Bearer '.length))));
  return row?.amr;
};

describe('a password sign-in of a holder of a role requiring two-factor sign-in', () => {
  it('the phished password’s token stays held back while the real user enrols, and is dead after — in parallel', async () => {
    const victim = await holder();
    const attacker = (await passwordSignIn(victim.email)).headers as Headers;
    expect(await amrOf(attacker)).toEqual(['pwd']);
    expect(await reach(attacker)).toBe(403);

    // The real user signs in and enrols while the attacker keeps trying.
    const real = (await passwordSignIn(victim.email)).headers as Headers;
    const attempts: Promise<number>[] = [];
    const tryAll = () => attempts.push(reach(attacker));
    const timer = setInterval(tryAll, 5);
    await enrol(t, real, null);
    clearInterval(timer);
    for (let i = 0; i < 5; i++) tryAll();
    const answers = await Promise.all(attempts);
    expect(answers.filter((s) => s === 200)).toEqual([]);
    expect(answers.at(-1)).toBe(401);

    // The enrolling session proved the new factor: it reaches everything, and says so.
    expect(await reach(real)).toBe(200);
    expect(await amrOf(real)).toEqual(['pwd', 'otp']);
  });

  it('a password-only token that was not revoked (issued before, kept in a cache) does not pass once the user has a second factor', async () => {
    const victim = await holder();
    const { headers } = await passwordSignIn(victim.email);
    const old = headers as Headers;
    expect(await reach(old)).toBe(403); // remembered by the guard's short cache
    // The factor is turned on without the usual revocation (as if another path had done it).
    await db().update(users).set({ totpEnabledAt: new Date(), totpSecret: 'x' }).where(eq(users.id, victim.id));
    clearAuthCache();
    expect(await reach(old)).toBe(401);
    // Even a token made with a recovery or authenticator method counts only while the factor is on.
    const coded = await tokenFor(db(), victim.id, ['pwd', 'otp']);
    expect(await reach({ ...coded, 'x-tenant': company.id })).toBe(200);
    await db().update(users).set({ totpEnabledAt: null }).where(eq(users.id, victim.id));
    clearAuthCache();
    expect(await reach({ ...coded, 'x-tenant': company.id })).toBe(403);
  });

  it('sets up without the password only within the enrolment window after the sign-in', async () => {
    const user = await holder();
    const { headers } = await passwordSignIn(user.email);
    const h = headers as Headers;
    expect((await call(t, 'GET', '/session/two-factor', h)).json().data.password_needed).toBe(false);
    // The sign-in is older than the window: the password is asked for again.
    await db()
      .update(accessTokens)
      .set({ createdAt: new Date(Date.now() - ENROLMENT_WINDOW_MS - 60_000) })
      .where(eq(accessTokens.userId, user.id));
    clearAuthCache();
    expect((await call(t, 'GET', '/session/two-factor', h)).json().data.password_needed).toBe(true);
    const setup = await call(t, 'POST', '/session/two-factor/setup', h, {});
    expect(setup.statusCode).toBe(422);
    expect(setup.json().errors.current_password).toBeDefined();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row.totpPendingSecret).toBeNull();
  });

  it('a holder of a role without the rule gets no window: setting up asks for the password', async () => {
    const user = await holder(plain);
    const { headers } = await passwordSignIn(user.email);
    const setup = await call(t, 'POST', '/session/two-factor/setup', headers as Headers, {});
    expect(setup.statusCode).toBe(422);
  });
});

describe('a sign-in with the second factor', () => {
  it('password + code reaches everything; it ends when the user turns the factor off, renews codes, or an admin resets it elsewhere', async () => {
    for (const change of ['off', 'codes', 'reset'] as const) {
      const user = await holder();
      const enrolling = (await passwordSignIn(user.email)).headers as Headers;
      const { secret, codes } = await enrol(t, enrolling, null);
      await forgetLastStep(t, user.id);
      const first = await passwordSignIn(user.email);
      const withCode = await secondStep(first.challenge as string, codeAt(secret, nowStep()));
      const second = await passwordSignIn(user.email);
      const withRecovery = await secondStep(second.challenge as string, codes[0]);
      expect(await amrOf(withCode)).toEqual(['pwd', 'otp']);
      expect(await amrOf(withRecovery)).toEqual(['pwd', 'recovery']);
      expect(await reach(withCode)).toBe(200);
      expect(await reach(withRecovery)).toBe(200);

      if (change === 'reset') {
        const boss = await createUser(db(), { role: 'super_admin', companies: [company] });
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/users/${user.id}/two-factor/reset`,
          headers: { ...(await tokenFor(db(), boss.id)), 'x-tenant': company.id },
        });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        const url = change === 'off' ? '/session/two-factor/disable' : '/session/two-factor/recovery-codes';
        const res = await call(t, 'POST', url, withCode, { current_password: PASSWORD });
        expect(res.statusCode, res.body).toBe(200);
        // The session that made the change stays, and says what it proves now.
        expect(await reach(withCode)).toBe(change === 'off' ? 403 : 200);
        expect(await amrOf(withCode)).toEqual(change === 'off' ? ['pwd'] : ['pwd', 'otp']);
      }
      expect(await reach(withRecovery)).toBe(401);
      expect(await reach(enrolling)).toBe(401);
    }
  });
});

describe('single sign-on', () => {
  const bindings = new Map<string, string>();
  async function ssoSignIn(email: string, amr?: string[]) {
    op.accounts.push({
      sub: `sub-${Math.random().toString(36).slice(2)}`,
      email,
      email_verified: true,
      name: email,
      ...(amr ? { amr } : {}),
    });
    const started = await client.get('/api/v1/auth/login/azure');
    const url: string = started.json().data.url;
    const binding = started.cookies.find((k) => k.name === SSO_BINDING_COOKIE)?.value ?? '';
    const back = await signInAtProvider(url, email, REDIRECT);
    const state = back.searchParams.get('state') ?? '';
    bindings.set(state, binding);
    const headers = { cookie: `${(await client.csrf()).cookie}; ${SSO_BINDING_COOKIE}=${binding}` };
    return client.post(
      '/api/v1/auth/login/azure/callback',
      { code: back.searchParams.get('code'), state },
      { headers },
    );
  }

  it('with the provider’s MFA reaches everything; without it, a holder of the guarded role is refused with a clear message', async () => {
    const withMfa = await holder(guarded, { email: `mfa-${Date.now()}@example.test` });
    const ok = await ssoSignIn(withMfa.email, ['pwd', 'mfa']);
    expect(ok.statusCode, ok.body).toBe(200);
    const h = bearer(ok.json().data.access_token);
    expect(await amrOf(h)).toEqual(['sso', 'mfa']);
    expect(await reach(h)).toBe(200);

    const without = await holder(guarded, { email: `nomfa-${Date.now()}@example.test` });
    const before = await rowsOf(db(), sql`select count(*)::int as n from access_tokens where user_id = ${without.id}`);
    const refused = await ssoSignIn(without.email, ['pwd']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_MSG.mfaRequired);
    expect(await rowsOf(db(), sql`select count(*)::int as n from access_tokens where user_id = ${without.id}`)).toEqual(
      before,
    );
  });

  it('without MFA, a holder of a role without the rule signs in; once the role requires it, that token is dead', async () => {
    const role = await createRole(db(), 'Olympus', 'sso_role', OLYMPUS_GRANTS.admin);
    const user = await holder(role, { email: `sso-${Date.now()}@example.test` });
    const ok = await ssoSignIn(user.email);
    expect(ok.statusCode, ok.body).toBe(200);
    const h = bearer(ok.json().data.access_token);
    expect(await amrOf(h)).toEqual(['sso']);
    expect(await reach(h)).toBe(200);
    await db().update(roles).set({ requireTwoFactor: true }).where(eq(roles.id, role.id));
    clearAuthCache();
    expect(await reach(h)).toBe(401);
  });
});

describe('tokens from setting a password', () => {
  it('an accepted invitation answers no token; the password sign-in after it is held back like any other', async () => {
    const user = await holder(guarded, { email: `invited-${Date.now()}@example.test` });
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const boss = await createUser(db(), { role: 'super_admin', companies: [company] });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/invitation`,
      headers: { ...(await tokenFor(db(), boss.id)), 'x-tenant': company.id },
      payload: { mail: false },
    });
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json().data.link).hash.slice(1);
    const accepted = await client.post('/api/v1/auth/invitation/accept', { token, new_password: 'Fresh-Horse-42' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.access_token).toBeUndefined();
    const res = await client.login(user.email, 'Fresh-Horse-42');
    const h = bearer(res.json().data.access_token);
    expect(await amrOf(h)).toEqual(['pwd']);
    expect(await reach(h)).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users', headers: h })).json()).toEqual({
      message: TWO_FACTOR_REQUIRED_MSG,
    });
  });

  it('a first-login change answers a password-only token; with a second factor on it answers none', async () => {
    for (const secondFactor of [false, true]) {
      const user = await holder(guarded, { mustChangePassword: true });
      if (secondFactor)
        await db().update(users).set({ totpEnabledAt: new Date(), totpSecret: 'x' }).where(eq(users.id, user.id));
      const first = await client.login(user.email);
      const { session, username } = first.json().data;
      const res = await client.post('/api/v1/auth/password/new', { username, session, new_password: 'Fresh-Horse-42' });
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().data.access_token as string | undefined;
      if (secondFactor) {
        expect(token).toBeUndefined();
        continue;
      }
      const h = bearer(token as string);
      expect(await amrOf(h)).toEqual(['pwd']);
      expect(await reach(h)).toBe(403);
    }
  });

  it('changing one’s password keeps what this session proved, on the new token only', async () => {
    const user = await holder(plain);
    const enrolling = (await passwordSignIn(user.email)).headers as Headers;
    const { secret } = await enrol(t, enrolling);
    await forgetLastStep(t, user.id);
    const first = await passwordSignIn(user.email);
    const withCode = await secondStep(first.challenge as string, codeAt(secret, nowStep()));
    const res = await call(t, 'POST', '/session/password', withCode, {
      current_password: PASSWORD,
      new_password: 'Fresh-Horse-42',
      new_password_confirmation: 'Fresh-Horse-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = bearer(res.json().data.access_token);
    expect(await amrOf(fresh)).toEqual(['pwd', 'otp']);
    expect(await reach(withCode)).toBe(401);
  });
});
