// Hand-off to connected systems: GET /api/v1/systems/:id/redirect, /.well-known/jwks.json,
// POST /api/v1/systems/handoff/redeem and the demo stand-ins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  decodeJwt,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
} from 'jose';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createSystem, createUser, tokenFor } from './factories';
import { auditLog, handoffs } from '../../server/db/schema';
import { signingKey } from '../../server/systems/keys';

let t: TestApp;
let everest: { id: string };
let portal: { id: string };
let olympus: { id: string };
let acme: { id: string; name: string };
let other: { id: string; name: string };
let staff: { id: string; email: string; name: string };
let staffAuth: Record<string, string>;
let superAuth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  acme = await createCompany(db, { name: 'Acme Lettings' });
  other = await createCompany(db, { name: 'Other Homes' });
  everest = await createSystem(db, 'Everest', 'https://everest.example.test/app/');
  portal = await createSystem(db, 'Portal', 'http://olympus.test/demo/portal');
  staff = await createUser(db, {
    name: 'Stacey <b>Staff</b>',
    email: 'stacey@example.test',
    role: 'system_user',
    companies: [acme],
    systems: [{ name: 'Everest', role: 'viewer' }, { name: 'Portal' }],
  });
  olympus = await createSystem(db, 'Olympus', null);
  const boss = await createUser(db, {
    role: 'super_admin',
    companies: [acme],
    systems: [{ name: 'Everest', role: 'manager' }],
  });
  staffAuth = await tokenFor(db, staff.id);
  superAuth = await tokenFor(db, boss.id);
});
afterAll(() => t?.close());

const redirect = (id: string, headers: Record<string, string> = {}, tenant?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/systems/${id}/redirect${tenant === undefined ? '' : `?tenant=${tenant}`}`,
    headers,
  });
const redeem = (token: string, audience?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/systems/handoff/redeem',
    payload: audience ? { token, audience } : { token },
  });
const jwks = async () =>
  createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('GET /.well-known/jwks.json', () => {
  it('publishes the ES256 public key, never the private part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    expect(keys[0].kid).toBe(await calculateJwkThumbprint(keys[0]));
    expect(res.headers['cache-control']).toMatch(/max-age/);
  });
});

describe('GET /api/v1/systems/:id/redirect', () => {
  it('answers a URL on the stored base URL carrying a verifiable 60-second token', async () => {
    const res = await redirect(everest.id, staffAuth, acme.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const url = new URL(res.json().data.url);
    expect(url.origin).toBe('https://everest.example.test');
    expect(url.pathname).toBe('/app/auth/olympus');

    const { payload, protectedHeader } = await jwtVerify(tokenOf(url.href), await jwks(), {
      issuer: 'http://olympus.test',
      audience: 'everest',
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: staff.id,
      email: 'stacey@example.test',
      name: 'Stacey <b>Staff</b>',
      tenant: { id: acme.id, name: 'Acme Lettings' },
      role: 'viewer',
    });
    expect(payload.exp! - payload.iat!).toBe(60);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.database.db.select().from(handoffs).where(eq(handoffs.jti, payload.jti!));
    expect(row).toMatchObject({ userId: staff.id, systemId: everest.id, companyId: acme.id, redeemedAt: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'systems.handoff'), eq(auditLog.actorId, staff.id)));
    expect(audits.length).toBeGreaterThan(0);
    expect(audits[0]).toMatchObject({ tenantId: acme.id, entity: 'system', entityId: everest.id });
  });

  it('uses X-Tenant, then the first company, when no tenant is given; role null when none is set', async () => {
    const res = await redirect(portal.id, { ...staffAuth, 'x-tenant': acme.id }, '');
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(tokenOf(res.json().data.url));
    expect(claims).toMatchObject({ aud: 'portal', tenant: { id: acme.id }, role: null });
    const noTenant = await redirect(portal.id, staffAuth);
    expect(decodeJwt(tokenOf(noTenant.json().data.url)).tenant).toMatchObject({ id: acme.id });
  });

  it('answers 401 without a signed-in user', async () => {
    const res = await redirect(everest.id, {}, acme.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await redirect(everest.id, { authorization: 'Bearer oly_forged' }, acme.id)).statusCode).toBe(401);
  });

  it('answers 404 for a system the user cannot open, one without a base URL, or a bad id', async () => {
    const stranger = await createSystem(t.database.db, 'Stranger', 'https://stranger.example.test');
    for (const id of [stranger.id, olympus.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await redirect(id, superAuth, acme.id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'System not found.' });
    }
  });

  it("answers 403 for a company that is not the user's; super_admin may use any", async () => {
    for (const tenant of [other.id, 'nonsense', '00000000-0000-4000-8000-000000000000']) {
      const res = await redirect(everest.id, staffAuth, tenant);
      expect(res.statusCode, tenant).toBe(403);
      expect(res.json()).toHaveProperty('message');
    }
    const boss = await redirect(everest.id, superAuth, other.id);
    expect(boss.statusCode).toBe(200);
    expect(decodeJwt(tokenOf(boss.json().data.url))).toMatchObject({
      tenant: { id: other.id, name: 'Other Homes' },
      role: 'manager',
    });
    expect((await redirect(everest.id, superAuth, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/systems/handoff/redeem', () => {
  const fresh = async () => tokenOf((await redirect(everest.id, staffAuth, acme.id)).json().data.url);

  it('answers the claims once, then 409', async () => {
    const token = await fresh();
    const first = await redeem(token, 'everest');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      sub: staff.id,
      aud: 'everest',
      email: 'stacey@example.test',
      tenant: { id: acme.id, name: 'Acme Lettings' },
      role: 'viewer',
    });
    const second = await redeem(token, 'everest');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'This hand-off has already been used.' });
  });

  it('refuses tampered, foreign, mis-addressed and expired tokens', async () => {
    const token = await fresh();
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [h, Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'), s].join(
      '.',
    );
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: JSON.parse(Buffer.from(h, 'base64url').toString()).kid })
      .sign((await generateKeyPair('ES256')).privateKey);
    const { kid, privateKey } = await signingKey(t.database.db);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: 'ES256', kid })
      .sign(privateKey);
    for (const bad of [tampered, forged, expired, 'not.a.jwt', token.slice(0, -4)]) {
      const res = await redeem(bad, 'everest');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'This hand-off is invalid or has expired.' });
    }
    expect((await redeem(token, 'portal')).statusCode).toBe(401);
    // Still redeemable by its own system after all that.
    expect((await redeem(token, 'everest')).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/systems/handoff/redeem', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('token');
    const huge = await redeem('x'.repeat(5000), 'everest');
    expect(huge.statusCode).toBe(422);
    const noAudience = await redeem('x.y.z');
    expect(noAudience.statusCode).toBe(422);
    expect(noAudience.json().errors).toHaveProperty('audience');
  });
});

describe('demo stand-ins', () => {
  it('sign the user in to the demo Portal, escaping what they show', async () => {
    const url = new URL((await redirect(portal.id, staffAuth, acme.id)).json().data.url);
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(
      'Signed in to Portal as Stacey &lt;b&gt;Staff&lt;/b&gt; (stacey@example.test) for Acme Lettings',
    );
    const again = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('This hand-off has already been used.');
  });

  it('refuse a token meant for another system', async () => {
    const token = tokenOf((await redirect(everest.id, staffAuth, acme.id)).json().data.url);
    const res = await t.app.inject({ method: 'GET', url: `/demo/portal/auth/olympus?token=${token}` });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/demo/portal/auth/olympus' })).statusCode).toBe(401);
  });
});
