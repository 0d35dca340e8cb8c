// The permission catalogue written at start (server/permissions/catalogue.ts): an area's permissions
// reach an existing database and can be granted at once; the built-in roles get an area's declared
// defaults when its permissions first appear, and a grant an administrator took away stays away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createUser, tokenFor } from './factories';
import { apiAs } from './resources-fixtures';
import { syncCatalogue } from '../../server/permissions/catalogue';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';
import { AREA } from '../../contract/access';

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function builtInGrants(): Promise<Record<string, string[]>> {
  const rows = await db().execute(sql`
    select r.name as role, coalesce(array_agg(rp.permission order by rp.permission) filter (where rp.permission is not null), '{}') as grants
    from roles r join systems s on s.id = r.system_id left join role_permissions rp on rp.role_id = r.id
    where s.name = 'Olympus' and r.name in ('super_admin', 'admin', 'system_user') group by r.name`);
  return Object.fromEntries(
    (rows as unknown as { rows: { role: string; grants: string[] }[] }).rows.map((r) => [r.role, r.grants]),
  );
}
const storedNames = async () =>
  (
    (await db().execute(sql`select name from permissions order by name`)) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
const sorted = (list: readonly string[]) => [...list].sort();

/** The permissions an area's declaration adds (contract/access.ts `grants`). */
const unitPermissions = PERMISSIONS.filter((p) => p.name.startsWith('units.')).map((p) => p.name);

describe('the permission catalogue at start', () => {
  it('on a new database: every permission, the Olympus system and its built-in roles with their declared defaults; a second start changes nothing', async () => {
    const first = await syncCatalogue(db());
    expect(sorted(first.added)).toEqual(sorted(PERMISSIONS.map((p) => p.name)));
    expect(await storedNames()).toEqual(sorted(PERMISSIONS.map((p) => p.name)));
    expect(await builtInGrants()).toEqual({
      super_admin: sorted(DEFAULT_GRANTS.super_admin),
      admin: sorted(DEFAULT_GRANTS.admin),
      system_user: sorted(DEFAULT_GRANTS.system_user),
    });
    const again = await syncCatalogue(db());
    expect(again).toMatchObject({ added: [], relabelled: [], roleIds: first.roleIds, systemId: first.systemId });
  });

  it('an area new to an existing database: its permissions are written, the built-in roles get its defaults, and a role can be granted it at once', async () => {
    await syncCatalogue(db());
    const company = await createCompany(db());
    const boss = await createUser(db(), { role: 'super_admin', companies: [company] });
    const sa = apiAs(t, await tokenFor(db(), boss.id), company.id);
    const auditor = await sa.post('/roles', { name: 'auditor', label: 'Auditor', permissions: ['users.view'] });
    expect(auditor.statusCode).toBe(201);
    const auditorId = auditor.json().data.id as string;

    // A database from before the units area existed.
    await db().execute(sql`delete from permissions where name like 'units.%'`);
    const refused = await sa.put(`/roles/${auditorId}`, {
      name: 'auditor',
      label: 'Auditor',
      permissions: ['users.view', 'units.view'],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ permissions: ['The permission units.view does not exist.'] });

    const synced = await syncCatalogue(db());
    expect(sorted(synced.added)).toEqual(sorted(unitPermissions));
    const grants = await builtInGrants();
    // Exactly the area's declared defaults came back to each built-in role.
    for (const role of ['super_admin', 'admin', 'system_user'] as const) {
      expect(
        grants[role].filter((g) => g.startsWith('units.')),
        role,
      ).toEqual(sorted(AREA.units.grants?.defaults?.[role] ?? []));
    }
    const granted = await sa.put(`/roles/${auditorId}`, {
      name: 'auditor',
      label: 'Auditor',
      permissions: ['users.view', 'units.view'],
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().data.permissions).toEqual(['units.view', 'users.view']);
    // Granted to a custom role only by an administrator: the defaults name built-in roles only.
    expect((await sa.get(`/roles/${auditorId}`)).json().data.permissions).toEqual(['units.view', 'users.view']);
  });

  it('never puts back a default an administrator took away, nor takes away one they gave', async () => {
    const { roleIds } = await syncCatalogue(db());
    await db().execute(
      sql`delete from role_permissions where role_id = ${roleIds.admin} and permission = 'properties.*'`,
    );
    await db().execute(
      sql`insert into role_permissions (role_id, permission) values (${roleIds.system_user}, 'reports.access') on conflict do nothing`,
    );
    await syncCatalogue(db());
    const grants = await builtInGrants();
    expect(grants.admin).not.toContain('properties.*');
    expect(grants.system_user).toContain('reports.access');
  });

  it('brings a stored label in line with the declaration', async () => {
    await syncCatalogue(db());
    await db().execute(sql`update permissions set label = 'Old words' where name = 'users.view'`);
    const synced = await syncCatalogue(db());
    expect(synced.relabelled).toEqual(['users.view']);
    const label = await db().execute(sql`select label from permissions where name = 'users.view'`);
    expect((label as unknown as { rows: { label: string }[] }).rows[0].label).toBe(
      PERMISSIONS.find((p) => p.name === 'users.view')?.label,
    );
  });

  it('instances starting at once write a new area once: one of them adds it, the grants are there once', async () => {
    await syncCatalogue(db());
    await db().execute(sql`delete from permissions where name like 'units.%'`);
    const results = await Promise.all(Array.from({ length: 4 }, () => syncCatalogue(db())));
    expect(results.filter((r) => r.added.length > 0)).toHaveLength(1);
    const grants = await builtInGrants();
    expect(grants.super_admin.filter((g) => g === 'units.*')).toEqual(['units.*']);
    expect(await storedNames()).toEqual(sorted(PERMISSIONS.map((p) => p.name)));
  });
});
