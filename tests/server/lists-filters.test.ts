// Declared list filters (docs/resources.md "Filters"): what a client sees of `list.filters` — each
// kind narrows the list (choice, reference, an optional reference's `none`, checkbox, number and date ranges, text),
// together with
// q/q_in, sort, paging and the whole list; junk answers 422 naming the parameter, never 500; a filter
// naming another company's property finds nothing of that company; the OpenAPI document lists them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declareResource, date, group, ref, text } from '../../contract/resources/declare';
import { rangeFilter, refFilter } from '../../contract/resources/filters';
import { properties } from '../../server/db/schema';
import { defineCrud } from '../../server/crud';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createProperty, createUnit, createWorld, type Api, type World } from './resources-fixtures';
import { createSuppliersTable, suppliers } from './supplier-resource';

// A date range needs a date field: visits, declared here over the suppliers' table (./supplier-resource.ts).
const visitResource = declareResource({
  name: 'visits',
  spa: 'visit',
  noun: { one: 'visit', many: 'visits' },
  area: 'units',
  tenancy: 'scoped',
  fields: {
    ...group('Visit', {
      name: text('Visit name', { required: true }),
      property_id: ref('Property', 'properties', 'property'),
      start_date: date('Start date'),
    }),
  },
  list: {
    columns: ['name', 'start_date'],
    sort: ['name', 'start_date'],
    search: ['name'],
    filters: [rangeFilter('start_date'), refFilter('property')],
  },
});
const visitCrud = defineCrud(visitResource, { table: suppliers, refs: { properties } });

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
let home: { id: string; companyId: string };
let park: { id: string; companyId: string };
let theirs: { id: string; companyId: string };

type Row = { name: string };
const names = (res: { json(): { data: Row[] } }) => res.json().data.map((r) => r.name);
/** The names a list URL answers, after checking it answered 200. */
async function listed(url: string): Promise<string[]> {
  const res = await admin.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return names(res);
}

beforeAll(async () => {
  t = await createTestApp({}, { resources: [visitCrud.routes] });
  await createSuppliersTable(db());
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  home = await createProperty(db(), w.own.id, { name: 'Home Block', city: 'Leeds', latitude: 53.8 });
  park = await createProperty(db(), w.own.id, { name: 'Park View', city: 'York', latitude: 53.96 });
  theirs = await createProperty(db(), w.other.id, { name: 'Their Tower', city: 'Leeds', latitude: 53.8 });
  const u = (property: typeof home, name: string, values: Parameters<typeof createUnit>[2] = {}) =>
    createUnit(db(), property, { name, ...values });
  await u(home, 'A1', { unitType: 'Flat', unitStatus: 'Available', bedrooms: 1, furnished: true });
  await u(home, 'A2', { unitType: 'Flat', unitStatus: 'Let', bedrooms: 2, furnished: false });
  await u(home, 'A3', { unitType: 'Studio', unitStatus: 'Under Offer', bedrooms: 0, furnished: true });
  await u(park, 'B1', { unitType: 'House', unitStatus: 'Available', bedrooms: 3, furnished: false });
  await u(park, 'B2', { unitType: 'Flat', unitStatus: 'Available', bedrooms: 2, furnished: true });
  await u(park, 'B3', { unitType: 'Penthouse', unitStatus: 'Let', bedrooms: 4, furnished: true });
  await u(theirs, 'Z1', { unitType: 'Flat', unitStatus: 'Available', bedrooms: 2, furnished: true });
  for (const [name, startDate, property] of [
    ['V1', '2025-01-31', home],
    ['V2', '2025-02-01', home],
    ['V3', '2025-02-28', park],
    ['V4', '2025-03-01', park],
    ['V5', null, null],
  ] as const) {
    await db()
      .insert(suppliers)
      .values({ companyId: w.own.id, name, startDate, propertyId: property?.id ?? null });
  }
  await db()
    .insert(suppliers)
    .values({ companyId: w.other.id, name: 'VZ', startDate: '2025-02-10', propertyId: theirs.id });
});
afterAll(() => t.close());

describe('each filter kind narrows the list', () => {
  it('a choice: one value, or several by repeating the parameter', async () => {
    expect(await listed('/units?unit_type=Flat')).toEqual(['A1', 'A2', 'B2']);
    expect(await listed('/units?unit_type=Flat&unit_type=Studio')).toEqual(['A1', 'A2', 'A3', 'B2']);
    expect(await listed('/units?unit_status=Under%20Offer')).toEqual(['A3']);
  });

  it('a reference, by the referenced record’s uuid', async () => {
    expect(await listed(`/units?property_id=${park.id}`)).toEqual(['B1', 'B2', 'B3']);
    expect(await listed(`/visits?property_id=${home.id}`)).toEqual(['V1', 'V2']);
  });

  it('an optional reference: `none` for the records without one, with other filters, paged or whole', async () => {
    expect(await listed('/visits?property_id=none')).toEqual(['V5']);
    expect(await listed('/visits?property_id=none&q=V5')).toEqual(['V5']);
    expect(await listed('/visits?property_id=none&start_date_from=2025-01-01')).toEqual([]);
    const paged = await admin.get('/visits?property_id=none&page=1&per_page=10');
    expect(names(paged)).toEqual(['V5']);
    expect(paged.json().meta.total).toBe(1);
  });

  it('a checkbox: true or false; absent is any', async () => {
    expect(await listed('/units?furnished=true')).toEqual(['A1', 'A3', 'B2', 'B3']);
    expect(await listed('/units?furnished=false')).toEqual(['A2', 'B1']);
    expect(await listed('/units')).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
  });

  it('a number range: either end or both, both included', async () => {
    expect(await listed('/units?bedrooms_min=2')).toEqual(['A2', 'B1', 'B2', 'B3']);
    expect(await listed('/units?bedrooms_max=1')).toEqual(['A1', 'A3']);
    expect(await listed('/units?bedrooms_min=2&bedrooms_max=3')).toEqual(['A2', 'B1', 'B2']);
    expect(await listed('/units?bedrooms_min=2&bedrooms_max=2')).toEqual(['A2', 'B2']);
  });

  it('a date range (Y-m-d), both days included; a record without a date is left out', async () => {
    expect(await listed('/visits?start_date_from=2025-02-01&start_date_to=2025-02-28')).toEqual(['V2', 'V3']);
    expect(await listed('/visits?start_date_from=2025-02-01')).toEqual(['V2', 'V3', 'V4']);
    expect(await listed('/visits?start_date_to=2025-01-31')).toEqual(['V1']);
    expect(await listed('/visits')).toEqual(['V1', 'V2', 'V3', 'V4', 'V5']);
  });

  it('a text: contains, without letter case (properties by city)', async () => {
    expect(await listed('/properties?city=LEE')).toEqual(['Home Block']);
    expect(await listed('/properties?latitude_min=53.9')).toEqual(['Park View']);
  });

  it('filters combine with each other (all must hold)', async () => {
    expect(await listed(`/units?unit_type=Flat&furnished=true&property_id=${home.id}`)).toEqual(['A1']);
    expect(await listed('/units?unit_type=Flat&unit_type=House&bedrooms_min=2&furnished=false')).toEqual(['A2', 'B1']);
  });
});

describe('with search, sort, paging and the whole list', () => {
  it('combine with q and q_in, and answer meta.total of the filtered rows', async () => {
    const res = await admin.get('/units?unit_type=Flat&q=b&q_in=name');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [{ name: 'B2' }], meta: { total: 1 } });
    // The search by the property's name joins the properties: still only the filtered rows.
    expect(await listed('/units?furnished=true&q=park')).toEqual(['B2', 'B3']);
  });

  it('combine with sort and paging', async () => {
    const first = await admin.get('/units?furnished=true&sort=bedrooms:desc&page=1&per_page=3');
    expect(first.json()).toMatchObject({ meta: { total: 4, page: 1, per_page: 3 } });
    expect(names(first)).toEqual(['B3', 'B2', 'A1']);
    const second = await admin.get('/units?furnished=true&sort=bedrooms:desc&page=2&per_page=3');
    expect(names(second)).toEqual(['A3']);
    expect(second.json().meta).toEqual({ total: 4, page: 2, per_page: 3 });
    // By the property's name (a join), descending: Park View's two furnished units first.
    expect(names(await admin.get('/units?furnished=true&sort=property:desc&page=1&per_page=2')).sort()).toEqual([
      'B2',
      'B3',
    ]);
  });

  it('a filtered whole list (no page) holds every matching row and says its total', async () => {
    const res = await admin.get('/units?bedrooms_min=1&bedrooms_max=2');
    expect(res.json()).toEqual({ data: expect.any(Array), meta: { total: 3 } });
    expect(names(res)).toEqual(['A1', 'A2', 'B2']);
  });

  it('a list without filters answers as before: the whole array, no meta', async () => {
    const res = await admin.get('/units');
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(res.json().data).toHaveLength(6);
  });

  it('a parameter the resource does not declare is ignored, as before', async () => {
    expect(await listed('/properties?unit_type=Flat')).toEqual(['Home Block', 'Park View']);
  });
});

describe('bad values answer 422 naming the parameter, never 500', () => {
  const cases: [string, Record<string, unknown[]>][] = [
    // The wording of an option that is not among a list's is server/http/errors-plugin.ts's.
    [
      '/units?unit_type=Castle',
      { unit_type: [expect.stringMatching(/^The (selected )?unit type (is invalid|may only hold Flat, Studio)/)] },
    ],
    [
      '/units?unit_type=Flat&unit_type=castle',
      { unit_type: [expect.stringMatching(/^The (selected )?unit type (is invalid|may only hold Flat, Studio)/)] },
    ],
    ['/units?property_id=not-a-uuid', { property_id: ['The selected property is invalid.'] }],
    // A unit always has a property: `none` is only an optional reference's.
    ['/units?property_id=none', { property_id: ['The selected property is invalid.'] }],
    ['/visits?property_id=None', { property_id: ['The selected property is invalid.'] }],
    ['/units?furnished=maybe', { furnished: ['The furnished must be a boolean.'] }],
    ['/units?bedrooms_min=two', { bedrooms_min: ['The bedrooms min must be a number.'] }],
    ['/units?bedrooms_min=1.5', { bedrooms_min: ['The bedrooms min must be a number.'] }],
    ['/units?bedrooms_max=51', { bedrooms_max: ['The bedrooms max may not be greater than 50.'] }],
    ['/units?bedrooms_min=-1', { bedrooms_min: ['The bedrooms min must be at least 0.'] }],
    [
      '/units?bedrooms_min=3&bedrooms_max=1',
      { bedrooms_max: ['The bedrooms max must be greater than or equal to the bedrooms min.'] },
    ],
    ['/visits?start_date_from=2025-02-30', { start_date_from: ['The start date from is not a valid date.'] }],
    ['/visits?start_date_to=5%2F3%2F2025', { start_date_to: ['The start date to is not a valid date.'] }],
    [
      '/visits?start_date_from=2025-03-01&start_date_to=2025-02-01',
      { start_date_to: ['The start date to must be a date after or equal to the start date from.'] },
    ],
    ['/properties?city=' + 'x'.repeat(201), { city: ['The city may not be greater than 200 characters.'] }],
  ];
  for (const [url, errors] of cases) {
    it(url.slice(0, 80), async () => {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    });
  }
  it('several bad parameters at once are each named', async () => {
    const res = await admin.get('/units?unit_type=Castle&bedrooms_min=x&page=1&per_page=5');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['bedrooms_min', 'unit_type']);
  });
});

describe('tenancy', () => {
  it('a filter naming another company’s property finds nothing of that company, paged or whole', async () => {
    expect(await listed(`/units?property_id=${theirs.id}`)).toEqual([]);
    const paged = await admin.get(`/units?property_id=${theirs.id}&page=1&per_page=10`);
    expect(paged.json()).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } });
    expect(await listed(`/visits?property_id=${theirs.id}`)).toEqual([]);
    // Their own list, asked with their tenant by one of theirs, does hold it: the filter is not what hid it.
    const outsider = apiAs(t, w.headers.super_admin, w.other.id);
    expect(names(await outsider.get(`/units?property_id=${theirs.id}`))).toEqual(['Z1']);
  });

  it('filters never widen a list past the X-Tenant company', async () => {
    const all = [
      ...(await listed('/units?unit_type=Flat&furnished=true')),
      ...(await listed('/visits?start_date_from=2025-01-01')),
    ];
    expect(all).not.toContain('Z1');
    expect(all).not.toContain('VZ');
  });
});

describe('OpenAPI', () => {
  it('lists each filter parameter of GET /units and GET /properties with its type', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const params = (path: string) =>
      Object.fromEntries(
        (
          doc.paths[path].get.parameters as {
            name: string;
            in: string;
            schema: Record<string, unknown>;
            description?: string;
          }[]
        )
          .filter((p) => p.in === 'query')
          .map((p) => [p.name, p]),
      );
    const units = params('/api/v1/units');
    expect(units.unit_type.schema).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['Flat', 'Studio', 'House', 'Maisonette', 'Penthouse', 'Townhouse'] },
    });
    expect(units.unit_status.schema).toMatchObject({
      type: 'array',
      items: { enum: expect.arrayContaining(['Under Offer']) },
    });
    expect(units.property_id.schema).toMatchObject({ type: 'string' });
    expect(units.furnished.schema).toMatchObject({ type: 'boolean' });
    expect(units.bedrooms_min.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: 50 });
    expect(units.bedrooms_max.schema).toMatchObject({ type: 'integer', minimum: 0, maximum: 50 });
    expect(units.furnished.description).toMatch(/furnished/);
    const props = params('/api/v1/properties');
    expect(Object.keys(props)).toEqual(
      expect.arrayContaining(['city', 'postcode', 'latitude_min', 'latitude_max', 'longitude_min', 'longitude_max']),
    );
    expect(props.latitude_min.schema).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    const visits = params('/api/v1/visits');
    expect(visits.start_date_from.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(visits.start_date_to.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(visits.property_id.description ?? visits.property_id.schema.description).toMatch(
      /`none` for those without one/,
    );
    expect(units.property_id.description ?? units.property_id.schema.description).not.toMatch(/none/);
    // A resource without filters keeps its parameters as they were.
    expect(Object.keys(params('/api/v1/companies')).sort()).toEqual(['count', 'page', 'per_page', 'q', 'q_in', 'sort']);
  });
});
