// Properties: the tenant's only (another company's answer 404), slugs derived and unique per
// company (409), coordinates in range, the 409 for a property that still has units, audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, auditFor, createProperty, createUnit, createWorld, type Api, type World } from './resources-fixtures';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
});
afterAll(() => t.close());

describe('properties', () => {
  it('lists the X-Tenant company’s properties only, with their company', async () => {
    const mine = await createProperty(db(), w.own.id, { name: 'Mine Court' });
    const theirs = await createProperty(db(), w.other.id, { name: 'Theirs Court' });
    const res = await admin.get('/properties');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { uuid: string }) => p.uuid);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.json().data.find((p: { uuid: string }) => p.uuid === mine.id)).toMatchObject({
      id: mine.id,
      company_uuid: w.own.id,
      company: { uuid: w.own.id, name: 'Own Lettings' },
      name: 'Mine Court',
      slug: 'mine-court',
      longitude: null,
      latitude: null,
    });
  });

  it('answers 404 for another company’s property on every record route', async () => {
    const theirs = await createProperty(db(), w.other.id);
    for (const [method, url] of [
      ['GET', `/properties/${theirs.id}`],
      ['GET', `/properties/${theirs.id}/edit`],
      ['PUT', `/properties/${theirs.id}`],
      ['DELETE', `/properties/${theirs.id}`],
    ]) {
      const res = await admin.request(method, url, method === 'PUT' ? { name: 'Stolen' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Property not found.' });
    }
    expect(
      JSON.stringify((await db().execute(sql`select name from properties where id = ${theirs.id}`)) as unknown),
    ).not.toContain('Stolen');
  });

  it('creates in the X-Tenant company, deriving a unique slug from the name', async () => {
    const first = await admin.post('/properties', {
      name: 'Quay Side!',
      latitude: '53.79',
      longitude: -1.55,
      country: 'United Kingdom',
      reference: '',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      message: 'The property has been created',
      company_uuid: w.own.id,
      name: 'Quay Side!',
      slug: 'quay-side',
      latitude: 53.79,
      longitude: -1.55,
      reference: null,
      country: 'United Kingdom',
    });
    const second = await admin.post('/properties', { name: 'Quay side' });
    expect(second.json().data.slug).toBe('quay-side-2');
    // The same slug in another company is fine.
    const elsewhere = await apiAs(t, w.headers.super_admin, w.other.id).post('/properties', { name: 'Quay Side' });
    expect(elsewhere.json().data).toMatchObject({ slug: 'quay-side', company_uuid: w.other.id });
    const noLetters = await admin.post('/properties', { name: '!!!' });
    expect(noLetters.json().data.slug).toMatch(/^property(-\d+)?$/);
  });

  it('normalises a given slug and refuses one already used in the company (409)', async () => {
    const made = await admin.post('/properties', { name: 'Slug Test', slug: '  My Custom Slug ' });
    expect(made.json().data.slug).toBe('my-custom-slug');
    const dup = await admin.post('/properties', { name: 'Another', slug: 'MY-CUSTOM-SLUG' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'The slug has already been taken.',
      errors: { slug: ['The slug has already been taken.'] },
    });

    const other = (await admin.post('/properties', { name: 'Other Slug' })).json().data;
    const clash = await admin.put(`/properties/${other.id}`, { slug: 'my-custom-slug' });
    expect(clash.statusCode).toBe(409);
    // A blank slug keeps the current one; renaming does not change it.
    const kept = await admin.put(`/properties/${other.id}`, { slug: '', name: 'Renamed Slug' });
    expect(kept.json().data).toMatchObject({ slug: 'other-slug', name: 'Renamed Slug' });
  });

  it('validates names, lengths and coordinates', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { name: ['The name field is required.'] }],
      [{ name: ' ' }, { name: ['The name field is required.'] }],
      [{ name: 'x'.repeat(256) }, { name: ['The name may not be greater than 255 characters.'] }],
      [{ name: 'Lat', latitude: 91 }, { latitude: ['The latitude may not be greater than 90.'] }],
      [{ name: 'Lat', latitude: -90.5 }, { latitude: ['The latitude must be at least -90.'] }],
      [{ name: 'Long', longitude: 180.01 }, { longitude: ['The longitude may not be greater than 180.'] }],
      [{ name: 'Long', longitude: 'east' }, { longitude: ['The longitude must be a number.'] }],
      [{ name: 'Long', longitude: [1, 2] }, { longitude: ['The longitude must be a number.'] }],
      [{ name: 'Area', area: 'a'.repeat(256) }, { area: ['The area may not be greater than 255 characters.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await admin.post('/properties', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const blank = await admin.post('/properties', { name: 'Blank coords', latitude: '', longitude: null });
    expect(blank.json().data).toMatchObject({ latitude: null, longitude: null });
  });

  it('updates only what was sent and audits the changed fields', async () => {
    const property = await createProperty(db(), w.own.id, { name: 'Audit House', city: 'Leeds', postcode: 'LS1 1AA' });
    const res = await admin.put(`/properties/${property.id}`, { city: 'York', latitude: 53.96 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      message: 'The property has been updated',
      name: 'Audit House',
      city: 'York',
      postcode: 'LS1 1AA',
      latitude: 53.96,
    });
    const [row] = await auditFor(db(), property.id);
    expect(row).toMatchObject({ action: 'property.updated', actor_id: w.users.admin.id, tenant_id: w.own.id });
    expect(row.changes).toEqual({
      city: { before: 'Leeds', after: 'York' },
      latitude: { before: null, after: 53.96 },
      version: { before: 1, after: 2 },
    });
  });

  it('shows the property’s units on its edit view and refuses to delete it while it has any (409)', async () => {
    const property = await createProperty(db(), w.own.id, { name: 'Unit Holder' });
    const unit = await createUnit(db(), property, { name: 'Flat 1', unitRef: 'UH-01', unitStatus: 'Let' });
    const edit = (await admin.get(`/properties/${property.id}/edit`)).json();
    expect(edit.data.units).toEqual([
      expect.objectContaining({
        uuid: unit.id,
        name: 'Flat 1',
        unit_ref: 'UH-01',
        unit_type: 'Flat',
        unit_status: 'Let',
      }),
    ]);
    expect(edit.fields.flatMap((g: { fields: { name: string }[] }) => g.fields.map((f) => f.name))).toEqual([
      'name',
      'reference',
      'slug',
      'address_line_1',
      'address_line_2',
      'area',
      'city',
      'county',
      'country',
      'postcode',
      'latitude',
      'longitude',
      'certificates_required',
    ]);
    const res = await admin.delete(`/properties/${property.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This property still has units. Remove them first.' });
    expect((await admin.delete(`/units/${unit.id}`)).statusCode).toBe(200);
    const gone = await admin.delete(`/properties/${property.id}`);
    expect(gone.json()).toEqual({ data: { message: 'The property has been deleted' } });
    expect((await auditFor(db(), property.id)).map((r) => r.action)).toEqual(['property.deleted']);
  });

  it('needs a company chosen', async () => {
    const res = await admin.get('/properties', null);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Choose a company first.' });
  });
});
