// GET /api/v1/session, POST /auth/logout, POST /auth/authenticated, and token expiry/revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createSystem, createUser, tokenFor } from './factories';
import { accessTokens, userSystems, users } from '../../server/db/schema';
import { sha256 } from '../../server/auth/tokens';
import { auditRows, authClient, type AuthClient } from './auth-client';
import { DEFAULT_GRANTS } from '../../contract/permissions';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const db = () => t.database.db;
const UNAUTH = { message: 'Unauthenticated.' };
const bearerOf = (h: { authorization: string }) => h.authorization.slice('Bearer '.length);

describe('GET /session', () => {
  it('answers the SessionUser shape: companies by name, systems, roles, Olympus role and permissions', async () => {
    const zeta = await createCompany(db(), { name: 'Zeta Lettings' });
    const alpha = await createCompany(db(), { name: 'Alpha Homes' });
    await createCompany(db(), { name: 'Not Theirs Ltd' });
    const user = await createUser(db(), {
      name: 'Grace Hopper',
      role: 'admin',
      companies: [zeta, alpha],
      systems: [
        { name: 'Everest', role: 'everest_manager' },
        { name: 'Portal', role: 'portal_viewer' },
      ],
    });
    const res = await c.get('/api/v1/session', await tokenFor(db(), user.id));
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'uuid',
        'id',
        'name',
        'username',
        'email',
        'bypass_sso',
        'companies',
        'systems',
        'roles',
        'olympusRole',
        'olympus_role_uuid',
        'everest_role_uuid',
        'portal_role_uuid',
        'property_permissions',
        'two_factor_required',
      ].sort(),
    );
    expect(data).toMatchObject({
      uuid: user.id,
      id: user.id,
      name: 'Grace Hopper',
      username: user.username,
      email: user.email,
      bypass_sso: false,
    });
    expect(data.companies).toEqual([
      { uuid: alpha.id, id: alpha.id, name: 'Alpha Homes' },
      { uuid: zeta.id, id: zeta.id, name: 'Zeta Lettings' },
    ]);
    const olympus = await createSystem(db(), 'Olympus', null);
    const everest = await createSystem(db(), 'Everest');
    const portal = await createSystem(db(), 'Portal');
    expect(data.systems).toEqual([
      { uuid: everest.id, name: 'Everest', description: 'Everest system' },
      { uuid: olympus.id, name: 'Olympus', description: 'Olympus system' },
      { uuid: portal.id, name: 'Portal', description: 'Portal system' },
    ]);
    const adminRole = await createRole(db(), 'Olympus', 'admin');
    const everestRole = await createRole(db(), 'Everest', 'everest_manager');
    const portalRole = await createRole(db(), 'Portal', 'portal_viewer');
    expect(data.roles).toEqual([
      { uuid: everestRole.id, name: 'everest_manager', label: 'Everest Manager', system: 'Everest' },
      { uuid: adminRole.id, name: 'admin', label: 'Admin', system: 'Olympus' },
      { uuid: portalRole.id, name: 'portal_viewer', label: 'Portal Viewer', system: 'Portal' },
    ]);
    // Admin's defaults: the built-in ones (in the answer's order), and those of any declared area.
    const builtInGrants = ['properties.*', 'reports.access', 'systems.redirect', 'units.*', 'users.*'];
    expect(data.olympusRole.permissions.filter((p: string) => builtInGrants.includes(p))).toEqual(builtInGrants);
    expect([...data.olympusRole.permissions].sort()).toEqual([...DEFAULT_GRANTS.admin].sort());
    expect(data.olympusRole).toEqual({
      uuid: adminRole.id,
      name: 'admin',
      label: 'Admin',
      permissions: data.olympusRole.permissions,
    });
    expect(data.olympus_role_uuid).toBe(adminRole.id);
    expect(data.everest_role_uuid).toBe(everestRole.id);
    expect(data.portal_role_uuid).toBe(portalRole.id);
    expect(data.property_permissions).toEqual([]);
    expect(res.body).not.toMatch(/password|hash|argon/i);
  });

  it('a user with no role, systems or companies gets empty lists and nulls', async () => {
    const user = await createUser(db(), { role: null });
    const res = await c.get('/api/v1/session', await tokenFor(db(), user.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      companies: [],
      systems: [],
      roles: [],
      olympusRole: null,
      olympus_role_uuid: null,
      everest_role_uuid: null,
      portal_role_uuid: null,
      property_permissions: [],
    });
  });

  it('a system without a role is listed, but gives no role', async () => {
    const user = await createUser(db(), { systems: [{ name: 'Everest' }] });
    const { data } = (await c.get('/api/v1/session', await tokenFor(db(), user.id))).json();
    expect(data.systems.map((s: { name: string }) => s.name)).toEqual(['Everest']);
    expect(data.roles).toEqual([]);
    expect(data.everest_role_uuid).toBeNull();
  });

  it('an Olympus role with no permissions answers an empty permission list', async () => {
    const user = await createUser(db());
    const bare = await createRole(db(), 'Olympus', 'bare_role');
    const olympus = await createSystem(db(), 'Olympus', null);
    await db().insert(userSystems).values({ userId: user.id, systemId: olympus.id, roleId: bare.id });
    const { data } = (await c.get('/api/v1/session', await tokenFor(db(), user.id))).json();
    expect(data.olympusRole).toEqual({ uuid: bare.id, name: 'bare_role', label: 'Bare Role', permissions: [] });
  });

  it('answers 401 without a token, with a malformed one, or an unknown one', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer oly_unknown',
      'Bearer ' + 'x'.repeat(5000),
      'Token abc',
      'oly_abc',
    ]) {
      const res = await c.get('/api/v1/session', authorization ? { authorization } : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTH);
    }
  });

  it('answers 401 for a disabled user, even with a live token', async () => {
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    await db()
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(eq(users.id, user.id));
    const res = await c.get('/api/v1/session', auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTH);
  });
});

describe('token expiry', () => {
  it('a use after more than a minute moves last_used_at', async () => {
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    const hash = sha256(bearerOf(auth));
    await db()
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - interval '20 minutes'` })
      .where(eq(accessTokens.tokenHash, hash));
    expect((await c.get('/api/v1/session', auth)).statusCode).toBe(200);
    const [row] = await db().select().from(accessTokens).where(eq(accessTokens.tokenHash, hash));
    expect(Date.now() - row.lastUsedAt.getTime()).toBeLessThan(60_000);
  });

  it('a token used within the last minute is only read, not rewritten', async () => {
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    const hash = sha256(bearerOf(auth));
    await db()
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - interval '10 seconds'` })
      .where(eq(accessTokens.tokenHash, hash));
    const [before] = await db().select().from(accessTokens).where(eq(accessTokens.tokenHash, hash));
    expect((await c.get('/api/v1/session', auth)).statusCode).toBe(200);
    const [after] = await db().select().from(accessTokens).where(eq(accessTokens.tokenHash, hash));
    expect(after.lastUsedAt.getTime()).toBe(before.lastUsedAt.getTime());
  });

  it('30 minutes idle ends the token', async () => {
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    await db()
      .update(accessTokens)
      .set({ lastUsedAt: sql`now() - interval '31 minutes'` })
      .where(eq(accessTokens.tokenHash, sha256(bearerOf(auth))));
    const res = await c.get('/api/v1/session', auth);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTH);
  });

  it('12 hours after issue the token ends, however busy', async () => {
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    await db()
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accessTokens.tokenHash, sha256(bearerOf(auth))));
    expect((await c.get('/api/v1/session', auth)).statusCode).toBe(401);
    expect((await c.post('/api/v1/auth/authenticated', undefined, { headers: auth })).statusCode).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the token, answers the message and audits', async () => {
    const user = await createUser(db());
    const auth = await c.signIn(user.email);
    const other = await c.signIn(user.email);
    const res = await c.post('/api/v1/auth/logout', undefined, { headers: auth, csrf: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'You have been logged out.' } });
    const [row] = await db()
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, sha256(bearerOf(auth))));
    expect(row.revokedAt).not.toBeNull();
    expect((await c.get('/api/v1/session', auth)).statusCode).toBe(401);
    // Other sessions of the same user carry on.
    expect((await c.get('/api/v1/session', other)).statusCode).toBe(200);
    const audit = (await auditRows(t, 'auth.logout')).find((r) => r.actor_id === user.id);
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toContain(bearerOf(auth));
  });

  it('answers 401 without a token, and for an already revoked one', async () => {
    const none = await c.post('/api/v1/auth/logout');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(UNAUTH);
    const user = await createUser(db());
    const auth = await tokenFor(db(), user.id);
    expect((await c.post('/api/v1/auth/logout', undefined, { headers: auth })).statusCode).toBe(200);
    const again = await c.post('/api/v1/auth/logout', undefined, { headers: auth });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(UNAUTH);
  });
});

describe('POST /auth/authenticated', () => {
  it('answers { authenticated: true } for a live token', async () => {
    const user = await createUser(db());
    const res = await c.post('/api/v1/auth/authenticated', undefined, {
      headers: await tokenFor(db(), user.id),
      csrf: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { authenticated: true } });
  });

  it('answers 401 otherwise', async () => {
    const res = await c.post('/api/v1/auth/authenticated');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTH);
    const stale = await c.post('/api/v1/auth/authenticated', undefined, {
      headers: { authorization: 'Bearer oly_gone' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(UNAUTH);
  });
});
