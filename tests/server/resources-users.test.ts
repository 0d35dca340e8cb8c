// Users: tenancy, ?all=true, create with a mailed set-password link, validation, the
// revocations, the super_admin and self protections, transactions and audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import { apiAs, auditFor, count, createWorld, failInserts, unique, type Api, type World } from './resources-fixtures';
import { authClient } from './auth-client';
import { users } from '../../server/db/schema';

let t: TestApp;
let w: World;
let sa: Api;
let admin: Api;
let everest: { id: string };
let portal: { id: string };
let olympusAdmin: { id: string };
let olympusSuper: { id: string };
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  admin = apiAs(t, w.headers.admin, w.own.id);
  everest = await createRole(db(), 'Everest', 'manager');
  portal = await createRole(db(), 'Portal', 'editor');
  olympusAdmin = await createRole(db(), 'Olympus', 'admin');
  olympusSuper = await createRole(db(), 'Olympus', 'super_admin');
});
afterAll(() => t.close());

const email = () => `${unique('person').toLowerCase()}@example.test`;
const session = (auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/session', headers: auth });

describe('GET /users', () => {
  it('lists the X-Tenant company’s users with companies, systems and roles', async () => {
    const theirs = await createUser(db(), { companies: [w.other], name: 'Elsewhere Person' });
    const res = await admin.get('/users');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      uuid: string;
      id: string;
      olympusRole: { name: string } | null;
      companies: { uuid: string }[];
    }[];
    const ids = list.map((u) => u.uuid);
    expect(ids).toContain(w.users.admin.id);
    expect(ids).not.toContain(theirs.id);
    const me = list.find((u) => u.uuid === w.users.admin.id);
    expect(me).toMatchObject({
      id: w.users.admin.id,
      name: 'The admin',
      disabled: false,
      companies: [{ uuid: w.own.id, id: w.own.id, name: 'Own Lettings' }],
      olympusRole: { name: 'admin', label: 'Admin', permissions: expect.arrayContaining(['users.*']) },
      olympus_role_uuid: olympusAdmin.id,
      everest_role_uuid: null,
      portal_role_uuid: null,
      property_permissions: [],
      roles: [{ uuid: olympusAdmin.id, name: 'admin', label: 'Admin', system: 'Olympus' }],
    });
  });

  it('shows an admin only the companies they share with each user; super_admin sees them all', async () => {
    const both = await createUser(db(), { companies: [w.own, w.other] });
    const byAdmin = (await admin.get(`/users/${both.id}`)).json().data;
    expect(byAdmin.companies.map((c: { uuid: string }) => c.uuid)).toEqual([w.own.id]);
    const bySuper = (await sa.get(`/users/${both.id}`)).json().data;
    expect(bySuper.companies.map((c: { uuid: string }) => c.uuid).sort()).toEqual([w.own.id, w.other.id].sort());
  });

  it('?all=true: every user for super_admin (no company needed), 403 for anyone else', async () => {
    const theirs = await createUser(db(), { companies: [w.other] });
    const all = await sa.get('/users?all=true', null);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((u: { uuid: string }) => u.uuid)).toContain(theirs.id);
    const refused = await admin.get('/users?all=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only a super admin can list the users of every company.' });
  });

  it('needs a company: 403 "Choose a company first."', async () => {
    const res = await admin.get('/users', null);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Choose a company first.' });
  });

  it('pages, sorts and searches on request, with meta.total', async () => {
    const company = await createCompany(db());
    for (const name of ['Carol Zed', 'alice Young', 'Bob Xavier'])
      await createUser(db(), { companies: [company], name });
    const boss = apiAs(t, w.headers.super_admin, company.id);
    const whole = await boss.get('/users');
    expect(whole.json()).toEqual({ data: expect.any(Array) });
    expect(whole.json().data.map((u: { name: string }) => u.name)).toEqual(['alice Young', 'Bob Xavier', 'Carol Zed']);
    const page = (await boss.get('/users?page=2&per_page=2&sort=-name')).json();
    expect(page.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(page.data.map((u: { name: string }) => u.name)).toEqual(['alice Young']);
    const found = (await boss.get('/users?q=XAV')).json();
    expect(found.data.map((u: { name: string }) => u.name)).toEqual(['Bob Xavier']);
    expect(found.meta).toEqual({ total: 1 });
    const bad = await boss.get('/users?sort=password_hash');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort[0]).toMatch(/^The selected sort is invalid/);
    for (const junk of ['page=0', 'page=abc', 'per_page=100000', `q=${'x'.repeat(300)}`, 'q=%00', 'all=maybe']) {
      expect((await boss.get(`/users?${junk}`)).statusCode, junk).toBe(422);
    }
  });
});

describe('POST /users', () => {
  it('creates the user in the current company with their system roles and mails a temporary password', async () => {
    const address = email();
    // A super admin: only they may give Everest and Portal roles the test's admin does not hold (grants.test.ts).
    const res = await sa.post('/users', {
      name: '  Nina New ',
      email: address,
      olympus_role_uuid: '',
      everest_role_uuid: everest.id,
      portal_role_uuid: portal.id,
      bypass_sso: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({
      message: 'The user has been created',
      name: 'Nina New',
      email: address,
      username: address,
      bypass_sso: true,
      companies: [{ uuid: w.own.id, name: 'Own Lettings' }],
      everest_role_uuid: everest.id,
      portal_role_uuid: portal.id,
      olympus_role_uuid: null,
      olympusRole: null,
    });
    expect(body.data.systems.map((s: { name: string }) => s.name)).toEqual(['Everest', 'Portal']);

    const mail = await t.mail.waitFor(address);
    expect(mail.subject).toBe('Your Olympus account');
    expect(mail.text).not.toMatch(/password:/i);
    const token = /http:\/\/olympus\.test\/invitation#(\S+)/.exec(mail.text)?.[1] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Never in a response or the audit log.
    expect(res.body).not.toContain(token);
    expect(JSON.stringify(await auditFor(db(), body.data.id))).not.toContain(token);

    // No password until the link sets one (tests/server/invitations.test.ts).
    const [row] = await db().select().from(users).where(eq(users.id, body.data.id));
    expect(row).toMatchObject({ passwordHash: null, mustChangePassword: false, tempPasswordExpiresAt: null });
    const accepted = await authClient(t).post('/api/v1/auth/invitation/accept', {
      token,
      new_password: 'Nina-New-Password-1',
    });
    expect(accepted.statusCode).toBe(200);
    const login = await authClient(t).login(address, 'Nina-New-Password-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.access_token).toEqual(expect.any(String));
  });

  it('writes an audit row with actor, the user’s companies, address and the new values', async () => {
    const address = email();
    const res = await admin.post('/users', { name: 'Audited', email: address, companies: [w.own.id] });
    const [row] = await auditFor(db(), res.json().data.id);
    expect(row).toMatchObject({
      action: 'user.created',
      actor_id: w.users.admin.id,
      tenant_id: null,
      company_ids: [w.own.id],
      entity: 'user',
      ip: expect.any(String),
    });
    expect(row.changes).toMatchObject({
      name: { after: 'Audited' },
      email: { after: address },
      companies: { after: [w.own.id] },
    });
  });

  it('lets a super_admin give any company and the super_admin role; an admin neither', async () => {
    const made = await sa.post('/users', {
      name: 'Boss Two',
      email: email(),
      companies: [w.other.id],
      olympus_role_uuid: olympusSuper.id,
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ companies: [{ uuid: w.other.id }], olympusRole: { name: 'super_admin' } });

    const res = await admin.post('/users', {
      name: 'Sneaky',
      email: email(),
      companies: [w.own.id, w.other.id],
      olympus_role_uuid: olympusSuper.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      companies: ['The selected companies is invalid.'],
      olympus_role_uuid: ['The selected olympus role uuid is invalid.'],
    });
  });

  it('accepts companies as uuids or { uuid } objects, and a single uuid as a list of one', async () => {
    for (const companies of [[{ uuid: w.own.id }], w.own.id, [w.own.id.toUpperCase()]]) {
      const res = await admin.post('/users', { name: 'Shapes', email: email(), companies });
      expect(res.statusCode, JSON.stringify(companies)).toBe(201);
      expect(res.json().data.companies).toEqual([{ uuid: w.own.id, id: w.own.id, name: 'Own Lettings' }]);
    }
  });

  it('answers 422 with field messages', async () => {
    const taken = await createUser(db(), { companies: [w.own], email: 'Taken.Person@Example.test' });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: email() }, { name: ['The name field is required.'] }],
      [{ name: '   ', email: email() }, { name: ['The name field is required.'] }],
      [{ name: 'x'.repeat(256), email: email() }, { name: ['The name may not be greater than 255 characters.'] }],
      [{ name: 'No Mail' }, { email: ['The email field is required.'] }],
      [{ name: 'Bad Mail', email: 'not-an-email' }, { email: ['The email must be a valid email address.'] }],
      [{ name: 'Dup', email: taken.email.toUpperCase() }, { email: ['The email has already been taken.'] }],
      [{ name: 'Dup', email: 'taken.person@example.test' }, { email: ['The email has already been taken.'] }],
      [
        { name: 'Ghost co', email: email(), companies: ['00000000-0000-4000-8000-000000000000'] },
        { companies: ['The selected companies is invalid.'] },
      ],
      [{ name: 'Junk co', email: email(), companies: ['nope'] }, { companies: ['The selected companies is invalid.'] }],
      [
        { name: 'Ghost role', email: email(), everest_role_uuid: '00000000-0000-4000-8000-000000000000' },
        { everest_role_uuid: ['The selected everest role uuid is invalid.'] },
      ],
      [
        { name: 'Wrong system', email: email(), olympus_role_uuid: everest.id },
        { olympus_role_uuid: ['The selected olympus role uuid is invalid.'] },
      ],
      [
        { name: 'Junk role', email: email(), portal_role_uuid: 'drop table users' },
        { portal_role_uuid: ['The selected portal role uuid is invalid.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post('/users', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0][0]);
    }
  });

  it('leaves nothing behind when a later step of the write fails', async () => {
    // A real failure in the last step (system access), after the user row and memberships were written.
    const restore = await failInserts(
      db(),
      'user_systems',
      `exists (select 1 from users where id = new.user_id and name = 'Half Written')`,
    );
    const address = email();
    const sent = t.mail.messages.length;
    const res = await sa.post('/users', {
      name: 'Half Written',
      email: address,
      companies: [w.own.id],
      everest_role_uuid: everest.id,
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal error. Please try again later.' });
    expect(await count(db(), sql`select count(*) as n from users where lower(email) = ${address}`)).toBe(0);
    expect(
      await count(
        db(),
        sql`select count(*) as n from user_companies uc left join users u on u.id = uc.user_id where u.id is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        db(),
        sql`select count(*) as n from audit_log where action = 'user.created' and changes::text like ${'%' + address + '%'}`,
      ),
    ).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.messages.slice(sent).filter((m) => m.to.includes(address))).toEqual([]);
    await restore();
    // The same request works once nothing fails.
    expect(
      (await sa.post('/users', { name: 'Half Written', email: address, everest_role_uuid: everest.id })).statusCode,
    ).toBe(201);
  });
});

describe('PUT /users/:id', () => {
  it('updates what was sent; the username follows the email; the audit row holds only the changes', async () => {
    const user = await createUser(db(), { companies: [w.own], name: 'Before Name' });
    const address = email();
    const res = await admin.put(`/users/${user.id}`, { name: 'After Name', email: address });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'The user has been updated',
      name: 'After Name',
      email: address,
      username: address,
    });
    const [row] = await auditFor(db(), user.id);
    expect(row.action).toBe('user.updated');
    expect(row.changes).toEqual({
      name: { before: 'Before Name', after: 'After Name' },
      email: { before: user.email, after: address },
      username: { before: user.email, after: address },
      version: { before: 1, after: 2 },
    });
  });

  it('audits bypass_sso and disabled in the clear: they are not secrets', async () => {
    const user = await createUser(db(), { companies: [w.own] });
    await admin.put(`/users/${user.id}`, { bypass_sso: true, disabled: true });
    const [row] = await auditFor(db(), user.id);
    expect(row.changes).toEqual({
      bypass_sso: { before: false, after: true },
      disabled: { before: false, after: true },
      version: { before: 1, after: 2 },
    });
    expect(row.detail).toEqual({ signed_out: true, reset_link: false });
  });

  it('saving the edit form untouched changes nothing', async () => {
    const user = await createUser(db(), {
      companies: [w.own],
      role: 'system_user',
      systems: [{ name: 'Everest', role: 'manager' }],
    });
    const edit = (await admin.get(`/users/${user.id}/edit`)).json().data;
    const res = await admin.put(`/users/${user.id}`, edit);
    expect(res.statusCode).toBe(200);
    const { message, ...after } = res.json().data;
    expect(message).toBe('The user has been updated');
    expect(after).toEqual(edit);
    const [row] = await auditFor(db(), user.id);
    expect(row.changes).toEqual({});
  });

  it('removing a company, disabling, or a new temporary password ends the user’s sessions', async () => {
    const a = await createUser(db(), { companies: [w.own, await createCompany(db())] });
    const b = await createUser(db(), { companies: [w.own] });
    const c = await createUser(db(), { companies: [w.own] });
    const d = await createUser(db(), { companies: [w.own] });
    const tokens = await Promise.all([a, b, c, d].map((u) => tokenFor(db(), u.id)));
    for (const token of tokens) expect((await session(token)).statusCode).toBe(200);

    // a loses the own company (the super_admin can see and remove both).
    const own = (await sa.get(`/users/${a.id}`))
      .json()
      .data.companies.map((x: { uuid: string }) => x.uuid)
      .filter((id: string) => id !== w.own.id);
    expect((await sa.put(`/users/${a.id}`, { companies: own })).statusCode).toBe(200);
    expect((await admin.put(`/users/${b.id}`, { disabled: true })).json().data.disabled).toBe(true);
    expect((await admin.put(`/users/${c.id}`, { reset_password: true })).statusCode).toBe(200);
    expect((await admin.put(`/users/${d.id}`, { name: 'Only A Rename' })).statusCode).toBe(200);

    expect((await session(tokens[0])).statusCode).toBe(401);
    expect((await session(tokens[1])).statusCode).toBe(401);
    expect((await session(tokens[2])).statusCode).toBe(401);
    expect((await session(tokens[3])).statusCode).toBe(200);

    // c's password stopped working; a link to set a new one came by mail.
    const mail = await t.mail.waitFor(c.email);
    expect(mail.subject).toBe('Set a new Olympus password');
    expect(mail.text).toMatch(/http:\/\/olympus\.test\/invitation#\S+/);
    expect((await authClient(t).login(c.email)).statusCode).toBe(401);
    // b cannot sign in while disabled, and can again once enabled.
    expect((await authClient(t).login(b.email)).statusCode).toBe(401);
    expect((await admin.put(`/users/${b.id}`, { disabled: false })).json().data.disabled).toBe(false);
    expect((await authClient(t).login(b.email)).statusCode).toBe(200);
  });

  it('keeps the companies an admin does not manage', async () => {
    const user = await createUser(db(), { companies: [w.own, w.other] });
    const extra = await createCompany(db());
    await db().execute(sql`insert into user_companies (user_id, company_id) values (${w.users.admin.id}, ${extra.id})`);
    const res = await admin.put(`/users/${user.id}`, { companies: [extra.id] });
    expect(res.statusCode).toBe(200);
    const all = (await sa.get(`/users/${user.id}`))
      .json()
      .data.companies.map((c: { uuid: string }) => c.uuid)
      .sort();
    expect(all).toEqual([w.other.id, extra.id].sort());
    await db().execute(
      sql`delete from user_companies where user_id = ${w.users.admin.id} and company_id = ${extra.id}`,
    );
  });

  it('protects super admins and the caller’s own account', async () => {
    const boss = await createUser(db(), { role: 'super_admin', companies: [w.own] });
    const refused = await admin.put(`/users/${boss.id}`, { name: 'Demoted' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only a super admin can change a super admin.' });
    expect((await admin.delete(`/users/${boss.id}`)).statusCode).toBe(403);
    expect((await sa.put(`/users/${boss.id}`, { name: 'Renamed Boss' })).statusCode).toBe(200);

    const self = await admin.put(`/users/${w.users.admin.id}`, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'You cannot disable your own account.' });
    const ownRole = await admin.put(`/users/${w.users.admin.id}`, { olympus_role_uuid: '' });
    expect(ownRole.statusCode).toBe(422);
    expect(ownRole.json().errors).toEqual({ olympus_role_uuid: ['You cannot change your own Olympus role.'] });
    // Sending the role unchanged is fine.
    expect(
      (await admin.put(`/users/${w.users.admin.id}`, { olympus_role_uuid: olympusAdmin.id, name: 'The admin' }))
        .statusCode,
    ).toBe(200);
  });

  it('validates like create, and refuses an empty company list', async () => {
    const user = await createUser(db(), { companies: [w.own] });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: '' }, { name: ['The name field is required.'] }],
      [{ email: w.users.system_user.email }, { email: ['The email has already been taken.'] }],
      [{ companies: [] }, { companies: ['Choose at least one company.'] }],
      [{ disabled: 'sometimes' }, { disabled: ['The disabled must be a boolean.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.put(`/users/${user.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await admin.put(`/users/${user.id}`, { email: user.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('answers 404 for another company’s user (an admin) and a malformed id', async () => {
    const theirs = await createUser(db(), { companies: [w.other] });
    for (const id of [theirs.id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await admin.put(`/users/${id}`, { name: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found.' });
    }
  });

  it('rolls the whole update back when a later step fails', async () => {
    const user = await createUser(db(), { companies: [w.own], name: 'Unchanged' });
    const extra = await createCompany(db());
    const restore = await failInserts(db(), 'user_companies');
    const res = await sa.put(`/users/${user.id}`, { name: 'Changed', companies: [w.own.id, extra.id] });
    await restore();
    expect(res.statusCode).toBe(500);
    const now = (await sa.get(`/users/${user.id}`)).json().data;
    expect(now.name).toBe('Unchanged');
    expect(now.companies.map((c: { uuid: string }) => c.uuid)).toEqual([w.own.id]);
    expect(await auditFor(db(), user.id)).toEqual([]);
  });
});

describe('DELETE /users/:id', () => {
  it('deletes a user of the company, with an audit row', async () => {
    const user = await createUser(db(), { companies: [w.own], name: 'Leaving Soon' });
    const res = await admin.delete(`/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'The user has been deleted' } });
    expect((await admin.get(`/users/${user.id}`)).statusCode).toBe(404);
    const [row] = await auditFor(db(), user.id);
    expect(row).toMatchObject({
      action: 'user.deleted',
      actor_id: w.users.admin.id,
      changes: { name: { before: 'Leaving Soon' } },
    });
  });

  it('refuses to delete yourself (409)', async () => {
    const res = await admin.delete(`/users/${w.users.admin.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account.' });
  });

  it('an admin cannot delete someone who also works for companies they do not manage', async () => {
    const shared = await createUser(db(), { companies: [w.own, w.other] });
    const res = await admin.delete(`/users/${shared.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This user also belongs to companies you do not manage. Ask a super admin to delete them.',
    );
    expect((await sa.delete(`/users/${shared.id}`)).statusCode).toBe(200);
  });
});

describe('user forms', () => {
  it('GET /users/create: the contract’s fields; options limited to what the caller may give', async () => {
    const res = await admin.get('/users/create');
    expect(res.statusCode).toBe(200);
    const { data, fields } = res.json();
    expect(data).toEqual({});
    const byName = Object.fromEntries(
      fields.flatMap((g: { fields: { name: string }[] }) => g.fields).map((f: { name: string }) => [f.name, f]),
    );
    expect(Object.keys(byName)).toEqual([
      'name',
      'email',
      'bypass_sso',
      'companies',
      'olympus_role_uuid',
      'everest_role_uuid',
      'portal_role_uuid',
    ]);
    expect(byName.name).toMatchObject({ type: 'text', required: true });
    expect(byName.email).toMatchObject({ type: 'email', required: true });
    expect(byName.companies).toMatchObject({
      type: 'checkbox',
      multiple: true,
      'options-from': 'companies',
      options: { [w.own.id]: 'Own Lettings' },
      value: [w.own.id],
    });
    expect(Object.values(byName.olympus_role_uuid.options)).toEqual(['No role', 'Admin', 'System User']);
    // The admin holds no Everest role, so has none to give; the super admin may give any.
    expect(byName.everest_role_uuid.options).toEqual({ '': 'No access' });
    const bySuper = (await sa.get('/users/create')).json().fields.flatMap((g: { fields: unknown[] }) => g.fields);
    expect(bySuper.find((f: { name: string }) => f.name === 'everest_role_uuid').options).toEqual({
      '': 'No access',
      [everest.id]: 'Manager',
    });
    const olympus = bySuper.find((f: { name: string }) => f.name === 'olympus_role_uuid');
    expect(Object.values(olympus.options)).toContain('Super Admin');
    expect(Object.keys(bySuper.find((f: { name: string }) => f.name === 'companies').options)).toEqual(
      expect.arrayContaining([w.own.id, w.other.id]),
    );
  });

  it('GET /users/:id/edit: the user, and the fields filled in', async () => {
    const user = await createUser(db(), {
      companies: [w.own],
      role: 'system_user',
      systems: [{ name: 'Everest', role: 'manager' }],
      bypassSso: true,
    });
    const { data, fields } = (await admin.get(`/users/${user.id}/edit`)).json();
    expect(data.uuid).toBe(user.id);
    const values = Object.fromEntries(
      fields
        .flatMap((g: { fields: { name: string; value: unknown }[] }) => g.fields)
        .map((f: { name: string; value: unknown }) => [f.name, f.value]),
    );
    expect(values).toMatchObject({
      name: user.name,
      email: user.email,
      bypass_sso: true,
      disabled: false,
      reset_password: false,
      companies: [w.own.id],
      olympus_role_uuid: data.olympus_role_uuid,
      everest_role_uuid: everest.id,
      portal_role_uuid: '',
    });
  });
});
