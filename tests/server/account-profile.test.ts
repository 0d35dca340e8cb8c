// The account page's own-account changes: PUT /session/profile (name, email with the current
// password, mailed to both addresses) and POST /session/password (policy, current password throttled
// like sign-in, every token revoked and a new one for this browser) — with the attacks a stolen
// session would send, each asserting the refusal and that nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD } from './factories';
import { auditRows, auditText, authClient, uniqueIp } from './auth-client';
import { users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { verifyPassword } from '../../server/auth/passwords';
import { EMAIL_CHANGED_SUBJECT } from '../../server/users/emailChangedMail';

const SSO_DOMAIN = 'corp.example.test';
const NEW_PASSWORD = 'Brand-New-Pass-42';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    sso: { azureTenantId: null, clientId: null, clientSecret: null, issuer: null, enforcedDomains: [SSO_DOMAIN] },
  });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function bearer(userId: string) {
  const { token, id } = await issueToken(db(), userId, { amr: ['pwd'] });
  return { token, id, headers: { authorization: `Bearer ${token}` } };
}

function call(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
  ip = uniqueIp(),
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, payload, remoteAddress: ip });
}

const alive = async (headers: Record<string, string>) =>
  (await call('POST', '/auth/authenticated', headers)).statusCode;
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const changePassword = (
  headers: Record<string, string>,
  current: string,
  next = NEW_PASSWORD,
  confirmation = next,
  ip?: string,
) =>
  call(
    'POST',
    '/session/password',
    headers,
    { current_password: current, new_password: next, new_password_confirmation: confirmation },
    ip,
  );

describe('GET /session/profile', () => {
  it('answers the caller’s name, email and whether they sign in only through SSO', async () => {
    const me = await createUser(db(), { name: 'Pat Person' });
    const res = await call('GET', '/session/profile', (await bearer(me.id)).headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'Pat Person', email: me.email, sso_only: false } });
    const sso = await createUser(db(), { email: `sam@${SSO_DOMAIN}` });
    expect((await call('GET', '/session/profile', (await bearer(sso.id)).headers)).json().data.sso_only).toBe(true);
    const bypass = await createUser(db(), { email: `bo@${SSO_DOMAIN}`, bypassSso: true });
    expect((await call('GET', '/session/profile', (await bearer(bypass.id)).headers)).json().data.sso_only).toBe(false);
    expect((await call('GET', '/session/profile', {})).statusCode).toBe(401);
  });
});

describe('PUT /session/profile', () => {
  it('changes the name without a password, audited', async () => {
    const me = await createUser(db(), { name: 'Old Name' });
    const res = await call('PUT', '/session/profile', (await bearer(me.id)).headers, {
      name: '  New Name  ',
      email: me.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      message: 'Your details have been saved',
      name: 'New Name',
      email: me.email,
      sso_only: false,
    });
    expect((await row(me.id)).name).toBe('New Name');
    const [audit] = (await auditRows(t, 'users.name_changed')).filter((r) => r.entity_id === me.id);
    expect(audit.actor_id).toBe(me.id);
  });

  it('refuses a blank name with a field error and changes nothing', async () => {
    const me = await createUser(db(), { name: 'Kept' });
    const res = await call('PUT', '/session/profile', (await bearer(me.id)).headers, { name: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['The name field is required.']);
    expect((await row(me.id)).name).toBe('Kept');
  });

  it('changes the email with the current password and mails the old and the new address', async () => {
    const me = await createUser(db());
    const next = `moved-${me.id.slice(0, 8)}@example.test`;
    const after = t.mail.messages.length;
    const res = await call('PUT', '/session/profile', (await bearer(me.id)).headers, {
      name: me.name,
      email: next,
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(next);
    const stored = await row(me.id);
    expect(stored.email).toBe(next);
    expect(stored.username).toBe(next);
    for (const to of [me.email, next]) {
      const mail = await t.mail.waitFor(to, { after });
      expect(mail.subject).toBe(EMAIL_CHANGED_SUBJECT);
      expect(mail.text).toContain(`from ${me.email} to ${next}`);
      expect(mail.text).not.toContain(PASSWORD);
    }
    const [audit] = (await auditRows(t, 'users.email_changed')).filter((r) => r.entity_id === me.id);
    expect(audit).toMatchObject({ actor_id: me.id, detail: { by: 'self' } });
    expect(await auditText(t)).not.toContain(PASSWORD);
    // The new address signs in; the old one no longer does.
    const c = authClient(t);
    expect((await c.login(next)).statusCode).toBe(200);
    expect((await c.login(me.email)).statusCode).toBe(401);
  });

  it('an email change without or with a wrong current password is refused and changes nothing', async () => {
    const me = await createUser(db());
    const s = await bearer(me.id);
    const sent = t.mail.messages.length;
    const missing = await call('PUT', '/session/profile', s.headers, { name: me.name, email: 'thief@example.test' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.current_password).toEqual(['Enter your current password to change your email.']);
    const wrong = await call('PUT', '/session/profile', s.headers, {
      name: 'Thief',
      email: 'thief@example.test',
      current_password: 'Guess-Guess-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is incorrect.']);
    const stored = await row(me.id);
    expect({ name: stored.name, email: stored.email, username: stored.username }).toEqual({
      name: me.name,
      email: me.email,
      username: me.username,
    });
    expect(t.mail.messages.length).toBe(sent);
    const [failed] = (await auditRows(t, 'users.email_change_failed')).filter((r) => r.entity_id === me.id);
    expect(failed.detail).toMatchObject({ reason: 'wrong_password', failures: 1 });
  });

  it('a taken email answers 422 without saying whose, in any case of letters, and changes nothing', async () => {
    const owner = await createUser(db(), { name: 'Owner Person' });
    const me = await createUser(db());
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const res = await call('PUT', '/session/profile', (await bearer(me.id)).headers, {
        name: me.name,
        email,
        current_password: PASSWORD,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
      expect(res.body).not.toContain('Owner Person');
    }
    expect((await row(me.id)).email).toBe(me.email);
    // Taken is answered before the password is compared: no attempt counted.
    expect((await row(me.id)).failedLogins).toBe(0);
  });

  it('two users racing for one free address: one wins, the other gets the same 422', async () => {
    const a = await createUser(db());
    const b = await createUser(db());
    const wanted = `race-${a.id.slice(0, 8)}@example.test`;
    const answers = await Promise.all(
      [a, b].map(async (u) =>
        call('PUT', '/session/profile', (await bearer(u.id)).headers, {
          name: u.name,
          email: wanted,
          current_password: PASSWORD,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const owners = (await db().select().from(users)).filter((u) => u.email === wanted);
    expect(owners).toHaveLength(1);
  });

  it('an SSO-only user cannot change their email, and nobody moves into an SSO-enforced domain', async () => {
    const sso = await createUser(db(), { email: `sso-${Date.now()}@${SSO_DOMAIN}` });
    const res = await call('PUT', '/session/profile', (await bearer(sso.id)).headers, {
      name: sso.name,
      email: 'free@example.test',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect((await row(sso.id)).email).toBe(sso.email);
    // Their name stays theirs to change.
    expect(
      (await call('PUT', '/session/profile', (await bearer(sso.id)).headers, { name: 'Renamed', email: sso.email }))
        .statusCode,
    ).toBe(200);

    const me = await createUser(db());
    const into = await call('PUT', '/session/profile', (await bearer(me.id)).headers, {
      name: me.name,
      email: `me@${SSO_DOMAIN}`,
      current_password: PASSWORD,
    });
    expect(into.statusCode).toBe(422);
    expect(into.json().errors.email).toEqual([
      'Addresses at this domain sign in with single sign-on. Ask your administrator to change your email.',
    ]);
    expect((await row(me.id)).email).toBe(me.email);
  });

  it('a guest is refused', async () => {
    const csrf = { ...(await authClient(t).csrf()) };
    expect((await call('PUT', '/session/profile', csrf, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /session/password', () => {
  it('changes the password: this browser gets a new token, every old token is refused, the new password signs in', async () => {
    const me = await createUser(db());
    const current = await bearer(me.id);
    const laptop = await bearer(me.id);
    const bystander = await bearer((await createUser(db())).id);
    for (const s of [current, laptop, bystander]) expect(await alive(s.headers)).toBe(200);

    const res = await changePassword(current.headers, PASSWORD);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      message: 'Your password has been changed',
      token_type: 'Bearer',
      access_token: expect.stringMatching(/^oly_/),
    });
    const fresh = { authorization: `Bearer ${data.access_token}` };

    expect(await alive(current.headers)).toBe(401);
    expect(await alive(laptop.headers)).toBe(401);
    expect(await alive(fresh)).toBe(200);
    expect(await alive(bystander.headers)).toBe(200);
    // The fresh session is the only one left, and it is "this one".
    const list = (await call('GET', '/session/sessions', fresh)).json().data as Array<{ current: boolean }>;
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);

    const stored = await row(me.id);
    expect(await verifyPassword(stored.passwordHash, NEW_PASSWORD)).toBe(true);
    const c = authClient(t);
    expect((await c.login(me.email, PASSWORD)).statusCode).toBe(401);
    expect((await c.login(me.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [audit] = (await auditRows(t, 'auth.password_changed')).filter((r) => r.entity_id === me.id);
    expect(audit).toMatchObject({ actor_id: me.id });
    const text = await auditText(t);
    for (const secret of [PASSWORD, NEW_PASSWORD, data.access_token]) expect(text).not.toContain(secret);
  });

  it('a wrong current password is refused on its field and nothing changes', async () => {
    const me = await createUser(db());
    const s = await bearer(me.id);
    const before = await row(me.id);
    const res = await changePassword(s.headers, 'Not-The-Password-1');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const after = await row(me.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.passwordChangedAt).toEqual(before.passwordChangedAt);
    expect(await alive(s.headers)).toBe(200);
  });

  it('answers the policy’s problems per field, before any password is compared', async () => {
    const me = await createUser(db());
    const s = await bearer(me.id);
    const before = await row(me.id);
    const weak = await changePassword(s.headers, 'whatever', 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password).toEqual([
      'The new password must be more than 8 characters.',
      'The new password must contain an upper case letter.',
      'The new password must contain a number.',
    ]);
    const common = await changePassword(s.headers, PASSWORD, 'Password123');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.new_password).toContain('The new password is too common. Please choose another.');
    const mismatch = await changePassword(s.headers, PASSWORD, NEW_PASSWORD, NEW_PASSWORD + 'x');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      new_password_confirmation: ['The new password confirmation does not match.'],
    });
    const empty = await changePassword(s.headers, '', NEW_PASSWORD);
    expect(empty.json().errors).toEqual({ current_password: ['Enter your current password.'] });
    const same = await changePassword(s.headers, PASSWORD, PASSWORD);
    expect(same.statusCode).toBe(422);
    expect(same.json().errors).toEqual({
      new_password: ['The new password must be different from your current password.'],
    });
    const after = await row(me.id);
    expect(after.passwordHash).toBe(before.passwordHash);
    // Only the "same password" try compared the current one, and it was right: no failure counted.
    expect(after.failedLogins).toBe(0);
    expect(await alive(s.headers)).toBe(200);
  });

  it('6 parallel wrong guesses from a stolen session: 5 compared, then locked — even the right password waits', async () => {
    const me = await createUser(db());
    const stolen = await bearer(me.id);
    const before = await row(me.id);
    const guesses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => changePassword(stolen.headers, `Wrong-Guess-${i}A`)),
    );
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
    const compared = (await auditRows(t, 'auth.password_change_failed')).filter(
      (r) => r.entity_id === me.id && r.detail?.reason === 'wrong_password',
    );
    expect(compared).toHaveLength(5);
    const locked = await row(me.id);
    expect(locked.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    const right = await changePassword(stolen.headers, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    // The lock is the account's: sign-in is locked too, and nothing changed.
    expect((await authClient(t).login(me.email, PASSWORD)).statusCode).toBe(401);
    expect((await row(me.id)).passwordHash).toBe(before.passwordHash);
    // The email change shares the lock.
    const email = await call('PUT', '/session/profile', stolen.headers, {
      name: me.name,
      email: 'stolen@example.test',
      current_password: PASSWORD,
    });
    expect(email.statusCode).toBe(429);
    expect((await row(me.id)).email).toBe(me.email);
  });

  it('guesses from one address are throttled per address like sign-in', async () => {
    const ip = uniqueIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      // A fresh account each time, so only the address can be what refuses the 11th.
      const u = await createUser(db());
      codes.push(
        (await changePassword((await bearer(u.id)).headers, `Wrong-Guess-${i}A`, NEW_PASSWORD, NEW_PASSWORD, ip))
          .statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 422)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('an SSO-only user is refused and nothing changes; with bypass_sso the change works', async () => {
    const sso = await createUser(db(), { email: `only-${Date.now()}@${SSO_DOMAIN}` });
    const s = await bearer(sso.id);
    const before = await row(sso.id);
    const res = await changePassword(s.headers, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your organisation signs you in with single sign-on, so there is no Olympus password to change.',
    );
    expect((await row(sso.id)).passwordHash).toBe(before.passwordHash);
    expect(await alive(s.headers)).toBe(200);

    const bypass = await createUser(db(), { email: `bypass-${Date.now()}@${SSO_DOMAIN}`, bypassSso: true });
    expect((await changePassword((await bearer(bypass.id)).headers, PASSWORD)).statusCode).toBe(200);
  });

  it('a guest and a disabled user are refused', async () => {
    expect((await changePassword({ ...(await authClient(t).csrf()) }, PASSWORD)).statusCode).toBe(401);
    const me = await createUser(db());
    const s = await bearer(me.id);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, me.id));
    expect((await changePassword(s.headers, PASSWORD)).statusCode).toBe(401);
  });
});
