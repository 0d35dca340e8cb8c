// The sessions API: the caller's own (GET /session/sessions, DELETE /session/sessions/{id},
// POST /session/sessions/revoke-others) and an administrator's view of a user's
// (GET /users/{id}/sessions, POST /users/{id}/sessions/revoke), with the attacks that must fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser } from './factories';
import { auditRows, auditText, uniqueIp } from './auth-client';
import { accessTokens } from '../../server/db/schema';
import { issueToken, sha256 } from '../../server/auth/tokens';
import { parseUserAgent } from '../../server/session/userAgent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Signed {
  token: string;
  id: string;
  headers: { authorization: string };
}

async function signedIn(userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<Signed> {
  const { token, id } = await issueToken(db(), userId, { amr: ['pwd'], ...meta });
  return { token, id, headers: { authorization: `Bearer ${token}` } };
}

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  tenant?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tenant ? { ...headers, 'x-tenant': tenant } : headers,
    payload: method === 'POST' ? {} : undefined,
    remoteAddress: uniqueIp(),
  });
}

const alive = async (s: Signed) => (await call('POST', '/auth/authenticated', s.headers)).statusCode;

describe('user agents', () => {
  it.each([
    [CHROME_LINUX, 'Chrome', 'Linux'],
    [FIREFOX_WINDOWS, 'Firefox', 'Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome',
      'Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Linux',
    ],
  ])('%s → %s on %s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it('knows nothing of a missing or odd agent', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null });
    expect(parseUserAgent('lightmyrequest')).toEqual({ browser: null, os: null });
  });
});

describe('own sessions', () => {
  it('lists only the caller’s live sessions, parsed, marked current, with no token hash in the body', async () => {
    const me = await createUser(db());
    const other = await createUser(db());
    const current = await signedIn(me.id, { ip: '10.1.2.3', userAgent: CHROME_LINUX });
    const laptop = await signedIn(me.id, { ip: '10.9.9.9', userAgent: FIREFOX_WINDOWS });
    const revoked = await signedIn(me.id);
    await db().update(accessTokens).set({ revokedAt: new Date() }).where(eq(accessTokens.id, revoked.id));
    const expired = await signedIn(me.id);
    await db()
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, expired.id));
    const idle = await signedIn(me.id);
    await db()
      .update(accessTokens)
      .set({ lastUsedAt: new Date(Date.now() - 31 * 60 * 1000) })
      .where(eq(accessTokens.id, idle.id));
    const theirs = await signedIn(other.id);

    const res = await call('GET', '/session/sessions', current.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Array<Record<string, unknown>>;
    expect(list.map((s) => s.id).sort()).toEqual([current.id, laptop.id].sort());
    expect(list.find((s) => s.id === current.id)).toMatchObject({
      browser: 'Chrome',
      os: 'Linux',
      ip: '10.1.2.3',
      current: true,
    });
    expect(list.find((s) => s.id === laptop.id)).toMatchObject({
      browser: 'Firefox',
      os: 'Windows',
      ip: '10.9.9.9',
      current: false,
    });
    expect(Object.keys(list[0]).sort()).toEqual([
      'browser',
      'current',
      'id',
      'ip',
      'last_active_at',
      'os',
      'signed_in_at',
    ]);
    for (const s of [current, laptop, theirs]) {
      expect(res.body).not.toContain(sha256(s.token));
      expect(res.body).not.toContain(s.token);
    }
    expect(res.body).not.toContain(theirs.id);
  });

  it('refuses a guest', async () => {
    expect((await call('GET', '/session/sessions', {})).statusCode).toBe(401);
  });

  it('signs out one session: that token is refused on its very next request, the current one works', async () => {
    const me = await createUser(db());
    const current = await signedIn(me.id);
    const phone = await signedIn(me.id);
    // Both answers are in the guard's short memory now: the revocation must empty it.
    expect(await alive(current)).toBe(200);
    expect(await alive(phone)).toBe(200);
    const res = await call('DELETE', `/session/sessions/${phone.id}`, current.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: 'The session has been signed out', revoked: 1 });
    expect(await alive(phone)).toBe(401);
    expect(await alive(current)).toBe(200);
    const [row] = (await auditRows(t, 'auth.session_revoked')).filter((r) => r.actor_id === me.id);
    expect(row).toMatchObject({ entity_id: me.id, detail: { revoked: 1, scope: 'one' } });
    // Ending it again: it is no live session any more.
    expect((await call('DELETE', `/session/sessions/${phone.id}`, current.headers)).statusCode).toBe(404);
  });

  it('signing out the current session is a logout', async () => {
    const me = await createUser(db());
    const current = await signedIn(me.id);
    expect((await call('DELETE', `/session/sessions/${current.id}`, current.headers)).statusCode).toBe(200);
    expect(await alive(current)).toBe(401);
  });

  it('signs out all other sessions and keeps this one', async () => {
    const me = await createUser(db());
    const current = await signedIn(me.id);
    const a = await signedIn(me.id);
    const b = await signedIn(me.id);
    const bystander = await signedIn((await createUser(db())).id);
    for (const s of [current, a, b, bystander]) expect(await alive(s)).toBe(200);
    const res = await call('POST', '/session/sessions/revoke-others', current.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: 'Your other sessions have been signed out', revoked: 2 });
    expect(await alive(a)).toBe(401);
    expect(await alive(b)).toBe(401);
    expect(await alive(current)).toBe(200);
    expect(await alive(bystander)).toBe(200);
    const list = (await call('GET', '/session/sessions', current.headers)).json().data as Array<{ id: string }>;
    expect(list.map((s) => s.id)).toEqual([current.id]);
  });

  it('another user’s session id answers 404 and that session keeps working', async () => {
    const attacker = await signedIn((await createUser(db())).id);
    const victim = await signedIn((await createUser(db())).id);
    const res = await call('DELETE', `/session/sessions/${victim.id}`, attacker.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Session not found.' });
    expect(await alive(victim)).toBe(200);
    // Junk ids never reach SQL.
    expect((await call('DELETE', '/session/sessions/not-a-uuid', attacker.headers)).statusCode).toBe(404);
  });
});

describe('a user’s sessions, by an administrator', () => {
  it('an admin of the user’s company lists them and ends them all, audited with the count', async () => {
    const company = await createCompany(db());
    const admin = await signedIn((await createUser(db(), { role: 'admin', companies: [company] })).id);
    const staff = await createUser(db(), { role: 'system_user', companies: [company] });
    const s1 = await signedIn(staff.id, { userAgent: CHROME_LINUX });
    const s2 = await signedIn(staff.id, { userAgent: FIREFOX_WINDOWS });
    expect(await alive(s1)).toBe(200);

    const list = await call('GET', `/users/${staff.id}/sessions`, admin.headers, company.id);
    expect(list.statusCode).toBe(200);
    expect((list.json().data as Array<{ id: string; current: boolean }>).map((s) => s.id).sort()).toEqual(
      [s1.id, s2.id].sort(),
    );
    expect(list.body).not.toContain(sha256(s1.token));

    const res = await call('POST', `/users/${staff.id}/sessions/revoke`, admin.headers, company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: 'All of the user’s sessions have been ended', revoked: 2 });
    expect(await alive(s1)).toBe(401);
    expect(await alive(s2)).toBe(401);
    expect(await alive(admin)).toBe(200);
    expect((await call('GET', `/users/${staff.id}/sessions`, admin.headers, company.id)).json().data).toEqual([]);
    const rows = (await auditRows(t, 'users.sessions_revoked')).filter((r) => r.entity_id === staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].detail).toEqual({ revoked: 2 });
    expect(await auditText(t)).not.toContain(s1.token);
  });

  it('after a save that disables the user, their list is empty', async () => {
    const company = await createCompany(db());
    const admin = await signedIn((await createUser(db(), { role: 'admin', companies: [company] })).id);
    const staff = await createUser(db(), { role: 'system_user', companies: [company] });
    const session = await signedIn(staff.id);
    expect((await call('GET', `/users/${staff.id}/sessions`, admin.headers, company.id)).json().data).toHaveLength(1);
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${staff.id}`,
      headers: { ...admin.headers, 'x-tenant': company.id },
      payload: { disabled: true },
    });
    expect(save.statusCode).toBe(200);
    expect((await call('GET', `/users/${staff.id}/sessions`, admin.headers, company.id)).json().data).toEqual([]);
    expect(await alive(session)).toBe(401);
  });

  it('an admin of company A reaching for a user of company B only: 404, nothing revoked', async () => {
    const a = await createCompany(db());
    const b = await createCompany(db());
    const admin = await signedIn((await createUser(db(), { role: 'admin', companies: [a] })).id);
    const victim = await createUser(db(), { role: 'system_user', companies: [b] });
    const session = await signedIn(victim.id);
    for (const tenant of [a.id, b.id]) {
      const list = await call('GET', `/users/${victim.id}/sessions`, admin.headers, tenant);
      const end = await call('POST', `/users/${victim.id}/sessions/revoke`, admin.headers, tenant);
      // With their own company: not found. With company B's id: not their company at all.
      expect([list.statusCode, end.statusCode]).toEqual(tenant === a.id ? [404, 404] : [403, 403]);
    }
    expect(await alive(session)).toBe(200);
    expect((await auditRows(t, 'users.sessions_revoked')).filter((r) => r.entity_id === victim.id)).toEqual([]);
  });

  it('a non-super_admin cannot see or end a super_admin’s sessions (403); a super_admin can', async () => {
    const company = await createCompany(db());
    const admin = await signedIn((await createUser(db(), { role: 'admin', companies: [company] })).id);
    const boss = await createUser(db(), { role: 'super_admin', companies: [company] });
    const bossSession = await signedIn(boss.id);
    expect((await call('GET', `/users/${boss.id}/sessions`, admin.headers, company.id)).statusCode).toBe(403);
    expect((await call('POST', `/users/${boss.id}/sessions/revoke`, admin.headers, company.id)).statusCode).toBe(403);
    expect(await alive(bossSession)).toBe(200);

    const other = await createUser(db(), { role: 'super_admin', companies: [company] });
    const superSession = await signedIn(other.id);
    expect((await call('POST', `/users/${boss.id}/sessions/revoke`, superSession.headers, company.id)).statusCode).toBe(
      200,
    );
    expect(await alive(bossSession)).toBe(401);
  });

  it('a user without users.update (system_user) is refused', async () => {
    const company = await createCompany(db());
    const staff = await signedIn((await createUser(db(), { role: 'system_user', companies: [company] })).id);
    const colleague = await createUser(db(), { role: 'system_user', companies: [company] });
    expect((await call('GET', `/users/${colleague.id}/sessions`, staff.headers, company.id)).statusCode).toBe(403);
    expect((await call('POST', `/users/${colleague.id}/sessions/revoke`, staff.headers, company.id)).statusCode).toBe(
      403,
    );
    // Fastify's HEAD twin of the GET route runs the same check.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/v1/users/${colleague.id}/sessions`,
      headers: { ...staff.headers, 'x-tenant': company.id },
    });
    expect(head.statusCode).toBe(403);
  });
});
