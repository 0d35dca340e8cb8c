// Granting more than you hold: nobody but a super_admin gives a role (in any system) or a permission
// they do not hold themselves, raises their own roles, or adds to a role what they lack; and a custom
// role holding companies.* or integrations.* reaches only its own companies. Each attack is sent as
// an attacker would (in parallel where it could race) and must change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createRole, createUser, tokenFor } from './factories';
import { apiAs, createWorld, unique, type Api, type World } from './resources-fixtures';
import { countWhere, giveSystemRole, roleFingerprint, rowsOf, userFingerprint } from './privilege-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
let viewer: string;
let manager: string;
const db = () => t.database.db;

/** A signed-in user of the own company holding a custom Olympus role with these grants. */
async function customCaller(grants: string[]): Promise<{ api: Api; user: { id: string }; role: { id: string } }> {
  const role = await createRole(db(), 'Olympus', unique('custom').toLowerCase(), grants);
  const user = await createUser(db(), { companies: [w.own] });
  await db().execute(
    sql`insert into user_systems (user_id, system_id, role_id) values (${user.id}, ${role.systemId}, ${role.id})`,
  );
  return { api: apiAs(t, await tokenFor(db(), user.id), w.own.id), user, role };
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  manager = (await createRole(db(), 'Everest', 'manager')).id;
  viewer = await giveSystemRole(db(), w.users.admin.id, 'Everest', 'viewer');
  admin = apiAs(t, w.headers.admin, w.own.id);
});
afterAll(() => t.close());

const email = () => `${unique('granted').toLowerCase()}@example.test`;
const usersNamed = (name: string) => countWhere(db(), sql`select count(*) as n from users where name = ${name}`);

describe('system roles', () => {
  it('an admin cannot raise their own Everest role (the reported hand-off to "manager"), even in parallel', async () => {
    const before = await userFingerprint(db(), w.users.admin.id);
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.put(`/users/${w.users.admin.id}`, { everest_role_uuid: manager })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        message: 'You can only give roles you hold yourself.',
        errors: { everest_role_uuid: ['You can only give roles you hold yourself.'] },
      });
    }
    expect(await userFingerprint(db(), w.users.admin.id)).toEqual(before);
  });

  it('nor give it to someone else, on create or update; the role they hold themselves is fine', async () => {
    const name = unique('Granted');
    expect((await admin.post('/users', { name, email: email(), everest_role_uuid: manager })).statusCode).toBe(403);
    expect(await usersNamed(name)).toBe(0);
    const target = await createUser(db(), { companies: [w.own] });
    const before = await userFingerprint(db(), target.id);
    expect((await admin.put(`/users/${target.id}`, { everest_role_uuid: manager })).statusCode).toBe(403);
    expect(await userFingerprint(db(), target.id)).toEqual(before);
    expect((await admin.put(`/users/${target.id}`, { everest_role_uuid: viewer })).json().data.everest_role_uuid).toBe(
      viewer,
    );
  });
});

describe('Olympus roles', () => {
  it('an admin gives only roles whose permissions they hold', async () => {
    const roleEditor = await createRole(db(), 'Olympus', unique('role_editor').toLowerCase(), ['roles.*']);
    const name = unique('Granted');
    const res = await admin.post('/users', { name, email: email(), olympus_role_uuid: roleEditor.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ olympus_role_uuid: ['You can only give roles you hold yourself.'] });
    expect(await usersNamed(name)).toBe(0);
    const adminRole = await createRole(db(), 'Olympus', 'admin');
    expect((await admin.post('/users', { name, email: email(), olympus_role_uuid: adminRole.id })).statusCode).toBe(
      201,
    );
  });

  it('a user manager without systems.redirect cannot give system_user', async () => {
    const { api } = await customCaller(['users.*']);
    const systemUser = await createRole(db(), 'Olympus', 'system_user');
    const name = unique('Granted');
    expect((await api.post('/users', { name, email: email(), olympus_role_uuid: systemUser.id })).statusCode).toBe(403);
    expect(await usersNamed(name)).toBe(0);
  });

  it('the user form offers only what the caller may give', async () => {
    const fields = (await admin.get('/users/create'))
      .json()
      .fields.flatMap((g: { fields: { name: string; options?: object }[] }) => g.fields);
    const options = (name: string) => Object.keys(fields.find((f: { name: string }) => f.name === name).options);
    expect(options('everest_role_uuid')).toEqual(['', viewer]);
    const offered = options('olympus_role_uuid');
    const named = async (like: string) =>
      (
        await rowsOf<{ id: string }>(
          db(),
          sql`select r.id from roles r join systems s on s.id = r.system_id where s.name = 'Olympus' and r.name like ${like}`,
        )
      ).map((r) => r.id);
    expect(offered).toEqual(expect.arrayContaining(['', ...(await named('admin')), ...(await named('system_user'))]));
    for (const id of [...(await named('super_admin')), ...(await named('role_editor%'))])
      expect(offered).not.toContain(id);
  });
});

describe('the role editor', () => {
  it('creates roles only from permissions they hold (users.* covers users.view, not the other way round)', async () => {
    const { api } = await customCaller(['roles.*', 'users.view']);
    for (const permissions of [['users.*'], ['users.view', 'companies.view'], ['roles.*', 'integrations.update']]) {
      const name = unique('sneaky').toLowerCase();
      const answers = await Promise.all(
        [1, 2].map((i) => api.post('/roles', { name: `${name}-${i}`, label: name, permissions })),
      );
      for (const res of answers) {
        expect(res.statusCode, permissions.join()).toBe(403);
        expect(res.json().message).toBe('You can only grant permissions you hold yourself.');
      }
      expect(await countWhere(db(), sql`select count(*) as n from roles where name like ${name + '%'}`)).toBe(0);
    }
    expect(
      (
        await api.post('/roles', {
          name: unique('fine').toLowerCase(),
          label: 'Fine',
          permissions: ['users.view', 'roles.view'],
        })
      ).statusCode,
    ).toBe(201);
  });

  it('cannot add to a role what they lack, nor change a role that grants more than they hold', async () => {
    const { api, role: own } = await customCaller(['roles.*', 'users.view']);
    const small = await createRole(db(), 'Olympus', unique('small').toLowerCase(), ['users.view']);
    const big = await createRole(db(), 'Olympus', unique('big').toLowerCase(), ['companies.*']);
    const cases: [string, Record<string, unknown>, string][] = [
      [small.id, { permissions: ['users.view', 'users.delete'] }, 'You can only grant permissions you hold yourself.'],
      [own.id, { permissions: ['roles.*', 'users.*'] }, 'You can only grant permissions you hold yourself.'],
      [big.id, { label: 'Renamed' }, 'You cannot change a role that grants permissions you do not hold.'],
    ];
    for (const [id, body, message] of cases) {
      const before = await roleFingerprint(db(), id);
      const res = await api.put(`/roles/${id}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(message);
      expect(await roleFingerprint(db(), id)).toEqual(before);
    }
    const before = await roleFingerprint(db(), big.id);
    expect((await api.delete(`/roles/${big.id}`)).statusCode).toBe(403);
    expect(await roleFingerprint(db(), big.id)).toEqual(before);
    expect(
      (await api.put(`/roles/${small.id}`, { label: 'Small', permissions: ['users.view', 'roles.view'] })).statusCode,
    ).toBe(200);
  });

  it('the role forms offer only the permissions they hold', async () => {
    const { api } = await customCaller(['roles.*', 'users.view']);
    const offered = (await api.get('/roles/create'))
      .json()
      .fields.flatMap((g: { fields: { name: string; options?: Record<string, string> }[] }) =>
        g.fields.filter((f) => f.name === 'permissions').flatMap((f) => Object.keys(f.options ?? {})),
      );
    expect(offered.sort()).toEqual([
      'roles.*',
      'roles.create',
      'roles.delete',
      'roles.update',
      'roles.view',
      'users.view',
    ]);
  });
});

describe('custom roles holding companies.* and integrations.*', () => {
  it('reach only their own companies; creating one they could not reach is refused', async () => {
    const { api } = await customCaller(['companies.*', 'integrations.*']);
    const list = (await api.get('/companies')).json().data.map((c: { uuid: string }) => c.uuid);
    expect(list).toEqual([w.own.id]);
    const before = await countWhere(db(), sql`select count(*) as n from companies`);
    const otherName = await countWhere(db(), sql`select count(*) as n from companies where name = 'Other Estates'`);
    for (const [method, url, body] of [
      ['GET', `/companies/${w.other.id}`, undefined],
      ['GET', `/companies/${w.other.id}/edit`, undefined],
      ['PUT', `/companies/${w.other.id}`, { name: 'Taken Over' }],
      ['DELETE', `/companies/${w.other.id}`, undefined],
      ['GET', `/company/${w.other.id}/integrations`, undefined],
      ['GET', `/companies/${w.other.id}/integrations/accounting/edit`, undefined],
      ['PUT', `/companies/${w.other.id}/integrations/accounting`, { tenant_id: 'T-evil' }],
    ] as const) {
      expect((await api.request(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await countWhere(db(), sql`select count(*) as n from companies where name = 'Other Estates'`)).toBe(
      otherName,
    );
    expect(
      await countWhere(db(), sql`select count(*) as n from integration_settings where company_id = ${w.other.id}`),
    ).toBe(0);
    const created = await api.post('/companies', { name: unique('Mine') });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('Only a super admin can create a company.');
    expect(await countWhere(db(), sql`select count(*) as n from companies`)).toBe(before);
    // Their own company works as before.
    expect((await api.put(`/companies/${w.own.id}`, { name: 'Own Lettings' })).statusCode).toBe(200);
    expect((await api.get(`/companies/${w.own.id}/integrations/accounting/edit`)).statusCode).toBe(200);
  });
});
