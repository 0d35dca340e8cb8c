// The guard's one-second memory (server/auth/authCache.ts): a burst of calls with one token looks it
// up once, yet whatever a request of this process changes — a revoked token, a disabled user, a
// removed membership, a changed role permission — holds on the very next request. A change made
// outside this process's requests (another instance) shows within TTL_MS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { apiAs, createWorld, type World } from './resources-fixtures';
import { authClient, type AuthClient } from './auth-client';
import { userSystems } from '../../server/db/schema';
import {
  cacheKey,
  cachedAnswer,
  clearAuthCache,
  lookupStarted,
  remember,
  TTL_MS,
  type GuardAnswer,
} from '../../server/auth/authCache';
import { sha256 } from '../../server/auth/tokens';

let t: TestApp;
let w: World;
let c: AuthClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  c = authClient(t);
});
afterAll(() => t.close());

const session = (auth: { authorization: string }, tenant?: string) =>
  c.get('/api/v1/session', { ...auth, ...(tenant ? { 'x-tenant': tenant } : {}) });
const keyOf = (auth: { authorization: string }, tenant: string | null = null) =>
  cacheKey(sha256(auth.authorization.slice('Bearer '.length)), tenant);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the guard’s memory', () => {
  it('answers a repeated token from memory, for at most TTL_MS (a change made elsewhere shows by then)', async () => {
    const user = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = await tokenFor(db(), user.id);
    expect((await session(auth)).statusCode).toBe(200);
    expect(cachedAnswer(keyOf(auth))?.auth.userId).toBe(user.id);
    // Another instance revokes the token: this one may answer from memory until the entry ends.
    await db().execute(sql`update access_tokens set revoked_at = now() where user_id = ${user.id}`);
    const started = Date.now();
    let status = (await session(auth)).statusCode;
    while (status === 200) {
      expect(Date.now() - started).toBeLessThanOrEqual(TTL_MS + 50);
      await sleep(50);
      status = (await session(auth)).statusCode;
    }
    expect(status).toBe(401);
    // Negative answers are never kept.
    expect(cachedAnswer(keyOf(auth))).toBeNull();
  });

  it('a logout takes effect on the very next request', async () => {
    const user = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = await tokenFor(db(), user.id);
    expect((await session(auth)).statusCode).toBe(200);
    expect((await c.post('/api/v1/auth/logout', undefined, { headers: auth })).statusCode).toBe(200);
    expect((await session(auth)).statusCode).toBe(401);
  });

  it('disabling a user takes effect on the very next request', async () => {
    const admin = apiAs(t, w.headers.admin, w.own.id);
    const user = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = await tokenFor(db(), user.id);
    expect((await session(auth, w.own.id)).statusCode).toBe(200);
    expect((await admin.put(`/users/${user.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await session(auth, w.own.id)).statusCode).toBe(401);
  });

  it('removing a company membership takes effect on the very next request', async () => {
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    const second = await createCompany(db());
    const user = await createUser(db(), { role: 'admin', companies: [w.own, second] });
    const auth = await tokenFor(db(), user.id);
    const units = () => apiAs(t, auth, w.own.id).get('/units');
    expect((await units()).statusCode).toBe(200);
    expect((await sa.put(`/users/${user.id}`, { companies: [second.id] })).statusCode).toBe(200);
    // Shrinking access also revokes the user's tokens: refused either way, at once.
    expect([401, 403]).toContain((await units()).statusCode);
    expect((await units()).statusCode).not.toBe(200);
  });

  it('a changed role permission takes effect on the very next request (no token is revoked for it)', async () => {
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    const role = await createRole(db(), 'Olympus', 'cache_unit_viewer', ['units.view']);
    const user = await createUser(db(), { role: null, companies: [w.own] });
    await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId: role.id });
    const auth = await tokenFor(db(), user.id);
    const viewer = apiAs(t, auth, w.own.id);
    expect((await viewer.get('/units')).statusCode).toBe(200);
    expect((await viewer.get('/properties')).statusCode).toBe(403);
    expect((await sa.put(`/roles/${role.id}`, { permissions: ['properties.view'] })).statusCode).toBe(200);
    expect((await viewer.get('/units')).statusCode).toBe(403);
    expect((await viewer.get('/properties')).statusCode).toBe(200);
    // The same token still works (only the permission changed).
    expect((await session(auth)).statusCode).toBe(200);
  });

  it('any state-changing request empties it, even a refused one', async () => {
    const user = await createUser(db(), { role: 'admin', companies: [w.own] });
    const auth = await tokenFor(db(), user.id);
    expect((await session(auth)).statusCode).toBe(200);
    expect(cachedAnswer(keyOf(auth))).not.toBeNull();
    const refused = await apiAs(t, w.headers.none, w.own.id).delete(`/units/00000000-0000-4000-8000-000000000000`);
    expect(refused.statusCode).toBe(403);
    expect(cachedAnswer(keyOf(auth))).toBeNull();
  });
});

describe('authCache', () => {
  const answer = (): GuardAnswer => ({
    auth: {
      userId: 'u',
      tokenId: 't',
      name: 'n',
      email: 'e',
      role: null,
      permissions: ['units.view'],
      companyIds: ['c'],
      amr: ['pwd'],
      authenticatedAt: 0,
    },
    tenantExists: false,
  });

  it('drops an answer whose lookup ran while the memory was emptied', () => {
    const started = lookupStarted();
    clearAuthCache();
    remember('k1', answer(), 60_000, started);
    expect(cachedAnswer('k1')).toBeNull();
    remember('k1', answer(), 60_000, lookupStarted());
    expect(cachedAnswer('k1')).not.toBeNull();
  });

  it('keeps an answer no longer than TTL_MS nor past the token’s own expiry, counted from the lookup', () => {
    const now = Date.now();
    remember('k2', answer(), 60_000, lookupStarted(), now);
    expect(cachedAnswer('k2', now + TTL_MS - 1)).not.toBeNull();
    expect(cachedAnswer('k2', now + TTL_MS)).toBeNull();
    remember('k3', answer(), 200, lookupStarted(), now);
    expect(cachedAnswer('k3', now + 199)).not.toBeNull();
    expect(cachedAnswer('k3', now + 200)).toBeNull();
    // A lookup that took longer than the answer holds stores nothing.
    remember('k4', answer(), 10, lookupStarted(), now - 50);
    expect(cachedAnswer('k4')).toBeNull();
  });

  it('hands out answers nobody can change', () => {
    remember('k5', answer(), 60_000, lookupStarted());
    const kept = cachedAnswer('k5') as GuardAnswer;
    expect(() => kept.auth.permissions.push('users.delete')).toThrow(TypeError);
    expect(() => kept.auth.companyIds.push('other')).toThrow(TypeError);
    expect(() => Object.assign(kept.auth, { role: 'super_admin' })).toThrow(TypeError);
  });
});
