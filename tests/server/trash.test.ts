// The trash of the declared resources (docs/resources.md "Trash"): a delete keeps the row, hidden from
// every read (lists, searches, counts, whole lists, reads, edit forms, sub-lists, reference selects
// and checks, report data); the trash lists it with who and when; a restore is checked like a create;
// a super admin's purge deletes for good; the server purges past OLYMPUS_TRASH_DAYS once across
// instances, dependents first. Users are deleted for good.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { purgeTrash, TRASH_PURGE_JOB } from '../../server/crud/purge';
import { portfolio } from '../../server/reports/portfolio';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createUser, tokenFor } from './factories';
import {
  apiAs,
  auditFor,
  count,
  createProperty,
  createUnit,
  createWorld,
  unique,
  type Api,
  type World,
} from './resources-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
let sa: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

const row = async (table: string, id: string) =>
  (
    (await db().execute(
      sql`select to_jsonb(r) as row from ${sql.identifier(table)} r where id = ${id}`,
    )) as unknown as { rows: { row: Record<string, unknown> }[] }
  ).rows[0]?.row ?? null;
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);

describe('a delete moves the record to the trash', () => {
  it('says what it always said, keeps the row with who and when, and audits the delete', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    const res = await admin.delete(`/units/${unit.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'The unit has been deleted' } });
    const kept = await row('units', unit.id);
    expect(kept).toMatchObject({ id: unit.id, deleted_by: w.users.admin.id });
    expect(kept?.deleted_at).toEqual(expect.any(String));
    const audits = await auditFor(db(), unit.id);
    expect(audits.at(-1)).toMatchObject({
      action: 'unit.deleted',
      actor_id: w.users.admin.id,
      detail: { trash: true },
    });
  });

  it('hides it from every read: list, search, count, whole list, filters, one, edit, sub-lists, selects, references and report data', async () => {
    const home = await createProperty(db(), w.own.id, { name: unique('Hidden Block') });
    const kept = await createUnit(db(), home, { name: unique('Keep'), unitStatus: 'Let' });
    const gone = await createUnit(db(), home, { name: unique('Gone'), unitStatus: 'Let' });
    const before = await portfolio(db(), w.own.id);
    expect((await admin.delete(`/units/${gone.id}`)).statusCode).toBe(200);

    expect(ids(await admin.get('/units'))).not.toContain(gone.id);
    expect(ids(await admin.get('/units'))).toContain(kept.id);
    const searched = await admin.get(`/units?q=${encodeURIComponent(gone.name)}&page=1&per_page=10`);
    expect(searched.json()).toMatchObject({ data: [], meta: { total: 0 } });
    const filtered = await admin.get(`/units?property_id=${home.id}&page=1&per_page=10`);
    expect(ids(filtered)).toEqual([kept.id]);
    expect(filtered.json().meta.total).toBe(1);
    expect((await admin.get(`/units/${gone.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/units/${gone.id}/edit`)).statusCode).toBe(404);
    expect((await admin.request('PUT', `/units/${gone.id}`, { name: 'Back' })).statusCode).toBe(404);
    expect((await admin.delete(`/units/${gone.id}`)).statusCode).toBe(404);
    const edit = await admin.get(`/properties/${home.id}/edit`);
    expect(edit.json().data.units.map((u: { id: string }) => u.id)).toEqual([kept.id]);
    expect(edit.json().data.units_total).toBe(1);
    const after = await portfolio(db(), w.own.id);
    expect(after.totals.units).toBe(before.totals.units - 1);

    // A property in the trash: no list, no select option, no reference, no report bar.
    expect((await admin.delete(`/units/${kept.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/properties/${home.id}`)).statusCode).toBe(200);
    expect(ids(await admin.get('/properties'))).not.toContain(home.id);
    const company = (await sa.get(`/companies/${w.own.id}/edit`)).json().data;
    expect(company.properties.map((p: { id: string }) => p.id)).not.toContain(home.id);
    const form = await admin.get('/units/create');
    const options = form
      .json()
      .fields.flatMap((g: { fields: { name: string; options?: Record<string, string> }[] }) => g.fields)
      .find((f: { name: string }) => f.name === 'property_id').options;
    expect(Object.keys(options)).not.toContain(home.id);
    const refused = await admin.post('/units', { name: 'New', property_id: home.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ property_id: ['The selected property is invalid.'] });
    expect((await portfolio(db(), w.own.id)).charts.find((c) => c.id === 'units_by_status')).not.toMatchObject({
      categories: expect.arrayContaining([home.name]),
    });
  });

  it('keeps the If-Match check: a stale version answers 409 and nothing moves', async () => {
    const unit = await createUnit(db(), await createProperty(db(), w.own.id));
    await db().execute(sql`update units set version = 3 where id = ${unit.id}`);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/units/${unit.id}`,
      headers: { ...w.headers.admin, 'x-tenant': w.own.id, 'if-match': '"1"' },
    });
    expect(res.statusCode).toBe(409);
    expect((await row('units', unit.id))?.deleted_at).toBeNull();
  });

  it('still refuses a delete live records depend on; records in the trash do not count', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    const refused = await admin.delete(`/properties/${home.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This property still has units. Remove them first.');
    expect((await admin.delete(`/units/${unit.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/properties/${home.id}`)).statusCode).toBe(200);
  });
});

describe('the trash list', () => {
  it('lists the tenant’s deleted records, newest first, with who and when; never another company’s', async () => {
    const home = await createProperty(db(), w.own.id);
    const first = await createUnit(db(), home, { name: unique('First') });
    const second = await createUnit(db(), home, { name: unique('Second') });
    const theirs = await createUnit(db(), await createProperty(db(), w.other.id));
    await admin.delete(`/units/${first.id}`);
    await sa.delete(`/units/${second.id}`);
    await apiAs(t, w.headers.super_admin, w.other.id).delete(`/units/${theirs.id}`);
    const res = await admin.get('/units/trash?per_page=100');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      id: string;
      deleted_at: string;
      deleted_by: { id: string; name: string } | null;
      property: { uuid: string };
    }[];
    expect(data.map((r) => r.id)).not.toContain(theirs.id);
    const mine = data.filter((r) => r.id === first.id || r.id === second.id);
    expect(mine.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({ deleted_by: { id: w.users.super_admin.id }, property: { uuid: home.id } });
    expect(mine[1].deleted_by?.id).toBe(w.users.admin.id);
    expect(res.json().meta.total).toBe(data.length);
    // Another company's record: 404 from the restore, and its history is not reachable.
    expect((await admin.post(`/units/${theirs.id}/restore`)).statusCode).toBe(404);
    expect((await admin.get(`/units/${theirs.id}/history`)).statusCode).toBe(404);
    expect((await apiAs(t, w.headers.admin, w.other.id).get('/units/trash')).statusCode).toBe(403);
  });

  it('is open to whoever may delete the resource, and pages', async () => {
    expect((await apiAs(t, w.headers.system_user, w.own.id).get('/units/trash')).statusCode).toBe(403);
    const paged = await admin.get('/units/trash?page=1&per_page=1');
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta.total).toBeGreaterThan(1);
    expect((await admin.get('/units/trash?per_page=101')).statusCode).toBe(422);
  });
});

describe('restore', () => {
  it('brings the record back whole, audited as restored, and the history shows the delete and the restore', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home, {
      name: unique('Back'),
      bedrooms: 3,
      furnished: true,
      description: 'Top floor',
    });
    const shown = (await admin.get(`/units/${unit.id}`)).json().data;
    await admin.delete(`/units/${unit.id}`);
    const history = await admin.get(`/units/${unit.id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({ kind: 'deleted', current: true });
    const res = await admin.post(`/units/${unit.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ message: 'The unit has been restored', ...shown });
    expect((await admin.get(`/units/${unit.id}`)).json().data).toEqual(shown);
    expect(await row('units', unit.id)).toMatchObject({ deleted_at: null, deleted_by: null });
    expect((await auditFor(db(), unit.id)).at(-1)).toMatchObject({
      action: 'unit.restored',
      actor_id: w.users.admin.id,
      tenant_id: w.own.id,
      changes: null,
    });
    const again = (await admin.get(`/units/${unit.id}/history`)).json().data;
    expect(again.map((e: { kind: string }) => e.kind).slice(0, 2)).toEqual(['restored', 'deleted']);
    // Not in the trash any more: a second restore is 404.
    expect((await admin.post(`/units/${unit.id}/restore`)).json()).toEqual({ message: 'Unit not found in the trash.' });
  });

  it('is refused while the property it belongs to is in the trash (422), and changes nothing', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    await admin.delete(`/units/${unit.id}`);
    await admin.delete(`/properties/${home.id}`);
    const audits = (await auditFor(db(), unit.id)).length;
    const res = await admin.post(`/units/${unit.id}/restore`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The selected property is invalid.',
      errors: { property_id: ['The selected property is invalid.'] },
    });
    expect((await row('units', unit.id))?.deleted_at).not.toBeNull();
    expect(await auditFor(db(), unit.id)).toHaveLength(audits);
    // The property first, then the unit.
    expect((await admin.post(`/properties/${home.id}/restore`)).statusCode).toBe(200);
    expect((await admin.post(`/units/${unit.id}/restore`)).statusCode).toBe(200);
  });

  it('is refused when a live record now holds its unique name or slug (409, never a 500)', async () => {
    const slug = unique('wharf').toLowerCase();
    const first = await createProperty(db(), w.own.id, { slug });
    await admin.delete(`/properties/${first.id}`);
    // The trash holds no slug: a new property may take it.
    const second = await admin.post('/properties', {
      name: 'Wharf House',
      slug,
      address_line_1: '1 Quay',
      city: 'Hull',
      postcode: 'HU1 1AA',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.slug).toBe(slug);
    const res = await admin.post(`/properties/${first.id}/restore`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The slug has already been taken.');
    expect((await row('properties', first.id))?.deleted_at).not.toBeNull();

    const name = unique('clerk').toLowerCase();
    const role = await createRole(db(), 'Olympus', name, ['users.view']);
    expect((await sa.delete(`/roles/${role.id}`)).statusCode).toBe(200);
    expect((await sa.post('/roles', { name, label: 'Clerk', permissions: ['users.view'] })).statusCode).toBe(201);
    const taken = await sa.post(`/roles/${role.id}/restore`);
    expect(taken.statusCode).toBe(409);
    expect((await row('roles', role.id))?.deleted_at).not.toBeNull();
  });
});

describe('delete forever', () => {
  it('is a super admin’s only: anyone else 403 and nothing changes', async () => {
    const unit = await createUnit(db(), await createProperty(db(), w.own.id));
    await admin.delete(`/units/${unit.id}`);
    const before = await row('units', unit.id);
    const res = await admin.delete(`/units/${unit.id}?purge=true`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only a super admin can delete records forever.');
    expect(await row('units', unit.id)).toEqual(before);
  });

  it('deletes a record in the trash, or a live one, for good and audits it', async () => {
    const home = await createProperty(db(), w.own.id);
    const trashed = await createUnit(db(), home);
    const live = await createUnit(db(), home);
    await admin.delete(`/units/${trashed.id}`);
    const res = await sa.delete(`/units/${trashed.id}?purge=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'The unit has been deleted forever' } });
    expect(await row('units', trashed.id)).toBeNull();
    expect((await auditFor(db(), trashed.id)).at(-1)).toMatchObject({
      action: 'unit.purged',
      actor_id: w.users.super_admin.id,
      detail: { from_trash: true },
    });
    expect((await sa.delete(`/units/${live.id}?purge=true`)).statusCode).toBe(200);
    expect(await row('units', live.id)).toBeNull();
    expect((await auditFor(db(), live.id)).at(-1)).toMatchObject({
      action: 'unit.purged',
      detail: { from_trash: false },
    });
    expect((await sa.delete(`/units/${live.id}?purge=true`)).statusCode).toBe(404);
  });

  it('is refused (409, not 500) while records in the trash still refer to it', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    await admin.delete(`/units/${unit.id}`);
    await admin.delete(`/properties/${home.id}`);
    const res = await sa.delete(`/properties/${home.id}?purge=true`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This property is used by 1 unit in the trash: delete them forever first.');
    expect(await row('properties', home.id)).not.toBeNull();
    // A company whose properties are in the trash: 409 too.
    const company = await createCompany(db());
    const theirs = await createProperty(db(), company.id);
    await apiAs(t, w.headers.super_admin, company.id).delete(`/properties/${theirs.id}`);
    expect((await sa.delete(`/companies/${company.id}`)).statusCode).toBe(200);
    const refused = await sa.delete(`/companies/${company.id}?purge=true`);
    expect(refused.statusCode).toBe(409);
    expect(await row('companies', company.id)).not.toBeNull();
  });
});

describe('a company in the trash', () => {
  it('is no tenant any more, and comes back with a restore', async () => {
    const company = await createCompany(db());
    expect((await sa.delete(`/companies/${company.id}`)).statusCode).toBe(200);
    expect(ids(await sa.get('/companies'))).not.toContain(company.id);
    expect((await apiAs(t, w.headers.super_admin, company.id).get('/units')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await sa.post(`/companies/${company.id}/restore`)).statusCode).toBe(200);
    expect((await apiAs(t, w.headers.super_admin, company.id).get('/units')).statusCode).toBe(200);
  });
});

describe('a role in the trash', () => {
  it('cannot be trashed while held (409), and grants nothing to a holder a race gave it afterwards', async () => {
    const role = await createRole(db(), 'Olympus', unique('trash_role').toLowerCase(), ['users.view']);
    const holder = await createUser(db(), {
      role: null,
      companies: [w.own],
      systems: [{ name: 'Olympus', role: role.name }],
    });
    const asHolder = apiAs(t, await tokenFor(db(), holder.id), w.own.id);
    expect((await asHolder.get('/users')).statusCode).toBe(200);
    expect((await sa.delete(`/roles/${role.id}`)).statusCode).toBe(409);
    // The race: the role goes to the trash as the assignment lands (held directly, past the API's check).
    await db().execute(sql`update roles set deleted_at = now() where id = ${role.id}`);
    expect((await asHolder.get('/users')).statusCode).toBe(403);
  });
});

describe('users are deleted for good', () => {
  it('have no trash, and their delete removes the row', async () => {
    const user = await createUser(db(), { role: 'system_user', companies: [w.own] });
    expect((await sa.delete(`/users/${user.id}`)).statusCode).toBe(200);
    expect(await row('users', user.id)).toBeNull();
    expect((await sa.get('/users/trash')).statusCode).toBe(404);
    expect((await sa.post(`/users/${user.id}/restore`)).statusCode).toBe(404);
  });
});

describe('the purge past OLYMPUS_TRASH_DAYS', () => {
  const ago = (table: string, id: string, days: number) =>
    db().execute(
      sql`update ${sql.identifier(table)} set deleted_at = now() - make_interval(days => ${days}) where id = ${id}`,
    );

  it('OLYMPUS_TRASH_DAYS: 30 days by default, a whole number from 1 to 3650', () => {
    expect(loadConfig({}).trashDays).toBe(30);
    expect(loadConfig({ OLYMPUS_TRASH_DAYS: '7' }).trashDays).toBe(7);
    for (const bad of ['0', '3651', '1.5', 'x'])
      expect(() => loadConfig({ OLYMPUS_TRASH_DAYS: bad }), bad).toThrow(
        /OLYMPUS_TRASH_DAYS must be a whole number from 1 to 3650/,
      );
  });

  it('two instances starting at once purge once: dependents before what they reference, each audited by the system', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    const recent = await createUnit(db(), await createProperty(db(), w.own.id));
    await admin.delete(`/units/${unit.id}`);
    await admin.delete(`/properties/${home.id}`);
    await admin.delete(`/units/${recent.id}`);
    // Both past 30 days, the property deleted later than its unit; the other unit deleted 29 days ago.
    await ago('units', unit.id, 40);
    await ago('properties', home.id, 31);
    await ago('units', recent.id, 29);
    await db().execute(sql`delete from maintenance_runs where name = ${TRASH_PURGE_JOB}`);
    const config = { ...t.config, trashDays: 30 };
    const a = await buildApp({ config, database: t.database, logger: false });
    const b = await buildApp({ config, database: t.database, logger: false });
    try {
      await Promise.all([a.ready(), b.ready()]);
    } finally {
      await a.close();
      await b.close();
    }
    expect(await row('units', unit.id)).toBeNull();
    expect(await row('properties', home.id)).toBeNull();
    expect(await row('units', recent.id)).not.toBeNull();
    for (const [id, action] of [
      [unit.id, 'unit.purged'],
      [home.id, 'property.purged'],
    ]) {
      const purged = (await auditFor(db(), id)).filter((r) => r.action === action);
      expect(purged).toHaveLength(1);
      expect(purged[0]).toMatchObject({
        actor_id: null,
        tenant_id: w.own.id,
        detail: { actor: 'system', from_trash: true, trash_days: 30 },
      });
    }
  });

  it('keeps a record past retention that a later-deleted one still refers to, and purges the rest', async () => {
    const home = await createProperty(db(), w.own.id);
    const unit = await createUnit(db(), home);
    await admin.delete(`/units/${unit.id}`);
    await admin.delete(`/properties/${home.id}`);
    // The property is due, its unit not yet: it stays (no 500, no error), for a later run.
    await ago('properties', home.id, 31);
    await db().execute(sql`delete from maintenance_runs where name = ${TRASH_PURGE_JOB}`);
    const done = await purgeTrash(db(), t.app.mountedResources, 30, { batch: 2 });
    expect(done?.kept).toBeGreaterThanOrEqual(1);
    expect(await row('properties', home.id)).not.toBeNull();
    expect(await row('units', unit.id)).not.toBeNull();
    // Within the interval another purge does nothing.
    expect(await purgeTrash(db(), t.app.mountedResources, 30)).toBeNull();
    expect(await count(db(), sql`select count(*) as n from maintenance_runs where name = ${TRASH_PURGE_JOB}`)).toBe(1);
  });
});
