// X-Tenant on every request: only the caller's companies; super_admin any existing one.
// Plus the route helpers requireAuth / requireArea / requirePermission / requireTenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { userCompanies } from '../../server/db/schema';
import { requireArea, requireAuth, requirePermission, requireTenant } from '../../server/auth/guard';
import { TTL_MS } from '../../server/auth/authCache';
import { ApiError } from '../../server/errors';
import type { AuthContext } from '../../server/types';
import { auditRows, authClient, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const FORBIDDEN = { message: 'You do not have access to that company.' };
const session = (headers: Record<string, string>) => c.get('/api/v1/session', headers);

describe('X-Tenant', () => {
  it('accepts one of the caller’s companies, in any letter case; a sign-out’s row is the user’s companies’', async () => {
    const mine = await createCompany(db());
    const user = await createUser(db(), { role: 'admin', companies: [mine] });
    const auth = await tokenFor(db(), user.id);
    expect((await session({ ...auth, 'x-tenant': mine.id })).statusCode).toBe(200);
    expect((await session({ ...auth, 'x-tenant': mine.id.toUpperCase() })).statusCode).toBe(200);
    const out = await c.post('/api/v1/auth/logout', undefined, { headers: { ...auth, 'x-tenant': mine.id } });
    expect(out.statusCode).toBe(200);
    // The tenant column is not in auditRows(); read it directly.
    const result = await db().execute(
      sql`select tenant_id, company_ids from audit_log where action = 'auth.logout' and actor_id = ${user.id}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ tenant_id: null, company_ids: [mine.id] }]);
  });

  it('refuses another company with 403', async () => {
    const mine = await createCompany(db());
    const theirs = await createCompany(db());
    const user = await createUser(db(), { role: 'admin', companies: [mine] });
    const res = await session({ ...(await tokenFor(db(), user.id)), 'x-tenant': theirs.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('refuses malformed, unknown and repeated values with 403, never 500', async () => {
    const mine = await createCompany(db());
    const user = await createUser(db(), { role: 'admin', companies: [mine] });
    const auth = await tokenFor(db(), user.id);
    for (const tenant of [
      'not-a-uuid',
      "1' or '1'='1",
      '00000000-0000-0000-0000-000000000000',
      `${mine.id}, ${mine.id}`,
      'x'.repeat(5000),
    ]) {
      const res = await session({ ...auth, 'x-tenant': tenant });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });

  it('logout still works, and revokes, with a company the user no longer has', async () => {
    const theirs = await createCompany(db());
    const user = await createUser(db(), { role: 'admin' });
    const auth = await tokenFor(db(), user.id);
    const res = await c.post('/api/v1/auth/logout', undefined, { headers: { ...auth, 'x-tenant': theirs.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'You have been logged out.' } });
    expect((await session(auth)).statusCode).toBe(401);
    // The refused company is not recorded: the row is the user's, who has no company.
    const result = await db().execute(
      sql`select tenant_id, company_ids from audit_log where action = 'auth.logout' and actor_id = ${user.id}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ tenant_id: null, company_ids: [] }]);
  });

  it('an empty value means no company chosen', async () => {
    const user = await createUser(db(), { role: 'admin' });
    expect((await session({ ...(await tokenFor(db(), user.id)), 'x-tenant': '' })).statusCode).toBe(200);
  });

  it('lets super_admin use any existing company, but not an unknown or malformed one', async () => {
    const any = await createCompany(db());
    const boss = await createUser(db(), { role: 'super_admin' });
    const auth = await tokenFor(db(), boss.id);
    expect((await session({ ...auth, 'x-tenant': any.id })).statusCode).toBe(200);
    for (const tenant of ['11111111-1111-1111-1111-111111111111', 'nope']) {
      const res = await session({ ...auth, 'x-tenant': tenant });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
  });

  it('is checked on every request: removal from a company takes effect at once', async () => {
    const mine = await createCompany(db());
    const user = await createUser(db(), { role: 'admin', companies: [mine] });
    const auth = await tokenFor(db(), user.id);
    expect((await session({ ...auth, 'x-tenant': mine.id })).statusCode).toBe(200);
    await db()
      .delete(userCompanies)
      .where(and(eq(userCompanies.userId, user.id), eq(userCompanies.companyId, mine.id)));
    // Removed outside any request of this process (as another instance would): the guard may answer
    // from its memory for up to TTL_MS (server/auth/authCache.ts; tests/server/auth-cache.test.ts
    // shows a removal through the API holds on the very next request).
    await new Promise((resolve) => setTimeout(resolve, TTL_MS));
    expect((await session({ ...auth, 'x-tenant': mine.id })).statusCode).toBe(403);
  });

  it('is ignored for a guest: login and the 401 of a protected call are unaffected', async () => {
    const other = await createCompany(db());
    const user = await createUser(db());
    const login = await c.post(
      '/api/v1/auth/login',
      { email: user.email, password: 'Correct-Horse-9' },
      { headers: { 'x-tenant': other.id } },
    );
    expect(login.statusCode).toBe(200);
    const res = await session({ 'x-tenant': 'garbage' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await auditRows(t, 'auth.login')).some((r) => r.actor_id === user.id)).toBe(true);
  });
});

describe('route helpers', () => {
  const req = (auth: Partial<AuthContext> | null, tenantId: string | null = null) =>
    ({
      auth: auth && {
        userId: 'u',
        tokenId: 't',
        name: 'n',
        email: 'e',
        role: null,
        permissions: [],
        companyIds: [],
        ...auth,
      },
      tenantId,
    }) as unknown as FastifyRequest;
  const status = (fn: () => unknown) => {
    try {
      fn();
      return 200;
    } catch (e) {
      return e instanceof ApiError ? e.statusCode : 500;
    }
  };

  it('requireAuth: 401 Unauthenticated. for a guest', () => {
    expect(() => requireAuth(req(null))).toThrow('Unauthenticated.');
    expect(status(() => requireAuth(req(null)))).toBe(401);
    expect(requireAuth(req({ name: 'Ann' })).name).toBe('Ann');
  });

  it('requireArea follows the access table', () => {
    const sys = req({ role: 'system_user' });
    const admin = req({ role: 'admin', permissions: ['reports.access'] });
    const sa = req({ role: 'super_admin' });
    expect(status(() => requireArea(req(null), 'users'))).toBe(401);
    expect(status(() => requireArea(sys, 'users'))).toBe(403);
    expect(status(() => requireArea(sys, 'home'))).toBe(200);
    expect(status(() => requireArea(admin, 'users'))).toBe(200);
    expect(status(() => requireArea(admin, 'companies'))).toBe(403);
    expect(status(() => requireArea(admin, 'roles'))).toBe(403);
    expect(status(() => requireArea(admin, 'integrations'))).toBe(403);
    expect(status(() => requireArea(admin, 'reports'))).toBe(200);
    expect(status(() => requireArea(req({ role: 'admin' }), 'reports'))).toBe(403);
    expect(status(() => requireArea(req({ role: 'system_user', permissions: ['reports.*'] }), 'reports'))).toBe(200);
    for (const area of ['users', 'roles', 'companies', 'properties', 'units', 'reports', 'integrations'] as const) {
      expect(status(() => requireArea(sa, area))).toBe(200);
    }
  });

  it('requirePermission honours wildcards; super_admin holds everything', () => {
    expect(status(() => requirePermission(req({ role: 'admin', permissions: ['users.*'] }), 'users.delete'))).toBe(200);
    expect(status(() => requirePermission(req({ role: 'admin', permissions: ['users.view'] }), 'users.delete'))).toBe(
      403,
    );
    expect(status(() => requirePermission(req({ role: 'super_admin' }), 'anything.at_all'))).toBe(200);
    expect(status(() => requirePermission(req(null), 'users.view'))).toBe(401);
  });

  it('requireTenant: the checked tenant, 403 when none was chosen', () => {
    expect(requireTenant(req({}, 'c1'))).toBe('c1');
    expect(status(() => requireTenant(req({})))).toBe(403);
    expect(status(() => requireTenant(req(null, 'c1')))).toBe(401);
  });
});
