// Units: the tenant's only, a property of the same company (422 otherwise), room counts and
// choices validated, paging/sorting/searching on request, audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, auditFor, createProperty, createUnit, createWorld, type Api, type World } from './resources-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
let home: { id: string; companyId: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  home = await createProperty(db(), w.own.id, { name: 'Home Block' });
});
afterAll(() => t.close());

describe('units', () => {
  it('creates a unit in a property of the company, with its property and full address', async () => {
    const res = await admin.post('/units', {
      name: 'Flat 7',
      property_id: home.id,
      unit_ref: 'HB-07',
      unit_type: 'Flat',
      unit_status: 'Available',
      bedrooms: '2',
      bathrooms: 1,
      furnished: true,
      address_line_1: 'Flat 7',
      address_line_2: '',
      city: 'Leeds',
      postcode: 'LS1 4BR',
      description: 'd'.repeat(5000),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      message: 'The unit has been created',
      name: 'Flat 7',
      property_id: home.id,
      property: { uuid: home.id, name: 'Home Block' },
      unit_type: 'Flat',
      bedrooms: 2,
      bathrooms: 1,
      furnished: true,
      address_line_2: null,
      full_address: 'Flat 7, Leeds, LS1 4BR',
    });
    const [row] = await auditFor(db(), res.json().data.id);
    expect(row).toMatchObject({ action: 'unit.created', actor_id: w.users.admin.id, tenant_id: w.own.id });
  });

  it('refuses a property of another company, or none, with a field error', async () => {
    const theirs = await createProperty(db(), w.other.id);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ name: 'U', property_id: theirs.id }, { property_id: ['The selected property is invalid.'] }],
      [
        { name: 'U', property_id: '00000000-0000-4000-8000-000000000000' },
        { property_id: ['The selected property is invalid.'] },
      ],
      [{ name: 'U', property_id: 'junk' }, { property_id: ['The selected property is invalid.'] }],
      [{ name: 'U' }, { property_id: ['The property id field is required.'] }],
      [{ name: 'U', property_id: '' }, { property_id: ['The property id field is required.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post('/units', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const unit = await createUnit(db(), home);
    const move = await admin.put(`/units/${unit.id}`, { property_id: theirs.id });
    expect(move.statusCode).toBe(422);
    expect(move.json()).toEqual({
      message: 'The selected property is invalid.',
      errors: { property_id: ['The selected property is invalid.'] },
    });
  });

  it('validates room counts, choices, lengths and the checkbox', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ bedrooms: 2.5 }, { bedrooms: ['The bedrooms must be a number.'] }],
      [{ bedrooms: 'two' }, { bedrooms: ['The bedrooms must be a number.'] }],
      [{ bedrooms: 51 }, { bedrooms: ['The bedrooms may not be greater than 50.'] }],
      [{ bathrooms: -1 }, { bathrooms: ['The bathrooms must be at least 0.'] }],
      [{ bathrooms: 1e308 }, { bathrooms: ['The bathrooms may not be greater than 50.'] }],
      [{ unit_type: 'Castle' }, { unit_type: ['The selected unit type is invalid.'] }],
      [{ unit_status: 'let' }, { unit_status: ['The selected unit status is invalid.'] }],
      [
        { description: 'd'.repeat(5001) },
        { description: ['The description may not be greater than 5000 characters.'] },
      ],
      [
        { short_description: 's'.repeat(256) },
        { short_description: ['The short description may not be greater than 255 characters.'] },
      ],
      [{ furnished: 'yes please' }, { furnished: ['The furnished must be a boolean.'] }],
      [{ name: '' }, { name: ['The name field is required.'] }],
    ];
    for (const [extra, errors] of cases) {
      const res = await admin.post('/units', { name: 'Checked', property_id: home.id, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors, JSON.stringify(extra)).toEqual(errors);
    }
    const empty = await admin.post('/units', {
      name: 'Empties',
      property_id: home.id,
      bedrooms: '',
      bathrooms: null,
      unit_type: '',
      furnished: 'false',
    });
    expect(empty.json().data).toMatchObject({ bedrooms: null, bathrooms: null, unit_type: null, furnished: false });
  });

  it('updates only what was sent and audits the changes; another company’s unit is 404', async () => {
    const unit = await createUnit(db(), home, { name: 'Before', bedrooms: 1 });
    const res = await admin.put(`/units/${unit.id}`, { name: 'After', bedrooms: 3 });
    expect(res.json().data).toMatchObject({
      message: 'The unit has been updated',
      name: 'After',
      bedrooms: 3,
      bathrooms: 1,
    });
    const [row] = await auditFor(db(), unit.id);
    expect(row.changes).toEqual({
      name: { before: 'Before', after: 'After' },
      bedrooms: { before: 1, after: 3 },
      version: { before: 1, after: 2 },
    });

    const theirs = await createUnit(db(), await createProperty(db(), w.other.id));
    for (const [method, url] of [
      ['GET', `/units/${theirs.id}`],
      ['GET', `/units/${theirs.id}/edit`],
      ['PUT', `/units/${theirs.id}`],
      ['DELETE', `/units/${theirs.id}`],
    ]) {
      const r = await admin.request(method, url, method === 'PUT' ? { name: 'X' } : undefined);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json()).toEqual({ message: 'Unit not found.' });
    }
  });

  it('deletes a unit', async () => {
    const unit = await createUnit(db(), home);
    const res = await admin.delete(`/units/${unit.id}`);
    expect(res.json()).toEqual({ data: { message: 'The unit has been deleted' } });
    expect((await admin.get(`/units/${unit.id}`)).statusCode).toBe(404);
    expect((await auditFor(db(), unit.id)).map((r) => r.action)).toEqual(['unit.deleted']);
  });

  it('deletes with the SPA’s headers: a JSON content type and no body', async () => {
    const unit = await createUnit(db(), home);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/units/${unit.id}`,
      headers: {
        ...w.headers.admin,
        'x-tenant': w.own.id,
        'content-type': 'application/json',
        accept: 'application/json',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { message: 'The unit has been deleted' } });
    // A body that is there must still be JSON.
    const other = await createUnit(db(), home);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/units/${other.id}`,
      headers: { ...w.headers.admin, 'x-tenant': w.own.id, 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('lists the whole list by default, or pages, sorts and searches on request', async () => {
    const company = await createCompany(db());
    const boss = apiAs(t, w.headers.super_admin, company.id);
    const a = await createProperty(db(), company.id, { name: 'Alpha' });
    const b = await createProperty(db(), company.id, { name: 'Bravo' });
    const specs = [
      ['Unit C', 'Flat', 2, a],
      ['unit a', 'Studio', 0, a],
      ['Unit B', 'House', 4, b],
      ['Unit D', 'Flat', 1, b],
      ['Unit E', 'Penthouse', 3, b],
    ] as const;
    for (const [name, unitType, bedrooms, p] of specs) await createUnit(db(), p, { name, unitType, bedrooms });

    const whole = (await boss.get('/units')).json();
    expect(Object.keys(whole)).toEqual(['data']);
    expect(whole.data.map((u: { name: string }) => u.name)).toEqual(['unit a', 'Unit B', 'Unit C', 'Unit D', 'Unit E']);

    const page = (await boss.get('/units?page=2&per_page=2')).json();
    expect(page.meta).toEqual({ total: 5, page: 2, per_page: 2 });
    expect(page.data.map((u: { name: string }) => u.name)).toEqual(['Unit C', 'Unit D']);
    expect((await boss.get('/units?page=9&per_page=2')).json()).toEqual({
      data: [],
      meta: { total: 5, page: 9, per_page: 2 },
    });

    const byRooms = (await boss.get('/units?sort=-bedrooms&per_page=3')).json();
    expect(byRooms.data.map((u: { bedrooms: number }) => u.bedrooms)).toEqual([4, 3, 2]);
    expect((await boss.get('/units?sort=property:desc')).json().data[0].property.name).toBe('Bravo');

    const flats = (await boss.get('/units?q=flat')).json();
    expect(flats.data.map((u: { name: string }) => u.name)).toEqual(['Unit C', 'Unit D']);
    expect(flats.meta).toEqual({ total: 2 });
    // LIKE wildcards are literal.
    expect((await boss.get('/units?q=%25')).json().data).toEqual([]);

    for (const junk of ['sort=secret', 'page=-1', 'per_page=0', 'per_page=501', 'page=1.5']) {
      const res = await boss.get(`/units?${junk}`);
      expect(res.statusCode, junk).toBe(422);
    }
  });

  it('the forms offer the company’s own properties inline and as options-from', async () => {
    const other = await createProperty(db(), w.other.id, { name: 'Not Mine' });
    const { fields } = (await admin.get('/units/create')).json();
    const all = fields.flatMap((g: { fields: { name: string }[] }) => g.fields);
    const property = all.find((f: { name: string }) => f.name === 'property_id');
    expect(property).toMatchObject({ type: 'select', required: true, 'options-from': 'properties' });
    expect(property.options[home.id]).toBe('Home Block');
    expect(property.options[other.id]).toBeUndefined();
    expect(all.find((f: { name: string }) => f.name === 'unit_type').options).toEqual({
      Flat: 'Flat',
      Studio: 'Studio',
      House: 'House',
      Maisonette: 'Maisonette',
      Penthouse: 'Penthouse',
      Townhouse: 'Townhouse',
    });
    expect(Object.keys(all.find((f: { name: string }) => f.name === 'unit_status').options)).toEqual([
      'Available',
      'Let',
      'Under Offer',
      'Maintenance',
    ]);
    expect(all.map((f: { name: string }) => f.name)).not.toContain('available_from');
    expect(all.find((f: { name: string }) => f.name === 'description').type).toBe('textarea');

    const unit = await createUnit(db(), home, { furnished: true, bedrooms: 2 });
    const edit = (await admin.get(`/units/${unit.id}/edit`)).json();
    const values = Object.fromEntries(
      edit.fields
        .flatMap((g: { fields: { name: string; value: unknown }[] }) => g.fields)
        .map((f: { name: string; value: unknown }) => [f.name, f.value]),
    );
    expect(values).toMatchObject({
      name: unit.name,
      property_id: home.id,
      bedrooms: 2,
      furnished: true,
      unit_type: 'Flat',
      unit_status: '',
    });
  });
});
