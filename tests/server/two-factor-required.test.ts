// A role that requires two-factor sign-in: a password sign-in of a holder without a second factor
// reaches only enrolment (server/auth/twoFactorGate.ts). Attacked as that user would: reading and
// writing elsewhere, handing off to a system, running reports — each refused with nothing changed —
// and as a role editor who is not a super admin trying to set or clear the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createSystem, createUser, OLYMPUS_GRANTS, tokenFor } from './factories';
import { authClient, type AuthClient } from './auth-client';
import { enrol } from './two-factor-client';
import { rowsOf } from './privilege-fixtures';
import { roles, userSystems, users } from '../../server/db/schema';
import { issueToken } from '../../server/auth/tokens';
import { TWO_FACTOR_REQUIRED_MSG } from '../../server/auth/twoFactorGate';

let t: TestApp;
let client: AuthClient;
let company: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  client = authClient(t);
  company = await createCompany(db());
});
afterAll(() => t.close());

const db = () => t.database.db;
const REFUSED = { message: TWO_FACTOR_REQUIRED_MSG };

/** A role like admin (its own, so other tests' roles are untouched) that requires two-factor sign-in. */
async function guardedRole(require = true) {
  const role = await createRole(
    db(),
    'Olympus',
    `guarded_${Math.random().toString(36).slice(2, 8)}`,
    OLYMPUS_GRANTS.admin,
  );
  await db().update(roles).set({ requireTwoFactor: require }).where(eq(roles.id, role.id));
  return role;
}

/** A user holding `roleId`, signed in with their password; answers the bearer and X-Tenant headers. */
async function signedIn(roleId: string) {
  const user = await createUser(db(), { companies: [company], systems: [{ name: 'Everest' }] });
  const [role] = await db().select().from(roles).where(eq(roles.id, roleId));
  await db().insert(userSystems).values({ userId: user.id, systemId: role.systemId, roleId });
  const auth = await client.signIn(user.email);
  return { user, headers: { ...auth, 'x-tenant': company.id } };
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, payload });
const snapshot = async () => ({
  users: await rowsOf(db(), sql`select count(*)::int as n from users`),
  names: await rowsOf(db(), sql`select name from users order by id`),
  audits: await rowsOf(db(), sql`select count(*)::int as n from audit_log`),
});

describe('a password sign-in whose role requires two-factor sign-in, before enrolment', () => {
  it('is refused everywhere else, in parallel, with nothing changed', async () => {
    const role = await guardedRole();
    const { user, headers } = await signedIn(role.id);
    const other = await createUser(db(), { companies: [company] });
    const everest = await createSystem(db(), 'Everest');
    const before = await snapshot();
    const tries = await Promise.all([
      inject('GET', '/users', headers),
      inject('POST', '/users', headers, { name: 'Made Up', email: 'made-up@example.test', olympus_role_uuid: role.id }),
      inject('PUT', `/users/${other.id}`, headers, { name: 'Renamed' }),
      inject('PUT', '/session/profile', headers, { name: 'Renamed Self' }),
      inject('GET', `/systems/${everest.id}/redirect`, headers),
      inject('GET', '/reports', headers),
      inject('GET', '/reports/builtin/users/data', headers),
      inject('GET', '/roles', headers),
      inject('GET', '/no/such/route', headers),
    ]);
    for (const res of tries) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(await snapshot()).toEqual(before);
    expect((await db().select().from(users).where(eq(users.id, other.id)))[0].name).toBe(other.name);
    expect((await db().select().from(users).where(eq(users.id, user.id)))[0].name).toBe(user.name);
  });

  it('reaches the session (with the flag), the account page’s reads, enrolment and sign-out', async () => {
    const role = await guardedRole();
    const { headers } = await signedIn(role.id);
    const session = await inject('GET', '/session', headers);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.two_factor_required).toBe(true);
    for (const url of ['/session/profile', '/session/sessions', '/session/two-factor'])
      expect((await inject('GET', url, headers)).statusCode).toBe(200);
    expect((await client.post('/api/v1/auth/authenticated', undefined, { headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers })).statusCode).toBeLessThan(300);
    const out = await client.post('/api/v1/auth/logout', undefined, { headers });
    expect(out.statusCode).toBe(200);
    expect((await inject('GET', '/session', headers)).statusCode).toBe(401);
  });

  it('works on the very next request after enrolling (the guard’s short memory is cleared)', async () => {
    const role = await guardedRole();
    const { headers } = await signedIn(role.id);
    // Warm the cache with the restricted answer, then enrol and ask straight away.
    expect((await inject('GET', '/users', headers)).statusCode).toBe(403);
    await enrol(t, headers);
    const list = await inject('GET', '/users', headers);
    expect(list.statusCode).toBe(200);
    expect((await inject('GET', '/session', headers)).json().data.two_factor_required).toBe(false);
  });

  it('a role turning the rule on holds back a session already signed in, on its next request', async () => {
    const role = await guardedRole(false);
    const { headers } = await signedIn(role.id);
    expect((await inject('GET', '/users', headers)).statusCode).toBe(200);
    const superAdmin = await createUser(db(), { role: 'super_admin' });
    const put = await inject('PUT', `/roles/${role.id}`, await tokenFor(db(), superAdmin.id), {
      require_two_factor: true,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.require_two_factor).toBe(true);
    expect((await inject('GET', '/users', headers)).statusCode).toBe(403);
  });
});

describe('who is not held back', () => {
  it('a user with two-factor sign-in already on, a role without the rule, and single sign-on tokens', async () => {
    const role = await guardedRole();
    const plain = await guardedRole(false);
    const { headers: enrolledHeaders } = await signedIn(role.id);
    await enrol(t, enrolledHeaders);
    expect((await inject('GET', '/users', enrolledHeaders)).statusCode).toBe(200);
    const { headers: plainHeaders } = await signedIn(plain.id);
    expect((await inject('GET', '/users', plainHeaders)).statusCode).toBe(200);
    const ssoUser = await createUser(db(), { companies: [company] });
    await db().insert(userSystems).values({ userId: ssoUser.id, systemId: role.systemId, roleId: role.id });
    const sso = await issueToken(db(), ssoUser.id, { amr: ['sso', 'mfa'] });
    const res = await inject('GET', '/users', { authorization: `Bearer ${sso.token}`, 'x-tenant': company.id });
    expect(res.statusCode).toBe(200);
  });
});

describe('setting the rule on a role', () => {
  it('a super admin sets and clears it; it is audited and in the role’s JSON and forms', async () => {
    const superAdmin = await tokenFor(db(), (await createUser(db(), { role: 'super_admin' })).id);
    const created = await inject('POST', '/roles', superAdmin, {
      name: 'tfa_new',
      label: 'TFA new',
      permissions: ['users.view'],
      require_two_factor: true,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect((await inject('GET', `/roles/${id}`, superAdmin)).json().data.require_two_factor).toBe(true);
    const edit = (await inject('GET', `/roles/${id}/edit`, superAdmin)).json();
    expect(edit.fields[0].fields).toContainEqual(
      expect.objectContaining({
        name: 'require_two_factor',
        type: 'checkbox',
        label: 'Require two-factor sign-in',
        value: true,
      }),
    );
    const cleared = await inject('PUT', `/roles/${id}`, superAdmin, { require_two_factor: false });
    expect(cleared.json().data.require_two_factor).toBe(false);
    const [audit] = await rowsOf(
      db(),
      sql`select changes from audit_log where action = 'role.updated' and entity_id = ${id}`,
    );
    expect(audit).toEqual({
      changes: {
        require_two_factor: { before: true, after: false },
        version: { before: expect.any(Number), after: expect.any(Number) },
      },
    });
  });

  it('a role editor who is not a super admin can neither set nor clear it (403, nothing changed), nor sees it in the forms', async () => {
    const editorRole = await createRole(db(), 'Olympus', 'tfa_role_editor', ['roles.*', 'users.*', 'properties.*']);
    const editor = await createUser(db());
    await db().insert(userSystems).values({ userId: editor.id, systemId: editorRole.systemId, roleId: editorRole.id });
    const headers = await tokenFor(db(), editor.id);
    const off = await createRole(db(), 'Olympus', 'tfa_target_off', ['users.view']);
    const on = await createRole(db(), 'Olympus', 'tfa_target_on', ['users.view']);
    await db().update(roles).set({ requireTwoFactor: true }).where(eq(roles.id, on.id));
    const state = async () => ({
      roles: await rowsOf(
        db(),
        sql`select id, name, label, require_two_factor, updated_at::text from roles order by id`,
      ),
      audits: await rowsOf(db(), sql`select count(*)::int as n from audit_log`),
    });
    const before = await state();
    const tries = await Promise.all([
      inject('PUT', `/roles/${off.id}`, headers, { require_two_factor: true }),
      inject('PUT', `/roles/${on.id}`, headers, { require_two_factor: false, label: 'Relabelled' }),
      inject('POST', '/roles', headers, {
        name: 'tfa_sneaky',
        label: 'Sneaky',
        permissions: ['users.view'],
        require_two_factor: true,
      }),
    ]);
    for (const res of tries) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual({
        require_two_factor: ['Only a super admin can change whether a role requires two-factor sign-in.'],
      });
    }
    expect(await state()).toEqual(before);
    // Sending the value it already has changes nothing and is not a change of the rule.
    expect(
      (await inject('PUT', `/roles/${on.id}`, headers, { require_two_factor: true, label: 'Kept' })).statusCode,
    ).toBe(200);
    const form = (await inject('GET', `/roles/${off.id}/edit`, headers)).json();
    expect(JSON.stringify(form.fields)).not.toContain('require_two_factor');
    expect(JSON.stringify((await inject('GET', '/roles/create', headers)).json().fields)).not.toContain(
      'require_two_factor',
    );
  });
});
