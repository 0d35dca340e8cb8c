// Azure / OpenID Connect sign-in against a real OpenID provider (oidc-provider) in this process:
// the whole code flow, identity mapping and linking, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser } from './factories';
import { auditRows, auditText, authClient, uniqueIp, type AuthClient } from './auth-client';
import { signInAtProvider, startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';
import { challenges, users } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { SSO_BINDING_COOKIE } from '../../server/sso/binding';

const REDIRECT = 'http://olympus.test/login/azure/callback';
const FAILED = { message: 'Your sign-in could not be completed. Please try again.' };
const UNKNOWN = { message: 'No Olympus account matches this sign-in. Please contact your administrator.' };

let op: RunningOidcProvider;
let t: TestApp;
let c: AuthClient;
const db = () => t.database.db;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
  t = await createTestApp({
    sso: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      azureTenantId: null,
      enforcedDomains: ['corp.example.test'],
    },
  });
  c = authClient(t);
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

let n = 0;
/** A provider account and, unless told otherwise, the Olympus user with its address. */
async function person(opts: { emailVerified?: boolean; user?: Parameters<typeof createUser>[1] | null } = {}) {
  const i = ++n;
  const email = opts.user?.email ?? `person${i}@example.test`;
  op.accounts.push({
    sub: `sub-${i}-${Math.random().toString(36).slice(2)}`,
    email,
    email_verified: opts.emailVerified ?? true,
    name: `Person ${i}`,
  });
  const user = opts.user === null ? null : await createUser(db(), { ...opts.user, email });
  return { email, sub: op.accounts[op.accounts.length - 1].sub, user };
}

/** The binding cookie each start set, by state: the callback sends it back like the browser would. */
const bindings = new Map<string, string>();

async function start(system?: string): Promise<string> {
  const res = await c.get('/api/v1/auth/login/azure' + (system ? `?system=${encodeURIComponent(system)}` : ''));
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().data.url;
  const binding = res.cookies.find((k) => k.name === SSO_BINDING_COOKIE)?.value;
  if (binding) bindings.set(new URL(url).searchParams.get('state') ?? '', binding);
  return url;
}

/** Starts, signs in at the provider as `login`, and answers where the provider sent the browser. */
async function atProvider(login: string, system?: string): Promise<{ code: string; state: string }> {
  const back = await signInAtProvider(await start(system), login, REDIRECT);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function callback(body: Record<string, unknown>, ip?: string) {
  const binding = typeof body.state === 'string' ? bindings.get(body.state) : undefined;
  const headers = binding ? { cookie: `${(await c.csrf()).cookie}; ${SSO_BINDING_COOKIE}=${binding}` } : undefined;
  return c.post('/api/v1/auth/login/azure/callback', body, { ip, headers });
}

async function signIn(login: string, system?: string) {
  return callback(await atProvider(login, system));
}

describe('GET /auth/login/azure', () => {
  it('answers the provider URL with PKCE S256, state, nonce and the scopes, and keeps only a hash of the state', async () => {
    const url = new URL(await start('Everest'));
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(op.clientId);
    expect(q.get('redirect_uri')).toBe(REDIRECT);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    const state = q.get('state') ?? '';
    const [row] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(state)));
    expect(row).toMatchObject({
      kind: 'sso',
      userId: null,
      usedAt: null,
      data: { system: 'Everest', nonce: q.get('nonce') },
    });
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThan(10.1 * 60_000);
    expect(JSON.stringify(row)).not.toContain(state);
  });
});

describe('POST /auth/login/azure/callback', () => {
  it('signs a known user in with a working bearer token and links the identity', async () => {
    const p = await person({ user: { name: 'Ada Lovelace' } });
    const res = await signIn(p.email);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ token_type: 'Bearer', system: null });
    expect(data.access_token).toMatch(/^oly_/);
    const session = await c.get('/api/v1/session', { authorization: `Bearer ${data.access_token}` });
    expect(session.statusCode).toBe(200);
    expect(session.json().data).toMatchObject({ email: p.email, name: 'Ada Lovelace' });
    const [row] = await db().select().from(users).where(eq(users.id, p.user!.id));
    expect(row).toMatchObject({ ssoTid: op.issuer, ssoOid: p.sub });
    expect(row.lastLoginAt).not.toBeNull();
    const audit = (await auditRows(t, 'auth.sso_login')).find((r) => r.actor_id === p.user!.id);
    expect(audit?.detail).toMatchObject({ method: 'sso', linked: true, tid: op.issuer, oid: p.sub, email: p.email });
  });

  it('carries the ?system= asked for at the start through to the answer', async () => {
    const p = await person();
    const res = await signIn(p.email, 'Everest');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.system).toBe('Everest');
  });

  it('matches the first email case-insensitively, then by the linked identity even after the email changes', async () => {
    const p = await person();
    const first = await signIn(p.email.toUpperCase());
    expect(first.statusCode, first.body).toBe(200);
    await db()
      .update(users)
      .set({ email: `renamed-${p.email}` })
      .where(eq(users.id, p.user!.id));
    const again = await signIn(p.email);
    expect(again.statusCode, again.body).toBe(200);
    const rows = (await auditRows(t, 'auth.sso_login')).filter((r) => r.actor_id === p.user!.id);
    expect(rows.map((r) => r.detail?.linked)).toEqual([true, false]);
  });

  it('answers the new-password session for a user who must change their password, which then works', async () => {
    const p = await person({ user: { mustChangePassword: true } });
    const res = await signIn(p.email);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['session', 'username']);
    expect(data.username).toBe(p.user!.username);
    const set = await c.post('/api/v1/auth/password/new', {
      username: data.username,
      name: data.username,
      new_password: 'Brand-New-Pass-77',
      session: data.session,
    });
    expect(set.statusCode, set.body).toBe(200);
    const audit = (await auditRows(t, 'auth.sso_login')).find((r) => r.actor_id === p.user!.id);
    expect(audit?.detail).toMatchObject({ outcome: 'new_password_required' });
  });

  it('lets users of an SSO-enforced domain in through SSO while their password is refused', async () => {
    const p = await person({ user: { email: 'enforced@corp.example.test' } });
    expect((await c.login(p.email)).statusCode).toBe(403);
    const res = await signIn(p.email);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('never writes a code, state, verifier or token to the audit log', async () => {
    const p = await person();
    const back = await atProvider(p.email);
    const res = await callback(back);
    expect(res.statusCode).toBe(200);
    const replay = await callback(back);
    expect(replay.statusCode).toBe(401);
    const text = await auditText(t);
    expect(text).not.toContain(back.code);
    expect(text).not.toContain(back.state);
    expect(text).not.toContain(res.json().data.access_token);
    expect(text).not.toMatch(/codeVerifier|code_verifier|nonce/);
  });
});

describe('POST /auth/login/azure/callback refuses', () => {
  const lastFailure = async () => (await auditRows(t, 'auth.sso_login_failed')).at(-1);

  it('an unknown state, and a missing one', async () => {
    const p = await person();
    const back = await atProvider(p.email);
    const res = await callback({ code: back.code, state: 'not-a-state-we-issued' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'unknown_state' });
    const missing = await callback({ code: back.code, state: null });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(FAILED);
    // The real state still works: refusals did not use it up.
    expect((await callback(back)).statusCode).toBe(200);
  });

  it('a used transaction (the same callback twice)', async () => {
    const p = await person();
    const back = await atProvider(p.email);
    expect((await callback(back)).statusCode).toBe(200);
    const again = await callback(back);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(FAILED);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'used_state' });
  });

  it('a replayed code under a fresh transaction (the provider refuses it: PKCE and single use)', async () => {
    const p = await person();
    const back = await atProvider(p.email);
    expect((await callback(back)).statusCode).toBe(200);
    const fresh = new URL(await start()).searchParams.get('state') ?? '';
    const replay = await callback({ code: back.code, state: fresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(FAILED);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'exchange_failed', error: 'invalid_grant' });
  });

  it('a made-up code', async () => {
    const state = new URL(await start()).searchParams.get('state') ?? '';
    const res = await callback({ code: 'made-up-code', state });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'exchange_failed' });
  });

  it('an expired transaction (older than 10 minutes)', async () => {
    const p = await person();
    const back = await atProvider(p.email);
    await db()
      .update(challenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(challenges.secretHash, sha256(back.state)));
    const res = await callback(back);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'expired_state' });
  });

  it('an identity no user matches, creating nobody', async () => {
    const [{ count: before }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    const res = await signIn('stranger@example.test');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(UNKNOWN);
    const [{ count: after }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(users);
    expect(after).toBe(before);
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'unknown_identity', email: 'stranger@example.test' });
  });

  it('an email the provider has not verified, linking nothing', async () => {
    const p = await person({ emailVerified: false });
    const res = await signIn(p.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your sign-in provider has not verified your email address. Please contact your administrator.',
    });
    const [row] = await db().select().from(users).where(eq(users.id, p.user!.id));
    expect(row.ssoOid).toBeNull();
    expect((await lastFailure())?.detail).toMatchObject({ reason: 'unverified_email' });
  });

  it('a disabled user, whether found by email or by the linked identity', async () => {
    const disabled = { message: 'Your Olympus account has been disabled. Please contact your administrator.' };
    const p = await person({ user: { disabled: true } });
    const res = await signIn(p.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(disabled);
    expect(await lastFailure()).toMatchObject({ actor_id: p.user!.id, detail: { reason: 'disabled' } });

    const q = await person();
    expect((await signIn(q.email)).statusCode).toBe(200);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, q.user!.id));
    const later = await signIn(q.email);
    expect(later.statusCode).toBe(403);
    expect(later.json()).toEqual(disabled);
  });

  it('another identity with the email of an already linked user', async () => {
    const p = await person();
    expect((await signIn(p.email)).statusCode).toBe(200);
    // The provider gives the address to someone else (a new subject).
    const account = op.accounts.find((a) => a.sub === p.sub)!;
    account.email = `old-${p.email}`;
    op.accounts.push({ sub: `${p.sub}-successor`, email: p.email, email_verified: true });
    const res = await signIn(`${p.sub}-successor`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(UNKNOWN);
    expect(await lastFailure()).toMatchObject({ actor_id: p.user!.id, detail: { reason: 'linked_to_other_identity' } });
  });

  it('a callback without the CSRF pair, like every cookie-borne state change', async () => {
    const res = await c.post('/api/v1/auth/login/azure/callback', { code: 'x', state: 'y' }, { csrf: false });
    expect(res.statusCode).toBe(419);
  });

  it('more than 10 callbacks a minute from one address (429)', async () => {
    const ip = uniqueIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await callback({ code: 'x', state: `guess-${i}` }, ip)).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
