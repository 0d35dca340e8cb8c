// Capped counts (contract/lists.ts COUNT_PARAM): with `count=capped` a page's total is
// counted only up to COUNT_CAP rows past the page, and `meta.more` says the count stopped there.
// Exact below the cap, the counted number and `more` above it, deep pages read forwards; without
// the parameter the total stays exact; a bad value is refused with a field error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany } from './factories';
import { apiAs, createProperty, createWorld, type Api, type World } from './resources-fixtures';
import { COUNT_CAP } from '../../contract/lists';
import { DEEP_OFFSET } from '../../server/lists/listRows';
import { unitCrud } from '../../server/units/binding';
import { countingDb } from './counting-db';

let t: TestApp;
let w: World;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

type Unit = { id: string; name: string; unit_type: string };
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

/** A company of `count` units; unit g is a studio when g % 10 = 0, a flat otherwise. Its whole list, in the default
 * order. */
async function companyOf(count: number): Promise<{ api: Api; companyId: string; whole: Unit[] }> {
  const company = await createCompany(db());
  const api = apiAs(t, w.headers.super_admin, company.id);
  const home = await createProperty(db(), company.id);
  await db().execute(sql`
    insert into units (company_id, property_id, name, unit_type)
    select ${company.id}, ${home.id}, 'Unit ' || lpad((g % 997)::text, 3, '0') || case when g % 2 = 0 then ' a' else ' B' end,
      case when g % 10 = 0 then 'Studio' else 'Flat' end
    from generate_series(1, ${count}) g`);
  const whole = (await api.get('/units')).json().data as Unit[];
  expect(whole).toHaveLength(count);
  return { api, companyId: company.id, whole };
}

describe('count=capped', () => {
  // 2 100 units: 210 studios (fewer than the cap) and 1 890 flats (more than page + cap).
  let api: Api;
  let companyId: string;
  let flats: Unit[];
  let studios: Unit[];
  beforeAll(async () => {
    const made = await companyOf(2 * COUNT_CAP + 100);
    ({ api, companyId } = made);
    flats = made.whole.filter((u) => u.unit_type === 'Flat');
    studios = made.whole.filter((u) => u.unit_type === 'Studio');
    expect(flats.length).toBeGreaterThan(10 + COUNT_CAP);
  });

  const page = async (query: string) => {
    const res = await api.get(`/units?${query}`);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { data: Unit[]; meta: Record<string, unknown> };
  };

  it('is exact below the cap, with no `more`', async () => {
    const body = await page('page=2&per_page=10&q=studio&q_in=unit_type&count=capped');
    expect(body.meta).toEqual({ total: studios.length, page: 2, per_page: 10 });
    expect(ids(body.data)).toEqual(ids(studios.slice(10, 20)));
    // A page that reaches past offset + per_page + cap counts every match.
    expect((await page('page=50&per_page=20&q=flat&count=capped')).meta).toEqual({
      total: flats.length,
      page: 50,
      per_page: 20,
    });
  });

  it('above the cap answers the rows counted (offset + per_page + cap) and more: true', async () => {
    const res = await api.get('/units?page=1&per_page=10&q=flat&q_in=unit_type&count=capped');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Unit[]; meta: Record<string, unknown> };
    expect(body.meta).toEqual({ total: 10 + COUNT_CAP, page: 1, per_page: 10, more: true });
    expect(ids(body.data)).toEqual(ids(flats.slice(0, 10)));
    // `more` follows the page's place: further on, more rows are counted.
    const later = await page('page=40&per_page=20&q=flat&q_in=unit_type&count=capped');
    expect(later.meta).toEqual({ total: 800 + COUNT_CAP, page: 40, per_page: 20, more: true });
    expect(ids(later.data)).toEqual(ids(flats.slice(780, 800)));
    // Sorted the other way: the same count, the rows from the other end.
    const desc = await page('page=1&per_page=10&q=flat&q_in=unit_type&sort=name:desc&count=capped');
    expect(desc.meta).toEqual({ total: 10 + COUNT_CAP, page: 1, per_page: 10, more: true });
    expect(ids(desc.data)).toEqual(ids([...flats].reverse().slice(0, 10)));
  });

  it('a last page that is not full, or one past the end, is exact', async () => {
    const last = Math.ceil(flats.length / 25);
    expect((await page(`page=${last}&per_page=25&q=flat&count=capped`)).meta).toEqual({
      total: flats.length,
      page: last,
      per_page: 25,
    });
    expect(await page(`page=${last + 3}&per_page=25&q=flat&count=capped`)).toEqual({
      data: [],
      meta: { total: flats.length, page: last + 3, per_page: 25 },
    });
    expect(await page('page=1&per_page=10&q=nothing-like-this&count=capped')).toEqual({
      data: [],
      meta: { total: 0, page: 1, per_page: 10 },
    });
  });

  it('without count (or count=exact) the total stays exact', async () => {
    for (const query of [
      'page=1&per_page=10&q=flat&q_in=unit_type',
      'page=1&per_page=10&q=flat&q_in=unit_type&count=exact',
    ]) {
      const body = await page(query);
      expect(body.meta, query).toEqual({ total: flats.length, page: 1, per_page: 10 });
      expect(ids(body.data), query).toEqual(ids(flats.slice(0, 10)));
    }
    expect((await page('page=1&per_page=10')).meta).toEqual({ total: 2 * COUNT_CAP + 100, page: 1, per_page: 10 });
  });

  it('an unpaged list holds every row and counts them all', async () => {
    const body = await page('q=flat&count=capped');
    expect(body.meta).toEqual({ total: flats.length });
    expect(ids(body.data)).toEqual(ids(flats));
  });

  it('is still one statement per page, its text the same for every page (the cap is a parameter)', async () => {
    const counted = countingDb(db());
    const list = await unitCrud.list(counted.db, companyId, { page: 1, per_page: 10, q: 'flat', count: 'capped' });
    expect({ statements: counted.statements(), total: list.total, more: list.more }).toEqual({
      statements: 1,
      total: 10 + COUNT_CAP,
      more: true,
    });
    await unitCrud.list(counted.db, companyId, { page: 7, per_page: 10, q: 'studio', count: 'capped' });
    const [first, seventh] = counted.texts();
    expect(seventh).toBe(first);
    expect(first).toMatch(/limit \$\d+\) as counted/);
  });

  it('refuses any other count with a field error, changing nothing', async () => {
    for (const junk of ['approx', 'CAPPED', '', '1000', 'capped,exact']) {
      const res = await api.get(`/units?page=1&per_page=10&q=flat&count=${encodeURIComponent(junk)}`);
      expect(res.statusCode, junk).toBe(422);
      expect(res.json(), junk).toEqual({
        message: 'The selected count is invalid.',
        errors: { count: ['The selected count is invalid.'] },
      });
    }
    const twice = await api.get('/units?page=1&per_page=10&count=capped&count=exact');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toHaveProperty('count');
  });
});

describe('count=capped on deep pages', () => {
  let api: Api;
  let companyId: string;
  let flats: Unit[];
  beforeAll(async () => {
    const made = await companyOf(DEEP_OFFSET + 2 * COUNT_CAP + 500);
    ({ api, companyId } = made);
    flats = made.whole.filter((u) => u.unit_type === 'Flat');
    expect(flats.length).toBeGreaterThan(DEEP_OFFSET + 10 + COUNT_CAP);
  });

  it('a deep page with more is read forwards: the same rows as the whole search', async () => {
    const deep = DEEP_OFFSET / 10 + 1;
    for (const [query, slice] of [
      [`page=${deep}&per_page=10&q=flat&q_in=unit_type&count=capped`, flats.slice(DEEP_OFFSET, DEEP_OFFSET + 10)],
      [
        `page=${deep}&per_page=10&q=flat&q_in=unit_type&sort=name:desc&count=capped`,
        [...flats].reverse().slice(DEEP_OFFSET, DEEP_OFFSET + 10),
      ],
    ] as const) {
      const body = (await api.get(`/units?${query}`)).json();
      expect(body.meta, query).toEqual({ total: DEEP_OFFSET + 10 + COUNT_CAP, page: deep, per_page: 10, more: true });
      expect(ids(body.data), query).toEqual(ids(slice));
    }
    const counted = countingDb(db());
    const list = await unitCrud.list(counted.db, companyId, { page: deep, per_page: 10, q: 'flat', count: 'capped' });
    expect({ statements: counted.statements(), total: list.total, more: list.more }).toEqual({
      statements: 2,
      total: DEEP_OFFSET + 10 + COUNT_CAP,
      more: true,
    });
  });

  it('a deep page near the end is exact and read from the end, as without the cap', async () => {
    const last = Math.ceil(flats.length / 10);
    for (const p of [last - 1, last]) {
      const body = (await api.get(`/units?page=${p}&per_page=10&q=flat&count=capped`)).json();
      expect(body.meta, `page ${p}`).toEqual({ total: flats.length, page: p, per_page: 10 });
      expect(ids(body.data), `page ${p}`).toEqual(ids(flats.slice((p - 1) * 10, p * 10)));
    }
  });
});

describe('count=capped on the users list', () => {
  const BULK = COUNT_CAP + 100;
  beforeAll(async () => {
    await db().execute(sql`
      with made as (
        insert into users (name, username, email)
        select 'Bulk Person ' || lpad(g::text, 5, '0'), 'bulk' || g, 'bulk' || g || '@capped.example'
        from generate_series(1, ${BULK}) g returning id)
      insert into user_companies (user_id, company_id) select id, ${w.own.id} from made`);
  });

  it('the company’s admin (rows shaped per caller) and the super admin’s all=true both answer more', async () => {
    const admin = apiAs(t, w.headers.admin, w.own.id);
    const sa = apiAs(t, w.headers.super_admin, w.own.id);
    for (const [api, url] of [
      [admin, '/users?page=1&per_page=10&q=bulk&count=capped'],
      [sa, '/users?all=true&page=1&per_page=10&q=bulk&count=capped'],
    ] as const) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(200);
      const body = res.json() as { data: { name: string }[]; meta: unknown };
      expect(body.meta, url).toEqual({ total: 10 + COUNT_CAP, page: 1, per_page: 10, more: true });
      expect(
        body.data.map((u) => u.name),
        url,
      ).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Person ${String(i + 1).padStart(5, '0')}`));
      const exact = (await api.get(url.replace('&count=capped', ''))).json();
      expect(exact.meta, url).toEqual({ total: BULK, page: 1, per_page: 10 });
    }
  });
});
