// A resource that brings its own area (docs/resources.md "A new area"): declared in one file and
// registered with one line — here README's contractors joins the registry and the generated tables
// module as `npm run db:generate` would write them, unless the registry declares contractors itself
// (a newcomer following README for real): then the registry's own is the one tested — it gets its
// permissions in the database at start, the built-in roles their declared defaults, a navigation item,
// its route rules and tenancy, an optional reference whose referenced record's delete is refused with
// the derived 409, and an administrator can grant the area on an existing database at once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, count, createProperty, createWorld, type World } from './resources-fixtures';
import { createUser, tokenFor } from './factories';
import { syncCatalogue } from '../../server/permissions/catalogue';
import { createDerivedTables } from '../support/derived-table-sql';
import { addedTables, declared } from '../support/fixture-registry';
import * as declaredTables from '../../server/db/declaredTables';
import { DECLARED_RESOURCES } from '../../contract/resources';
import { AREA, areaForPath, areaKeyOfResource } from '../../contract/access';
import { DEFAULT_GRANTS, PERMISSIONS } from '../../contract/permissions';
import { visibleNavItems } from '../../src/layout/navItems';
import { declaredFixtures } from './declared-fixtures';
import { authorizationMatrix, mismatchesOf, type Caller } from './authz-attack';
import { attackWrites, CALLERS, declaredWriteExpectations, privilegeContext } from './privilege-attack';
import { routeTable, type RouteEntry } from '../../server/http/routeAccess';

// Its one registration line, as the registry would hold it (unless the registry holds contractors already).
vi.mock('../../contract/resources', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../contract/resources')>();
  const { contractorResource: contractors } = await import('../support/contractor-declaration');
  const { withFixtures } = await import('../support/fixture-registry');
  return { ...real, DECLARED_RESOURCES: withFixtures(real.DECLARED_RESOURCES, contractors) };
});
// Its table, as `npm run db:generate` derives it (scripts/db-generate.ts writes this very line), added to
// the real generated module (whose own contractors, if any, stays).
vi.mock('../../server/db/declaredTables', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const { declaredTable } = await import('../../server/db/declaredTable');
  const { companies, properties } = await import('../../server/db/schema');
  const { contractorResource: contractors } = await import('../support/contractor-declaration');
  const { withFixtureTables } = await import('../support/fixture-registry');
  return withFixtureTables(real, {
    contractors: declaredTable(contractors, { companies: () => companies.id, refs: { properties: () => properties } }),
  });
});

/** README's contractors: the test tree's, or the registry's own once a newcomer has declared it for real. */
const contractorResource = declared(DECLARED_RESOURCES, 'contractors');
/** The built-in navigation items in their order (SPEC's six, then the audit log). */
const BUILT_IN_NAV = ['home', 'users', 'roles', 'properties', 'companies', 'reports', 'audit'];

let t: TestApp;
let w: World;
const db = () => t.database.db;
const grantsOf = async (role: string) =>
  (
    (await db().execute(sql`
      select rp.permission from role_permissions rp join roles r on r.id = rp.role_id join systems s on s.id = r.system_id
      where s.name = 'Olympus' and r.name = ${role} order by 1`)) as unknown as { rows: { permission: string }[] }
  ).rows.map((r) => r.permission);

beforeAll(async () => {
  t = await createTestApp();
  // Only the tables the test adds: those of the real generated module come with its migrations.
  await createDerivedTables(
    db(),
    addedTables(declaredTables, await vi.importActual<Record<string, unknown>>('../../server/db/declaredTables')),
  );
  // What every start does (server/main.ts): the catalogue, the new area's permissions among it.
  await syncCatalogue(db());
  w = await createWorld(db());
});
afterAll(() => t.close());

// The registry's own contractors in a built-in area (README's `area: 'properties'`) brings no area to test here;
// tests/unit/declared-area-throwaway.test.ts checks a new area whatever the registry holds.
describe.runIf(typeof contractorResource.area !== 'string')('an area declared with its resource', () => {
  it('is an area like the built-in ones: its path, navigation item after Properties, barred roles and permission rows', () => {
    expect(AREA.contractors).toMatchObject({
      key: 'contractors',
      path: '/dashboard/contractor',
      nav: 'resources.contractor.list.title',
      navOrder: 45,
      barred: ['system_user'],
    });
    expect(areaForPath('/dashboard/contractor/12/edit')?.key).toBe('contractors');
    expect(areaKeyOfResource('contractor')).toBe('contractors');
    expect(PERMISSIONS.filter((p) => p.name.startsWith('contractors.'))).toEqual([
      { name: 'contractors.*', label: 'All contractor permissions' },
      { name: 'contractors.view', label: 'View contractors' },
      { name: 'contractors.create', label: 'Create contractors' },
      { name: 'contractors.update', label: 'Update contractors' },
      { name: 'contractors.delete', label: 'Delete contractors' },
    ]);
    // The built-in items in their order with contractors after Properties (other declared items may stand between).
    const nav = (role: string | null, permissions: string[] = []) =>
      visibleNavItems({ role, permissions })
        .map((a) => a.key)
        .filter((k) => BUILT_IN_NAV.includes(k) || k === 'contractors');
    expect(nav('super_admin')).toEqual([
      'home',
      'users',
      'roles',
      'properties',
      'contractors',
      'companies',
      'reports',
      'audit',
    ]);
    expect(nav('admin')).toEqual(['home', 'users', 'properties', 'contractors']);
    expect(nav('system_user')).toEqual([]);
  });

  it('is written to the database at start with the declared defaults: super_admin all, admin view and create', async () => {
    const stored = (await db().execute(
      sql`select name from permissions where name like 'contractors.%' order by name`,
    )) as unknown as { rows: { name: string }[] };
    expect(stored.rows.map((r) => r.name)).toEqual([
      'contractors.*',
      'contractors.create',
      'contractors.delete',
      'contractors.update',
      'contractors.view',
    ]);
    expect(await grantsOf('super_admin')).toContain('contractors.*');
    expect((await grantsOf('admin')).filter((g) => g.startsWith('contractors.'))).toEqual([
      'contractors.create',
      'contractors.view',
    ]);
    expect((await grantsOf('system_user')).filter((g) => g.startsWith('contractors.'))).toEqual([]);
    expect(DEFAULT_GRANTS.admin).toEqual(expect.arrayContaining(['contractors.view', 'contractors.create']));
  });

  it('holds its rules on the server: admin lists and creates but may not change or remove; system_user and a role without it are refused', async () => {
    const admin = apiAs(t, w.headers.admin, w.own.id);
    const made = await admin.post('/contractors', {
      name: 'Sparks Electrical',
      phone: '020 7946 0958',
      email: 'office@sparks.test',
      insured_until: '2027-03-31',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;
    expect((await admin.get('/contractors')).json().data.map((r: { name: string }) => r.name)).toEqual([
      'Sparks Electrical',
    ]);
    const change = await admin.put(`/contractors/${id}`, { name: 'Renamed' });
    expect(change.statusCode).toBe(403);
    expect((await admin.delete(`/contractors/${id}`)).statusCode).toBe(403);
    for (const role of ['system_user', 'none'] as const) {
      const them = apiAs(t, w.headers[role], w.own.id);
      expect((await them.get('/contractors')).statusCode, role).toBe(403);
      expect((await them.post('/contractors', { name: 'Sneaky' })).statusCode, role).toBe(403);
    }
    // Nothing changed by the refused calls.
    expect(await count(db(), sql`select count(*) as n from contractors where name = 'Sparks Electrical'`)).toBe(1);
    expect(await count(db(), sql`select count(*) as n from contractors`)).toBe(1);
  });

  it('keeps each company to its own: another company is 404, and a reference to its property is refused', async () => {
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    const theirs = await apiAs(t, w.headers.super_admin, w.other.id).post('/contractors', { name: 'Their Plumber' });
    expect(theirs.statusCode).toBe(201);
    const theirId = theirs.json().data.id as string;
    expect((await sa.get(`/contractors/${theirId}`)).statusCode).toBe(404);
    expect((await sa.put(`/contractors/${theirId}`, { name: 'Taken over' })).statusCode).toBe(404);
    const theirProperty = await createProperty(db(), w.other.id);
    const refused = await sa.post('/contractors', { name: 'Cross wired', property_id: theirProperty.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('property_id');
    expect(
      await count(db(), sql`select count(*) as n from contractors where name in ('Taken over', 'Cross wired')`),
    ).toBe(0);
  });

  it('has an optional reference: empty reads back as null; deleting the referenced property answers 409 naming the dependents', async () => {
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    const loose = await sa.post('/contractors', { name: 'No Property Ltd' });
    expect(loose.statusCode).toBe(201);
    expect(loose.json().data).toMatchObject({ property_id: null, property: null, active: true });
    const property = await createProperty(db(), w.own.id, { name: 'Harbour View' });
    for (const name of ['Roofers One', 'Roofers Two'])
      expect((await sa.post('/contractors', { name, property_id: property.id })).statusCode).toBe(201);
    const removal = await sa.delete(`/properties/${property.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe('This property is used by 2 contractors.');
    expect(await count(db(), sql`select count(*) as n from properties where id = ${property.id}`)).toBe(1);
  });

  it('is attacked by the security suites with the rules of its own area, no fixture written for it', async () => {
    const fx = declaredFixtures([contractorResource]);
    expect(fx.areas).toEqual({ contractors: 'contractors' });
    const ctx = { t, w, fx };
    const routes = routeTable(t.app).filter((r) => fx.covers(r.url));
    // The seven routes, the history's two, the trash's three (its list, restore and `?purge=true`), the bulk change and
    // the import's two
    // (its template and its file).
    expect(routes).toHaveLength(15);
    const cases = await authorizationMatrix(ctx).attack(routes);
    expect(mismatchesOf(cases)).toEqual([]);
    const key = (r: RouteEntry) => `${r.method} ${r.url}`;
    const answers = (caller: Caller) =>
      Object.fromEntries(
        cases.filter((k) => k.caller === caller && k.variant === 'own').map((k) => [key(k.route), k.got]),
      );
    // Admin holds view and create only (its declared defaults).
    expect(answers('admin')).toMatchObject({
      'GET /api/v1/contractors': 200,
      'POST /api/v1/contractors': 201,
      'PUT /api/v1/contractors/:id': 403,
      'DELETE /api/v1/contractors/:id': 403,
    });
    expect(new Set(Object.values(answers('system_user')))).toEqual(new Set([403]));

    const p = await privilegeContext(ctx);
    const expectations = declaredWriteExpectations(p);
    const outcomes = [];
    for (const caller of CALLERS)
      outcomes.push(
        ...(await attackWrites(
          p,
          caller,
          routes.filter((r) => r.method !== 'GET'),
          (r) => expectations[key(r)],
        )),
      );
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.flatMap((o) => o.problems)).toEqual([]);
  });

  it('can be granted at once on an existing database whose roles predate it', async () => {
    // A database from before the area: its permissions and grants gone, as on the day it is deployed.
    await db().execute(sql`delete from permissions where name like 'contractors.%'`);
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    const made = await sa.post('/roles', { name: 'site_manager', label: 'Site manager', permissions: ['users.view'] });
    expect(made.statusCode).toBe(201);
    const roleId = made.json().data.id as string;
    const early = await sa.put(`/roles/${roleId}`, {
      name: 'site_manager',
      label: 'Site manager',
      permissions: ['users.view', 'contractors.view'],
    });
    expect(early.statusCode).toBe(422);

    await syncCatalogue(db());
    const granted = await sa.put(`/roles/${roleId}`, {
      name: 'site_manager',
      label: 'Site manager',
      permissions: ['users.view', 'contractors.view'],
    });
    expect(granted.statusCode).toBe(200);
    const manager = await createUser(db(), { role: null, companies: [w.own] });
    await db().execute(
      sql`insert into user_systems (user_id, system_id, role_id) select ${manager.id}, system_id, id from roles where id = ${roleId}`,
    );
    const asManager = apiAs(t, await tokenFor(db(), manager.id), w.own.id);
    const seen = await asManager.get('/contractors');
    expect(seen.statusCode).toBe(200);
    expect((await asManager.post('/contractors', { name: 'Not allowed' })).statusCode).toBe(403);
  });
});
