// Invitations (docs/security.md "Invitations"): a new user, or one whose password an administrator
// resets, is mailed a single-use 72 h link to set their password — never a password. The /invitation
// page checks and accepts it; administrators resend or copy a fresh one. Attacks: reuse, parallel
// accepts, expired links, and resend/copy across companies and upward, each leaving nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, PASSWORD, tokenFor } from './factories';
import { apiAs, createWorld, unique, type Api, type World } from './resources-fixtures';
import { authClient, auditText, uniqueIp } from './auth-client';
import { countWhere, giveSystemRole, rowsOf, userFingerprint } from './privilege-fixtures';

const SSO_DOMAIN = 'corp.example.test';
const NEW_PASSWORD = 'Invited-Person-2026';
const CHECK = '/api/v1/auth/invitation/check';
const ACCEPT = '/api/v1/auth/invitation/accept';

let t: TestApp;
let w: World;
let admin: Api;
let sa: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    sso: { azureTenantId: null, clientId: null, clientSecret: null, issuer: null, enforcedDomains: [SSO_DOMAIN] },
  });
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

const address = (domain = 'example.test') => `${unique('invitee').toLowerCase()}@${domain}`;
const tokenIn = (text: string) => /http:\/\/olympus\.test\/invitation#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
const invitations = (userId: string) =>
  countWhere(db(), sql`select count(*) as n from invitations where user_id = ${userId}`);

/** Creates a user as the admin and answers their id, the mail and the token in it. */
async function invite(email = address()) {
  const after = t.mail.messages.length;
  const res = await admin.post('/users', { name: 'Ivy Invitee', email, companies: [w.own.id] });
  expect(res.statusCode).toBe(201);
  const mail = await t.mail.waitFor(email, { after });
  return { id: res.json().data.id as string, email, mail, token: tokenIn(mail.text), body: res.body };
}

const check = (token: string) => authClient(t).post(CHECK, { token });
const accept = (token: string, password = NEW_PASSWORD) =>
  authClient(t).post(ACCEPT, { token, new_password: password });

describe('creating a user', () => {
  it('mails a single-use link to set a password, and no password', async () => {
    const { id, email, mail, token, body } = await invite();
    expect(mail.subject).toBe('Your Olympus account');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain('The admin has invited you to Olympus.');
    expect(mail.text).toContain('The link expires in 72 hours and works once.');
    expect(mail.text).not.toMatch(/password:/i);
    expect(mail.html).toContain(`http://olympus.test/invitation#${token}`);
    // The token is in the mail only: not in the answer, the audit or the database (only its hash).
    expect(body).not.toContain(token as string);
    expect(await auditText(t)).not.toContain(token as string);
    const [row] = await rowsOf<{
      password_hash: string | null;
      must_change_password: boolean;
      token_hash: string;
      hours: number;
      created_by: string;
    }>(
      db(),
      sql`select u.password_hash, u.must_change_password, i.token_hash, i.created_by::text, extract(epoch from i.expires_at - i.created_at) / 3600 as hours
        from users u join invitations i on i.user_id = u.id where u.id = ${id}`,
    );
    expect(row).toMatchObject({ password_hash: null, must_change_password: false, created_by: w.users.admin.id });
    expect(Number(row.hours)).toBe(72);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token as string);
    // Nothing signs in before the password is set.
    expect((await authClient(t).login(email, PASSWORD)).statusCode).toBe(401);
  });

  it('accepting sets the password (policy checked), the link then signs nobody in again, and login works', async () => {
    const { id, email, token } = await invite();
    const seen = await check(token as string);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ data: { email, name: 'Ivy Invitee', kind: 'invite' } });

    const weak = await accept(token as string, 'Password1');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.new_password).toContain('The new password is too common. Please choose another.');
    const short = await accept(token as string, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toContain('The new password must be more than 8 characters.');

    const ok = await accept(token as string);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { message: 'Your password has been set. You can now sign in.' } });
    const login = await authClient(t).login(email, NEW_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().data.access_token).toEqual(expect.any(String));
    const [audit] = await rowsOf<{ action: string; detail: unknown }>(
      db(),
      sql`select action, detail from audit_log where action = 'user.invitation_accepted' and entity_id = ${id}`,
    );
    expect(audit).toEqual({ action: 'user.invitation_accepted', detail: { kind: 'invite' } });

    const again = await accept(token as string, 'Another-Password-2026');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      message:
        'This invitation has already been used. Sign in with your password, or use "Forgot Password?" to choose a new one.',
    });
    expect((await check(token as string)).statusCode).toBe(410);
    expect((await authClient(t).login(email, 'Another-Password-2026')).statusCode).toBe(401);
  });

  it('two parallel accepts: exactly one sets the password', async () => {
    const { email, token } = await invite();
    const passwords = ['Parallel-One-2026', 'Parallel-Two-2026', 'Parallel-Three-2026', 'Parallel-Four-2026'];
    const answers = await Promise.all(passwords.map((p) => accept(token as string, p)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 410, 410, 410]);
    const winner = passwords[answers.findIndex((a) => a.statusCode === 200)];
    for (const p of passwords)
      expect((await authClient(t).login(email, p)).statusCode, p).toBe(p === winner ? 200 : 401);
  });

  it('an expired link (72 h) says so and sets nothing', async () => {
    const { id, token } = await invite();
    await db().execute(sql`update invitations set expires_at = now() - interval '1 second' where user_id = ${id}`);
    // The refusals are audited (auth.invitation_failed); the user is left as they were.
    const account = async () => ({ ...(await userFingerprint(db(), id)), audit_rows: undefined });
    const before = await account();
    for (const res of [await check(token as string), await accept(token as string)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        message: 'This invitation has expired. Ask your administrator to send you a new one.',
      });
    }
    expect(await account()).toEqual(before);
  });

  it('an unknown or garbled link is not valid (404), never a 500', async () => {
    for (const token of ['x', 'A'.repeat(43), '../../etc', 'null', '%00']) {
      const res = await check(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toEqual({
        message:
          'This invitation link is not valid. Open the whole link from your email, or ask your administrator to send you a new one.',
      });
      expect((await accept(token)).statusCode).toBe(404);
    }
    expect((await authClient(t).post(CHECK, {})).statusCode).toBe(422);
    expect((await authClient(t).post(ACCEPT, { token: 'x'.repeat(201), new_password: NEW_PASSWORD })).statusCode).toBe(
      422,
    );
  });

  it('throttles checks per client network (429)', async () => {
    const client = authClient(t);
    const ip = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await client.post(CHECK, { token: 'nope' }, { ip })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(answers[10]).toBe(429);
  });

  it('an SSO-enforced user is mailed "Login with Azure" and gets no link', async () => {
    const email = address(SSO_DOMAIN);
    const { id, mail, token } = await invite(email);
    expect(token).toBeNull();
    expect(mail.text).toContain('http://olympus.test/login');
    expect(mail.text).toContain('"Login with Azure"');
    expect(mail.text).not.toContain('/invitation');
    expect(await invitations(id)).toBe(0);
    // bypass_sso: a password sign-in, so a link.
    const bypass = address(SSO_DOMAIN);
    const after = t.mail.messages.length;
    const res = await admin.post('/users', { name: 'Bypass', email: bypass, companies: [w.own.id], bypass_sso: true });
    expect(res.statusCode).toBe(201);
    expect(tokenIn((await t.mail.waitFor(bypass, { after })).text)).toEqual(expect.any(String));
  });
});

describe('an administrator’s password reset (reset_password)', () => {
  it('stops the old password, ends the sessions and mails a set-password link', async () => {
    const user = await createUser(db(), { role: 'system_user', companies: [w.own] });
    const session = await tokenFor(db(), user.id);
    const after = t.mail.messages.length;
    const res = await admin.put(`/users/${user.id}`, { reset_password: true });
    expect(res.statusCode).toBe(200);
    const mail = await t.mail.waitFor(user.email, { after });
    expect(mail.subject).toBe('Set a new Olympus password');
    expect(mail.text).toContain('has reset the password of your Olympus account');
    expect(mail.text).not.toMatch(/password:/i);
    const token = tokenIn(mail.text) as string;
    expect(token).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: session })).statusCode).toBe(401);
    expect((await authClient(t).login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await check(token)).json().data.kind).toBe('reset');
    expect((await accept(token)).statusCode).toBe(200);
    expect((await authClient(t).login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a password set some other way voids a link still out', async () => {
    const { email, token } = await invite();
    const other = await invite();
    expect((await accept(other.token as string)).statusCode).toBe(200);
    // The first invitee gets a password some other way (here: copied in) and changes it on the account page.
    await db().execute(
      sql`update users set password_hash = (select password_hash from users where email = ${other.email}) where email = ${email}`,
    );
    const signedIn = await authClient(t).signIn(email, NEW_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/password',
      headers: signedIn,
      payload: {
        current_password: NEW_PASSWORD,
        new_password: 'Changed-Again-2026',
        new_password_confirmation: 'Changed-Again-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await accept(token as string)).statusCode).toBe(410);
  });
});

describe('resend and copy (POST /users/{id}/invitation)', () => {
  it('resend mails a fresh link and voids the old one; copy answers a working link once', async () => {
    const { id, email, token } = await invite();
    const status = await admin.get(`/users/${id}/invitation`);
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({
      password_set: false,
      sso: false,
      disabled: false,
      invitation: { kind: 'invite', expired: false },
    });

    const after = t.mail.messages.length;
    const resent = await admin.post(`/users/${id}/invitation`, { mail: true });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({
      message: 'A new invitation has been emailed. Earlier links no longer work.',
      invitation: { expired: false },
    });
    expect(resent.json().data.link).toBeUndefined();
    const fresh = tokenIn((await t.mail.waitFor(email, { after })).text) as string;
    expect(fresh).not.toBe(token);
    const old = await check(token as string);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(
      'This invitation has been replaced by a newer one. Use the link in the most recent email, or ask your administrator to send you a new one.',
    );
    expect((await check(fresh)).statusCode).toBe(200);

    const mails = t.mail.messages.length;
    const copied = await admin.post(`/users/${id}/invitation`, { mail: false });
    expect(copied.statusCode).toBe(200);
    expect(copied.headers['cache-control']).toBe('no-store');
    const link = copied.json().data.link as string;
    expect(link).toMatch(/^http:\/\/olympus\.test\/invitation#[A-Za-z0-9_-]{43}$/);
    expect((await check(fresh)).statusCode).toBe(410);
    expect((await accept(link.split('#')[1])).statusCode).toBe(200);
    expect((await authClient(t).login(email, NEW_PASSWORD)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(email))).toEqual([]);

    const audits = await rowsOf<{ detail: Record<string, unknown> }>(
      db(),
      sql`select detail from audit_log where action = 'user.invitation_sent' and entity_id = ${id} order by id`,
    );
    expect(audits.map((a) => a.detail)).toEqual([
      { delivery: 'mail', kind: 'invite' },
      { delivery: 'link', kind: 'invite' },
    ]);
    expect(await auditText(t)).not.toContain(link.split('#')[1]);
    // A password is set now: nothing to resend.
    const done = await admin.post(`/users/${id}/invitation`, { mail: true });
    expect(done.statusCode).toBe(409);
    expect((await admin.get(`/users/${id}/invitation`)).json().data).toMatchObject({
      password_set: true,
      invitation: null,
    });
  });

  it('says when the newest link has expired', async () => {
    const { id } = await invite();
    await db().execute(sql`update invitations set expires_at = now() - interval '1 minute' where user_id = ${id}`);
    expect((await admin.get(`/users/${id}/invitation`)).json().data.invitation).toMatchObject({ expired: true });
  });

  it('an SSO user: resend mails the Azure pointer, copy is refused', async () => {
    const { id } = await invite(address(SSO_DOMAIN));
    const copy = await admin.post(`/users/${id}/invitation`, { mail: false });
    expect(copy.statusCode).toBe(409);
    const resend = await admin.post(`/users/${id}/invitation`, { mail: true });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.message).toBe('An invitation to sign in with single sign-on has been emailed.');
    expect(await invitations(id)).toBe(0);
  });

  it('attacks: another company’s user, a shared user, a user with more access, a super admin — in parallel, nothing changes, no mail', async () => {
    const second = await createCompany(db(), { name: unique('Second') });
    const attacker = await createUser(db(), { role: 'admin', companies: [w.own], name: 'Attacker Admin' });
    const api = apiAs(t, await tokenFor(db(), attacker.id), w.own.id);
    const invited = async (
      companies: { id: string }[],
      role: 'system_user' | 'admin' | 'super_admin' = 'system_user',
    ) => {
      const user = await createUser(db(), { role, companies });
      await db().execute(sql`update users set password_hash = null where id = ${user.id}`);
      return user;
    };
    const otherCompany = await invited([w.other]);
    const shared = await invited([w.own, second]);
    const richer = await invited([w.own]);
    await giveSystemRole(db(), richer.id, 'Everest', 'manager');
    const boss = await invited([w.own], 'super_admin');
    // `read`: the status (GET) is for whoever may update the user in this company, like their sessions.
    const cases = [
      { user: otherCompany, want: 404, read: 404 },
      { user: shared, want: 403, read: 200 },
      { user: richer, want: 403, read: 200 },
      { user: boss, want: 403, read: 403 },
    ];
    for (const { user, want, read } of cases) {
      const before = { user: await userFingerprint(db(), user.id), invitations: await invitations(user.id) };
      const mails = t.mail.messages.length;
      const answers = await Promise.all(
        [true, false, true, false].map((mail) => api.post(`/users/${user.id}/invitation`, { mail })),
      );
      for (const a of answers) {
        expect(a.statusCode, user.email).toBe(want);
        expect(a.body).not.toContain('/invitation#');
      }
      const status = await api.get(`/users/${user.id}/invitation`);
      expect(status.statusCode).toBe(read);
      if (read === 200) expect(status.json().data.may_send).toBe(false);
      expect({ user: await userFingerprint(db(), user.id), invitations: await invitations(user.id) }).toEqual(before);
      await new Promise((r) => setTimeout(r, 100));
      expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(user.email))).toEqual([]);
    }
    // The same attacker may invite their own company's user at their level.
    const mine = await invited([w.own]);
    expect((await api.get(`/users/${mine.id}/invitation`)).json().data.may_send).toBe(true);
    expect((await api.post(`/users/${mine.id}/invitation`, { mail: false })).statusCode).toBe(200);
    // A super admin reaches them all.
    expect((await sa.post(`/users/${shared.id}/invitation`, { mail: false })).statusCode).toBe(200);
  });

  it('reset_password on a user beyond reach is refused and mails nothing', async () => {
    const shared = await createUser(db(), { role: 'system_user', companies: [w.own, w.other] });
    const before = { user: await userFingerprint(db(), shared.id), invitations: await invitations(shared.id) };
    const mails = t.mail.messages.length;
    const answers = await Promise.all([1, 2, 3].map(() => admin.put(`/users/${shared.id}`, { reset_password: true })));
    expect(answers.map((a) => a.statusCode)).toEqual([403, 403, 403]);
    expect({ user: await userFingerprint(db(), shared.id), invitations: await invitations(shared.id) }).toEqual(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(shared.email))).toEqual([]);
  });
});

describe('logs', () => {
  it('never carry the token: not when it is mailed, copied, checked, refused or accepted (debug level)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({ config: t.config, database: t.database, logger: { level: 'debug', stream } });
    try {
      await logged.ready();
      const send = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
        logged.inject({
          method,
          url,
          payload,
          headers: { ...w.headers.admin, 'x-tenant': w.own.id, ...headers },
          remoteAddress: uniqueIp(),
        });
      const email = address();
      const after = t.mail.messages.length;
      const created = await send('POST', '/api/v1/users', { name: 'Logged Person', email });
      expect(created.statusCode).toBe(201);
      const mailed = tokenIn((await t.mail.waitFor(email, { after })).text) as string;
      const copied = await send('POST', `/api/v1/users/${created.json().data.id}/invitation`, { mail: false });
      const link = copied.json().data.link as string;
      const token = link.split('#')[1];
      const csrf = await logged.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const xsrf = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value as string;
      const pub = (url: string, payload: object) =>
        logged.inject({
          method: 'POST',
          url,
          payload,
          headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
          remoteAddress: uniqueIp(),
        });
      expect((await pub(CHECK, { token: mailed })).statusCode).toBe(410);
      expect((await pub(CHECK, { token })).statusCode).toBe(200);
      expect((await pub(ACCEPT, { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(0);
      const text = lines.join('');
      expect(text).not.toContain(token);
      expect(text).not.toContain(mailed);
    } finally {
      await logged.close();
      logged.mailer.close();
    }
  });
});

describe('the users list: status and last sign-in', () => {
  it('shows invited, active, disabled and locked, and the last sign-in', async () => {
    const { id: invitedId } = await invite();
    const active = await createUser(db(), { companies: [w.own] });
    await authClient(t).signIn(active.email);
    const disabled = await createUser(db(), { companies: [w.own], disabled: true });
    const locked = await createUser(db(), { companies: [w.own] });
    await db().execute(
      sql`update users set locked_until = now() + interval '5 minutes', last_login_at = now() - interval '3 days' where id = ${locked.id}`,
    );
    const temporary = await createUser(db(), { companies: [w.own], mustChangePassword: true });
    const sso = await createUser(db(), { companies: [w.own], email: address(SSO_DOMAIN) });
    await db().execute(sql`update users set password_hash = null where id = ${sso.id}`);

    const res = await admin.get('/users?per_page=500');
    expect(res.statusCode).toBe(200);
    const rows = new Map(
      (res.json().data as { id: string; status: string; last_login_at: string | null }[]).map((u) => [u.id, u]),
    );
    expect(rows.get(invitedId)).toMatchObject({ status: 'invited', last_login_at: null });
    expect(rows.get(active.id)?.status).toBe('active');
    expect(Date.now() - Date.parse(rows.get(active.id)?.last_login_at as string)).toBeLessThan(60_000);
    expect(rows.get(disabled.id)).toMatchObject({ status: 'disabled', last_login_at: null });
    expect(rows.get(locked.id)?.status).toBe('locked');
    expect(rows.get(locked.id)?.last_login_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows.get(temporary.id)?.status).toBe('invited');
    expect(rows.get(sso.id)?.status).toBe('invited');
    // One user answers the same fields.
    expect((await admin.get(`/users/${active.id}`)).json().data).toMatchObject({
      status: 'active',
      last_login_at: expect.any(String),
    });
  });
});
