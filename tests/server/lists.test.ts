// Lists at scale (contract/lists.ts): every list route takes page, per_page, sort, q and
// q_in and answers { data, meta }; q_in names the searched fields (LIST_SEARCH_FIELDS must be among
// them); one statement gives page and total, counting apart only past the end; the rows Postgres
// writes as JSON match each route's response schema key for key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { sql } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { createTestApp, type TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, createProperty, createUnit, createWorld, type Api, type World } from './resources-fixtures';
import { LIST_SEARCH_FIELDS, SEARCH_IN_PARAM, type ListResource } from '../../contract/lists';
import type { ListSpec } from '../../server/lists/lists';
import { DEEP_OFFSET } from '../../server/lists/listRows';
import { unitCrud, UnitSchema } from '../../server/units/binding';
import { companyCrud, CompanySchema } from '../../server/companies/binding';
import { propertyCrud, PropertySchema } from '../../server/properties/binding';
import { roleCrud, RoleSchema } from '../../server/roles/binding';
import { userCrud } from '../../server/users/binding';
import { UserSchema } from '../../server/users/schemas';
import { countingDb } from './counting-db';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
  const home = await createProperty(db(), w.own.id, { name: 'Flatiron House' });
  await createUnit(db(), home, { name: 'Flat 1', unitType: 'House' });
  await createUnit(db(), home, { name: 'Garden Unit', unitType: 'Flat' });
});
afterAll(() => t.close());

const SPECS: Record<ListResource, ListSpec> = {
  users: userCrud.listSpec,
  companies: companyCrud.listSpec,
  properties: propertyCrud.listSpec,
  units: unitCrud.listSpec,
  roles: roleCrud.listSpec,
};
const SCHEMAS: Record<ListResource, TSchema> = {
  users: UserSchema,
  companies: CompanySchema,
  properties: PropertySchema,
  units: UnitSchema,
  roles: RoleSchema,
};
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((r) => r.name);

describe('list parameters', () => {
  it('LIST_SEARCH_FIELDS are searchable keys of each resource’s list, which accepts them as q_in', async () => {
    // A declared resource's search box is also checked at start-up (server/crud/binding.ts).
    for (const [resource, fields] of Object.entries(LIST_SEARCH_FIELDS).filter(([r]) => Object.hasOwn(SPECS, r)) as [
      ListResource,
      readonly string[],
    ][]) {
      expect(Object.keys(SPECS[resource].searchable), resource).toEqual(expect.arrayContaining([...fields]));
      const res = await sa.get(`/${resource}?q=zz&${SEARCH_IN_PARAM}=${fields.join(',')}&page=1&per_page=5`);
      expect(res.statusCode, resource).toBe(200);
    }
  });

  it('every list route takes page, per_page, sort, q and q_in and answers { data, meta: { total, page, per_page } }', async () => {
    const urls = ['/users', '/users?all=true', '/companies', '/properties', '/units', '/roles'];
    for (const url of urls) {
      const resource = url.slice(1).split('?')[0] as ListResource;
      const sep = url.includes('?') ? '&' : '?';
      const query = `page=1&per_page=2&sort=name:desc&q=e&${SEARCH_IN_PARAM}=${LIST_SEARCH_FIELDS[resource].join(',')}`;
      const res = await sa.get(`${url}${sep}${query}`);
      expect(res.statusCode, url).toBe(200);
      const body = res.json();
      expect(Object.keys(body), url).toEqual(['data', 'meta']);
      expect(body.meta, url).toEqual({ total: expect.any(Number), page: 1, per_page: 2 });
      expect(body.data.length, url).toBeLessThanOrEqual(2);
    }
  });

  it('refuses an unknown q_in field with a field error naming the searchable ones', async () => {
    const res = await sa.get(`/units?q=flat&${SEARCH_IN_PARAM}=unit_type,secret`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message:
        'The selected search fields are invalid. Search in any of: name, unit_ref, unit_type, unit_status, property.',
      errors: {
        q_in: [
          'The selected search fields are invalid. Search in any of: name, unit_ref, unit_type, unit_status, property.',
        ],
      },
    });
    expect((await sa.get(`/users?${SEARCH_IN_PARAM}=password_hash`)).json().errors.q_in).toEqual([
      'The selected search fields are invalid. Search in any of: name, email.',
    ]);
    // Blank means all fields.
    expect((await sa.get(`/units?q=flat&${SEARCH_IN_PARAM}=`)).statusCode).toBe(200);
  });

  it('q_in restricts the search to the named fields; without it q searches them all', async () => {
    const company = await createCompany(db());
    const boss = apiAs(t, w.headers.super_admin, company.id);
    const home = await createProperty(db(), company.id, { name: 'Flatiron Court' });
    await createUnit(db(), home, { name: 'Flat 1', unitType: 'House' });
    await createUnit(db(), home, { name: 'Garden Unit', unitType: 'Flat' });
    await createUnit(db(), home, { name: 'Loft', unitType: 'Studio' });
    expect(names(await boss.get(`/units?q=flat&${SEARCH_IN_PARAM}=unit_type`))).toEqual(['Garden Unit']);
    expect(names(await boss.get(`/units?q=flat&${SEARCH_IN_PARAM}=name`))).toEqual(['Flat 1']);
    expect(names(await boss.get(`/units?q=flat&${SEARCH_IN_PARAM}=name,unit_type`))).toEqual(['Flat 1', 'Garden Unit']);
    // The property's name is searchable too: every unit of "Flatiron Court".
    expect(names(await boss.get(`/units?q=flat&${SEARCH_IN_PARAM}=property`))).toEqual([
      'Flat 1',
      'Garden Unit',
      'Loft',
    ]);
    expect(names(await boss.get('/units?q=flat'))).toEqual(['Flat 1', 'Garden Unit', 'Loft']);
    const page = (await boss.get(`/units?q=flat&${SEARCH_IN_PARAM}=unit_type&page=1&per_page=1&sort=name:desc`)).json();
    expect(page).toMatchObject({ data: [{ name: 'Garden Unit' }], meta: { total: 1, page: 1, per_page: 1 } });
  });

  it('the default sort is the whole list’s order; pages and the descending sort follow it', async () => {
    const company = await createCompany(db());
    const boss = apiAs(t, w.headers.super_admin, company.id);
    const home = await createProperty(db(), company.id);
    for (const name of ['b', 'A', 'c', 'B', 'a', 'C', 'b']) await createUnit(db(), home, { name });
    const whole = (await boss.get('/units')).json().data as { id: string; name: string }[];
    expect(whole.map((u) => u.name.toLowerCase())).toEqual(['a', 'a', 'b', 'b', 'b', 'c', 'c']);
    const paged: { id: string }[] = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await boss.get(`/units?page=${page}&per_page=3`)).json().data);
    expect(paged.map((u) => u.id)).toEqual(whole.map((u) => u.id));
    const desc = (await boss.get('/units?sort=name:desc')).json().data as { id: string }[];
    expect(desc.map((u) => u.id)).toEqual(whole.map((u) => u.id).reverse());
  });
});

describe('page totals', () => {
  let boss: Api;
  let empty: Api;
  let companyId: string;
  beforeAll(async () => {
    const company = await createCompany(db());
    companyId = company.id;
    boss = apiAs(t, w.headers.super_admin, company.id);
    empty = apiAs(t, w.headers.super_admin, (await createCompany(db())).id);
    const home = await createProperty(db(), company.id);
    // 10 units, 4 of them studios.
    for (let i = 0; i < 10; i++)
      await createUnit(db(), home, {
        name: `Unit ${String(i).padStart(2, '0')}`,
        unitType: i % 3 === 0 ? 'Studio' : 'Flat',
      });
  });

  const meta = async (api: Api, query: string) => {
    const body = (await api.get(`/units?${query}`)).json();
    return { rows: body.data.length as number, ...(body.meta as { total: number }) };
  };

  it('a full page counts the whole list in the same statement', async () => {
    expect(await meta(boss, 'page=1&per_page=4')).toEqual({ rows: 4, total: 10, page: 1, per_page: 4 });
    expect(await meta(boss, 'page=2&per_page=5')).toEqual({ rows: 5, total: 10, page: 2, per_page: 5 });
    expect(await meta(boss, 'page=1&per_page=2&q=studio')).toEqual({ rows: 2, total: 4, page: 1, per_page: 2 });
  });

  it('a page that is not full tells its total (offset + rows)', async () => {
    expect(await meta(boss, 'page=3&per_page=4')).toEqual({ rows: 2, total: 10, page: 3, per_page: 4 });
    expect(await meta(boss, 'page=1&per_page=25')).toEqual({ rows: 10, total: 10, page: 1, per_page: 25 });
    expect(await meta(boss, 'page=2&per_page=3&q=studio')).toEqual({ rows: 1, total: 4, page: 2, per_page: 3 });
  });

  it('past the last page: no rows, and the total still right', async () => {
    expect(await meta(boss, 'page=3&per_page=5')).toEqual({ rows: 0, total: 10, page: 3, per_page: 5 });
    expect(await meta(boss, 'page=9&per_page=4')).toEqual({ rows: 0, total: 10, page: 9, per_page: 4 });
    expect(await meta(boss, 'page=5&per_page=2&q=studio')).toEqual({ rows: 0, total: 4, page: 5, per_page: 2 });
    expect(await meta(boss, 'page=2&per_page=2&q=nothing-like-this')).toEqual({
      rows: 0,
      total: 0,
      page: 2,
      per_page: 2,
    });
  });

  it('empty lists answer 0', async () => {
    expect(await meta(empty, 'page=1&per_page=5')).toEqual({ rows: 0, total: 0, page: 1, per_page: 5 });
    expect(await meta(empty, 'page=4&per_page=5')).toEqual({ rows: 0, total: 0, page: 4, per_page: 5 });
    expect((await empty.get('/units?q=x')).json()).toEqual({ data: [], meta: { total: 0 } });
    expect((await empty.get('/units')).json()).toEqual({ data: [] });
  });

  it('one statement per page; only a page past the end counts apart', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ page: 1, per_page: 4 }, 1, 10],
      [{ page: 3, per_page: 4 }, 1, 10],
      [{ page: 1 }, 1, 10],
      [{}, 1, 10],
      [{ page: 7, per_page: 4 }, 2, 10],
    ];
    for (const [query, statements, total] of cases) {
      const counted = countingDb(db());
      const list = await unitCrud.list(counted.db, companyId, query);
      expect({ query, statements: counted.statements(), total: list.total }).toEqual({ query, statements, total });
    }
  });
});

describe('deep pages', () => {
  let boss: Api;
  let companyId: string;
  let whole: { id: string; name: string; unit_type: string }[];
  const COUNT = DEEP_OFFSET + 4010;
  beforeAll(async () => {
    const company = await createCompany(db());
    companyId = company.id;
    boss = apiAs(t, w.headers.super_admin, company.id);
    const home = await createProperty(db(), company.id);
    await db().execute(sql`
      insert into units (company_id, property_id, name, unit_type)
      select ${company.id}, ${home.id}, 'Unit ' || (g % 997) || case when g % 2 = 0 then ' a' else ' B' end, case when g % 3 = 0 then 'Studio' else 'Flat' end
      from generate_series(1, ${COUNT}) g`);
    whole = (await boss.get('/units')).json().data;
    expect(whole).toHaveLength(COUNT);
  });

  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

  it('are the same rows as the whole list’s slice, read from either end, with the exact total', async () => {
    const last = Math.ceil(COUNT / 25);
    for (const page of [1, 200, 201, 220, 300, last - 1, last]) {
      const body = (await boss.get(`/units?page=${page}&per_page=25`)).json();
      expect(body.meta, `page ${page}`).toEqual({ total: COUNT, page, per_page: 25 });
      expect(ids(body.data), `page ${page}`).toEqual(ids(whole.slice((page - 1) * 25, page * 25)));
    }
    expect((await boss.get(`/units?page=${last + 1}&per_page=25`)).json()).toEqual({
      data: [],
      meta: { total: COUNT, page: last + 1, per_page: 25 },
    });
    const desc = [...whole].reverse();
    for (const page of [2, 120, Math.ceil(COUNT / 50)]) {
      const body = (await boss.get(`/units?page=${page}&per_page=50&sort=name:desc`)).json();
      expect(ids(body.data), `desc page ${page}`).toEqual(ids(desc.slice((page - 1) * 50, page * 50)));
    }
  });

  it('searched: the same as the search of the whole list', async () => {
    const flats = whole.filter((u) => u.unit_type === 'Flat');
    expect(flats.length).toBeGreaterThan(DEEP_OFFSET + 10);
    for (const page of [1, 300, DEEP_OFFSET / 10 + 1, DEEP_OFFSET / 10 + 50, Math.ceil(flats.length / 10)]) {
      const body = (await boss.get(`/units?page=${page}&per_page=10&q=fla&q_in=unit_type`)).json();
      expect(body.meta.total, `page ${page}`).toBe(flats.length);
      expect(ids(body.data), `page ${page}`).toEqual(ids(flats.slice((page - 1) * 10, page * 10)));
    }
  });

  it('count first: two statements, one when past the end', async () => {
    for (const [query, statements] of [
      [{ page: DEEP_OFFSET / 25 + 1, per_page: 25 }, 2],
      [{ page: Math.ceil(COUNT / 25), per_page: 25 }, 2],
      [{ page: Math.ceil(COUNT / 25) + 1, per_page: 25 }, 1],
    ] as const) {
      const counted = countingDb(db());
      const list = await unitCrud.list(counted.db, companyId, query);
      expect({ query, statements: counted.statements(), total: list.total }).toEqual({
        query,
        statements,
        total: COUNT,
      });
    }
  });
});

describe('rows written by PostgreSQL', () => {
  it('match the route’s response schema key for key, whole and paged', async () => {
    const urls: [ListResource, string][] = [
      ['users', '/users'],
      ['users', '/users?all=true&page=1&per_page=3'],
      ['companies', '/companies'],
      ['companies', '/companies?page=1&per_page=2'],
      ['properties', '/properties'],
      ['properties', '/properties?page=1&per_page=1'],
      ['units', '/units'],
      ['units', '/units?page=1&per_page=1&sort=property'],
      ['roles', '/roles'],
      ['roles', '/roles?page=1&per_page=2'],
    ];
    for (const [resource, url] of urls) {
      const res = await sa.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      const rows = res.json().data as Record<string, unknown>[];
      expect(rows.length, url).toBeGreaterThan(0);
      const schema = SCHEMAS[resource] as TSchema & { properties: Record<string, unknown> };
      for (const row of rows) {
        expect(Object.keys(row).sort(), url).toEqual(Object.keys(schema.properties).sort());
        expect(
          [...Value.Errors(schema, row)].map((e) => e.message),
          url,
        ).toEqual([]);
      }
    }
  });
});
