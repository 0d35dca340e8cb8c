// Password sign-in and reset for SSO-enforced email domains (only with bypass_sso).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createUser } from './factories';
import { auditRows, authClient, type AuthClient } from './auth-client';

let t: TestApp;
let c: AuthClient;
beforeAll(async () => {
  t = await createTestApp({
    sso: {
      azureTenantId: null,
      clientId: null,
      clientSecret: null,
      issuer: null,
      enforcedDomains: ['corp.example.test'],
    },
  });
  c = authClient(t);
});
afterAll(() => t.close());

const SSO = { message: 'Your organisation signs in with single sign-on. Please use "Login with Azure".' };

describe('SSO-enforced domains', () => {
  it('refuse password sign-in with 403 pointing at "Login with Azure"', async () => {
    const user = await createUser(t.database.db, { email: 'ann@corp.example.test' });
    const res = await c.login(user.email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(SSO);
    const audit = (await auditRows(t, 'auth.login_failed')).find((r) => r.actor_id === user.id);
    expect(audit?.detail).toMatchObject({ reason: 'sso_enforced' });
  });

  it('say the same for an unknown address of the domain, so no account is revealed', async () => {
    const res = await c.login('ghost@CORP.example.test', 'Anything-123');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(SSO);
  });

  it('let a bypass_sso user sign in with a password, and still refuse their wrong password generically', async () => {
    const user = await createUser(t.database.db, { email: 'bob@corp.example.test', bypassSso: true });
    expect((await c.login(user.email)).statusCode).toBe(200);
    const wrong = await c.login(user.email, 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'These credentials do not match our records.' });
  });

  it('leave other domains alone', async () => {
    const user = await createUser(t.database.db, { email: 'cat@elsewhere.example.test' });
    expect((await c.login(user.email)).statusCode).toBe(200);
  });

  it('send no reset code to an enforced account, yet answer the same message', async () => {
    const user = await createUser(t.database.db, { email: 'dan@corp.example.test' });
    const res = await c.post('/api/v1/auth/password/reset', { email: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { message: 'If that address has an account, we have emailed a verification code to it.' },
    });
    const audit = (await auditRows(t, 'auth.password_reset_requested')).find((r) => r.actor_id === user.id);
    expect(audit?.detail).toMatchObject({ outcome: 'sso_enforced' });
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.messages.filter((m) => m.to.includes(user.email))).toHaveLength(0);
  });
});
