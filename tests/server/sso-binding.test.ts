// Login CSRF through SSO: a sign-in must finish in the browser that started it. An
// attacker who starts a sign-in, completes it at the provider with their own account and hands the
// callback (code + state) to a victim must not get the victim signed in as the attacker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createUser } from './factories';
import { auditRows, authClient, type AuthClient } from './auth-client';
import { signInAtProvider, startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';
import { accessTokens, challenges } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { SSO_BINDING_COOKIE } from '../../server/sso/binding';

const REDIRECT = 'https://olympus.test/login/azure/callback';
const CALLBACK = '/api/v1/auth/login/azure/callback';
const FAILED = { message: 'Your sign-in could not be completed. Please try again.' };

let op: RunningOidcProvider;
let t: TestApp;
let c: AuthClient;
const db = () => t.database.db;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
  t = await createTestApp({
    publicUrl: 'https://olympus.test',
    sso: {
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecret: op.clientSecret,
      azureTenantId: null,
      enforcedDomains: [],
    },
  });
  c = authClient(t);
});
afterAll(async () => {
  await t?.close();
  await op?.close();
});

let n = 0;
async function person() {
  const email = `binding${++n}@example.test`;
  op.accounts.push({ sub: `sub-binding-${n}`, email, email_verified: true });
  return createUser(db(), { email });
}

/** A browser starting a sign-in: the provider URL and the binding cookie the start set. */
async function start() {
  const res = await c.get('/api/v1/auth/login/azure');
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((k) => k.name === SSO_BINDING_COOKIE);
  return { url: res.json().data.url as string, cookie, res };
}

/** The attacker's half: start, sign in at the provider as `login`, keep what came back. */
async function attackerCallback(login: string) {
  const s = await start();
  const back = await signInAtProvider(s.url, login, REDIRECT);
  return {
    body: { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
    binding: s.cookie?.value ?? '',
  };
}

/** The callback as the browser posts it, with the CSRF pair and whatever binding cookie it holds. */
async function post(body: object, binding?: string): Promise<LightMyRequestResponse> {
  const pair = await c.csrf();
  const cookie = [pair.cookie, ...(binding === undefined ? [] : [`${SSO_BINDING_COOKIE}=${binding}`])].join('; ');
  return c.post(CALLBACK, body, { headers: { cookie } });
}

const tokenCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(accessTokens)
  )[0].n;
const usedAt = async (state: string) =>
  (
    await db()
      .select({ usedAt: challenges.usedAt })
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(state)))
  )[0]?.usedAt;

describe('the SSO start', () => {
  it('sets an HttpOnly, SameSite=Lax, Secure binding cookie for the callback path only, 10 minutes, and keeps only its hash', async () => {
    const s = await start();
    expect(s.cookie).toBeDefined();
    expect(s.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: CALLBACK, maxAge: 600 });
    expect(s.cookie!.value).toMatch(/^[\w-]{43}$/);
    const state = new URL(s.url).searchParams.get('state') ?? '';
    const [row] = await db()
      .select()
      .from(challenges)
      .where(eq(challenges.secretHash, sha256(state)));
    expect(JSON.stringify(row)).not.toContain(s.cookie!.value);
    expect(row.data).toMatchObject({ binding: sha256(s.cookie!.value) });
  });
});

describe('a callback from another browser (login CSRF)', () => {
  it('is refused without the binding cookie: no token, the transaction untouched, audited', async () => {
    const attacker = await person();
    const { body } = await attackerCallback(attacker.email);
    const before = await tokenCount();
    const res = await post(body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(FAILED);
    expect(await tokenCount()).toBe(before);
    expect(await usedAt(body.state)).toBeNull();
    expect((await auditRows(t, 'auth.sso_login_failed')).at(-1)?.detail).toMatchObject({ reason: 'browser_not_bound' });
  });

  it('is refused with another browser’s binding cookie, even when many are tried at once', async () => {
    const attacker = await person();
    const { body } = await attackerCallback(attacker.email);
    const victim = await start();
    const before = await tokenCount();
    const answers = await Promise.all([post(body, victim.cookie!.value), post(body, 'x'.repeat(43)), post(body, '')]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    for (const r of answers) expect(r.json()).toEqual(FAILED);
    expect(await tokenCount()).toBe(before);
    expect(await usedAt(body.state)).toBeNull();
    const reasons = (await auditRows(t, 'auth.sso_login_failed')).slice(-3).map((r) => r.detail?.reason);
    expect(reasons.sort()).toEqual(['browser_mismatch', 'browser_mismatch', 'browser_not_bound']);
  });

  it('leaves the browser that started the sign-in able to finish it, and clears its cookie', async () => {
    const user = await person();
    const { body, binding } = await attackerCallback(user.email);
    expect((await post(body)).statusCode).toBe(401);
    const res = await post(body, binding);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.access_token).toMatch(/^oly_/);
    const cleared = res.cookies.find((k) => k.name === SSO_BINDING_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: CALLBACK });
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
  });
});
