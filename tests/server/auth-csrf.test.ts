// GET /sanctum/csrf-cookie and the X-XSRF-TOKEN check on state-changing calls without a bearer token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD, tokenFor } from './factories';
import { auditRows, authClient, uniqueIp, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  c = authClient(t);
});
afterAll(() => t.close());

const MISMATCH = { message: 'CSRF token mismatch.' };
const login = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: 'nobody@example.test', password: 'x' },
    headers,
    remoteAddress: uniqueIp(),
  });

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 with a random XSRF-TOKEN cookie the page script can read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookie = res.cookies.find((k) => k.name === 'XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie!.path).toBe('/');
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.httpOnly).toBeFalsy();
    // http://olympus.test is not https, so the cookie cannot be Secure here.
    expect(cookie!.secure).toBeFalsy();

    const again = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(again.cookies.find((k) => k.name === 'XSRF-TOKEN')!.value).not.toBe(cookie!.value);
  });

  it('keeps a well-formed token the browser already holds, and replaces a malformed one', async () => {
    const pair = await c.csrf();
    const kept = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { cookie: pair.cookie } });
    expect(kept.cookies.find((k) => k.name === 'XSRF-TOKEN')!.value).toBe(pair['x-xsrf-token']);
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: { cookie: 'XSRF-TOKEN=short' },
    });
    expect(replaced.cookies.find((k) => k.name === 'XSRF-TOKEN')!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('state-changing calls without a bearer token', () => {
  it('answer 419 without any CSRF token', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual(MISMATCH);
  });

  it('answer 419 with the cookie but no header, or the header but no cookie', async () => {
    const pair = await c.csrf();
    const noHeader = await login({ cookie: pair.cookie });
    expect(noHeader.statusCode).toBe(419);
    expect(noHeader.json()).toEqual(MISMATCH);
    const noCookie = await login({ 'x-xsrf-token': pair['x-xsrf-token'] });
    expect(noCookie.statusCode).toBe(419);
    expect(noCookie.json()).toEqual(MISMATCH);
  });

  it('answer 419 when the header does not match the cookie', async () => {
    const pair = await c.csrf();
    const other = 'A'.repeat(43);
    const res = await login({ cookie: pair.cookie, 'x-xsrf-token': other });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual(MISMATCH);
    // Equal but malformed values (not a token we could have issued) do not pass either.
    const forged = await login({ cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' });
    expect(forged.statusCode).toBe(419);
  });

  it('refuse before the route runs: no login attempt is made or audited', async () => {
    const user = await createUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(419);
    expect(res.body).not.toContain('access_token');
    expect((await auditRows(t)).filter((r) => r.actor_id === user.id)).toEqual([]);
  });

  it('pass when the header echoes the cookie', async () => {
    const pair = await c.csrf();
    const res = await login({ ...pair });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'These credentials do not match our records.' });
  });

  it('apply to PUT, PATCH and DELETE too, on any path', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/anything' });
      expect(res.statusCode).toBe(419);
      expect(res.json()).toEqual(MISMATCH);
    }
  });
});

describe('exemptions', () => {
  it('GET and HEAD are never checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(res.statusCode).toBe(401);
  });

  it('calls with a bearer token need no CSRF token, valid or not', async () => {
    const user = await createUser(t.database.db);
    const auth = await tokenFor(t.database.db, user.id);
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/auth/authenticated', headers: auth });
    expect(ok.statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticated',
      headers: { authorization: 'Bearer oly_nope' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('a non-bearer Authorization header is not an exemption', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticated',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(res.statusCode).toBe(419);
  });
});

describe('OpenAPI', () => {
  it('documents every sign-in route with its body and responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, unknown>; security?: unknown[] }>
    >;
    const bodies = [
      '/api/v1/auth/login',
      '/api/v1/auth/password/new',
      '/api/v1/auth/password/reset',
      '/api/v1/auth/password/reset/verify',
    ];
    for (const path of bodies) {
      expect(paths[path]?.post?.requestBody, path).toBeDefined();
      expect(Object.keys(paths[path].post.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
      expect(paths[path].post.security).toEqual([]);
    }
    for (const path of ['/api/v1/auth/logout', '/api/v1/auth/authenticated'])
      expect(paths[path]?.post?.responses).toHaveProperty('401');
    expect(paths['/api/v1/session']?.get?.responses).toHaveProperty('200');
    expect(paths['/sanctum/csrf-cookie']?.get?.responses).toHaveProperty('204');
  });
});
