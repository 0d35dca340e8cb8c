// Olympus roles and the permission catalogue: the super_admin role locked, unique names
// (409), known permissions only (422), roles in use kept (409), one transaction per write, audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createRole, createUser, tokenFor } from './factories';
import { apiAs, auditFor, count, createWorld, failInserts, type Api, type World } from './resources-fixtures';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';
import { groupPermissions } from '../../contract/permissionGroups';

/** Admin's built-in grants (in the API's order); a declared area's `defaults` may give it more (DEFAULT_GRANTS). */
const BUILT_IN_ADMIN_GRANTS = ['properties.*', 'reports.access', 'systems.redirect', 'units.*', 'users.*'];
/** The role editor's built-in groups in their order: the areas', then the connected systems' last. */
const BUILT_IN_GROUPS = ['Users', 'Companies', 'Properties', 'Units', 'Roles', 'Integrations', 'Reports', 'Audit'];

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /permissions on a database never seeded', () => {
  it('stores and answers the catalogue, wildcards included, in catalogue order', async () => {
    // A super_admin whose role holds no rows: the permission table stays empty until the call.
    await createRole(db(), 'Olympus', 'super_admin', []);
    const boss = await createUser(db(), { role: 'super_admin' });
    expect(await count(db(), sql`select count(*) as n from permissions`)).toBe(0);
    const res = await apiAs(t, await tokenFor(db(), boss.id), null).get('/permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: PERMISSIONS.map((p) => ({ name: p.name, label: p.label })) });
    expect(await count(db(), sql`select count(*) as n from permissions`)).toBe(PERMISSIONS.length);
  });
});

describe('roles', () => {
  let w: World;
  let sa: Api;
  beforeAll(async () => {
    w = await createWorld(db());
    sa = apiAs(t, w.headers.super_admin, w.own.id);
  });

  it('lists the Olympus roles with their permissions (not other systems’ roles)', async () => {
    await createRole(db(), 'Everest', 'manager');
    const res = await sa.get('/roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as { name: string; permissions: string[]; uuid: string; id: string; label: string }[];
    expect(roles.map((r) => r.name)).toEqual(['admin', 'super_admin', 'system_user']);
    // Its defaults: the built-in ones, and those of any declared area.
    expect(roles[0].permissions.filter((p) => BUILT_IN_ADMIN_GRANTS.includes(p))).toEqual(BUILT_IN_ADMIN_GRANTS);
    expect([...roles[0].permissions].sort()).toEqual([...DEFAULT_GRANTS.admin].sort());
    expect(roles[0]).toEqual({
      uuid: roles[0].id,
      id: roles[0].id,
      name: 'admin',
      label: 'Admin',
      permissions: roles[0].permissions,
      require_two_factor: false,
      version: 1,
    });
  });

  it('creates a role with its permissions and audits it', async () => {
    const res = await sa.post('/roles', {
      name: 'auditor',
      label: 'Auditor',
      permissions: ['users.view', 'reports.*', 'users.view'],
    });
    expect(res.statusCode).toBe(201);
    const role = res.json().data;
    expect(role).toEqual({
      message: 'The role has been created',
      uuid: role.id,
      id: role.id,
      name: 'auditor',
      label: 'Auditor',
      permissions: ['reports.*', 'users.view'],
      require_two_factor: false,
      version: 1,
    });
    const [row] = await auditFor(db(), role.id);
    expect(row).toMatchObject({
      action: 'role.created',
      actor_id: w.users.super_admin.id,
      changes: { name: { after: 'auditor' }, permissions: { after: ['reports.*', 'users.view'] } },
    });
    // A single permission is taken as a list of one.
    const one = await sa.post('/roles', { name: 'viewer', label: 'Viewer', permissions: 'users.view' });
    expect(one.json().data.permissions).toEqual(['users.view']);
  });

  it('refuses a duplicate name (409, whatever the case) and unknown permissions (422)', async () => {
    const dup = await sa.post('/roles', { name: 'ADMIN', label: 'Another admin' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'The role name has already been taken.',
      errors: { name: ['The role name has already been taken.'] },
    });
    const unknown = await sa.post('/roles', {
      name: 'odd',
      label: 'Odd',
      permissions: ['users.view', 'users.fly', 'nothing'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      permissions: ['The permission users.fly does not exist.', 'The permission nothing does not exist.'],
    });
    const missing = await sa.post('/roles', { permissions: [] });
    expect(missing.json().errors).toEqual({
      name: ['The name field is required.'],
      label: ['The label field is required.'],
    });
    const junk = await sa.post('/roles', { name: 'junk', label: 'Junk', permissions: [{ name: 'users.view' }] });
    expect(junk.statusCode).toBe(422);
  });

  it('updates name, label and the whole permission set in one go', async () => {
    const role = (
      await sa.post('/roles', { name: 'editor', label: 'Editor', permissions: ['users.view', 'units.view'] })
    ).json().data;
    const res = await sa.put(`/roles/${role.id}`, {
      name: 'content_editor',
      label: 'Content editor',
      permissions: ['units.*'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'The role has been updated',
      name: 'content_editor',
      label: 'Content editor',
      permissions: ['units.*'],
    });
    const rows = await auditFor(db(), role.id);
    expect(rows[1].changes).toEqual({
      name: { before: 'editor', after: 'content_editor' },
      label: { before: 'Editor', after: 'Content editor' },
      permissions: { before: ['units.view', 'users.view'], after: ['units.*'] },
      version: { before: 1, after: 2 },
    });
    // Without permissions in the body, they stay.
    expect((await sa.put(`/roles/${role.id}`, { label: 'Editor again' })).json().data.permissions).toEqual(['units.*']);
    const taken = await sa.put(`/roles/${role.id}`, { name: 'Auditor' });
    expect(taken.statusCode).toBe(409);
  });

  it('never changes or removes the super_admin role (403), but shows it read-only', async () => {
    const superRole = (await sa.get('/roles')).json().data.find((r: { name: string }) => r.name === 'super_admin');
    for (const res of [
      await sa.put(`/roles/${superRole.id}`, { label: 'Boss' }),
      await sa.delete(`/roles/${superRole.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'The super_admin role cannot be changed.' });
    }
    const edit = (await sa.get(`/roles/${superRole.id}/edit`)).json();
    expect(edit.data.name).toBe('super_admin');
    expect(
      edit.fields
        .flatMap((g: { fields: { disabled?: boolean }[] }) => g.fields)
        .every((f: { disabled?: boolean }) => f.disabled === true),
    ).toBe(true);
  });

  it('keeps the names of the built-in roles', async () => {
    const admin = (await sa.get('/roles')).json().data.find((r: { name: string }) => r.name === 'admin');
    const res = await sa.put(`/roles/${admin.id}`, { name: 'boss' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['The name of a built-in role cannot be changed.'] });
    expect(
      (await sa.put(`/roles/${admin.id}`, { label: 'Administrator', permissions: admin.permissions })).statusCode,
    ).toBe(200);
  });

  it('refuses to delete a role users still hold (409); deletes an unused one', async () => {
    const held = (await sa.post('/roles', { name: 'held', label: 'Held' })).json().data;
    const user = await createUser(db(), { companies: [w.own] });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) select ${user.id}, system_id, id from roles where id = ${held.id}`,
    );
    const res = await sa.delete(`/roles/${held.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This role is still given to users. Remove it from them first.' });
    await db().execute(sql`delete from user_systems where role_id = ${held.id}`);
    expect((await sa.delete(`/roles/${held.id}`)).json()).toEqual({ data: { message: 'The role has been deleted' } });
    expect((await sa.get(`/roles/${held.id}`)).statusCode).toBe(404);
  });

  it('leaves nothing behind when writing the permissions fails', async () => {
    const existing = (await sa.post('/roles', { name: 'editor_two', label: 'Two' })).json().data;
    // From here every permission row fails to insert: the last step of both writes below.
    const restore = await failInserts(db(), 'role_permissions');
    const res = await sa.post('/roles', { name: 'half_role', label: 'Half', permissions: ['users.view'] });
    const update = await sa.put(`/roles/${existing.id}`, { label: 'Changed', permissions: ['units.view'] });
    await restore();
    expect(res.statusCode).toBe(500);
    expect(await count(db(), sql`select count(*) as n from roles where name = 'half_role'`)).toBe(0);
    expect(
      await count(
        db(),
        sql`select count(*) as n from audit_log where action = 'role.created' and changes::text like '%half_role%'`,
      ),
    ).toBe(0);
    expect(update.statusCode).toBe(500);
    expect((await sa.get(`/roles/${existing.id}`)).json().data).toMatchObject({ label: 'Two', permissions: [] });
  });

  it('the role form: name and label, then one checkbox list per permission prefix', async () => {
    const { data, fields } = (await sa.get('/roles/create')).json();
    expect(data).toEqual({});
    const groups: string[] = fields.map((g: { group: string }) => g.group);
    // One group per prefix of the catalogue (a declared area's among them), in its order; the built-in ones fixed.
    expect(groups).toEqual(['Role', ...groupPermissions(PERMISSIONS).map((g) => g.title)]);
    expect(groups.filter((g) => BUILT_IN_GROUPS.includes(g))).toEqual(BUILT_IN_GROUPS);
    expect(groups.at(-1)).toBe('Systems');
    expect(fields[0].fields.map((f: { name: string; required: boolean }) => [f.name, f.required])).toEqual([
      ['name', true],
      ['label', true],
      ['require_two_factor', undefined],
    ]);
    expect(fields[1].fields).toEqual([
      {
        name: 'permissions',
        label: 'Users',
        type: 'checkbox',
        multiple: true,
        value: [],
        options: {
          'users.*': 'All user permissions',
          'users.view': 'View users',
          'users.create': 'Create users',
          'users.update': 'Update users',
          'users.delete': 'Delete users',
          'users.view_all': 'View users of every company',
        },
      },
    ]);
    const admin = (await sa.get('/roles')).json().data.find((r: { name: string }) => r.name === 'admin');
    const edit = (await sa.get(`/roles/${admin.id}/edit`)).json();
    const units = edit.fields.find((g: { group: string }) => g.group === 'Units').fields[0];
    expect(units.value).toEqual(['units.*']);
  });
});
