// Never a 500 on bad input: every field of every resource body (taken from the routes' own schemas,
// so new fields are covered) gets junk of every kind on top of an otherwise valid body. Structural
// junk must answer 422 with an error on that very field; the rest may succeed or be refused, never crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld, unique, type Api, type World } from './resources-fixtures';
import { DECLARED_RESOURCES, declaredNamed, recordIn, validBody } from './declared-fixtures';
import { createRole, createUser } from './factories';
import { routeTable, type RouteEntry } from '../../server/resources/access';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

/** Always wrong for any field: an object where a value belongs, a nested list. */
const STRUCTURAL: unknown[] = [{ nested: { deeper: true } }, [[1, 2], [3]]];
/** Odd but possibly acceptable for some field: must never crash. */
const ODD: unknown[] = [
  null,
  '',
  ' ',
  'x'.repeat(6000),
  -1,
  0,
  1e308,
  -1e308,
  3.14159,
  true,
  false,
  [],
  ['a', 'b'],
  '<script>alert(1)</script>',
  "' or '1'='1' --",
  'null\u0000byte',
  '\ud83c\udfe0 ünïcödé',
  '\ud800',
  '00000000-0000-4000-8000-000000000000',
  '../../etc/passwd',
  'https://evil.example/',
  '2025-13-45',
];

async function base(route: RouteEntry): Promise<{ url: string; body: Record<string, unknown> }> {
  const resource = route.url.replace('/api/v1/', '').split('/')[0];
  const name = unique('Junk');
  let url = route.url;
  if (url.includes('/integrations/')) return { url: url.replace(':id', w.own.id), body: {} };
  const declared = declaredNamed(resource);
  if (declared) return { url: url.replace(':id', await recordIn({ t, w }, declared, w.own, true)), body: await validBody({ t, w }, declared, w.own) };
  switch (resource) {
    case 'users':
      url = url.replace(':id', (await createUser(db(), { companies: [w.own] })).id);
      return { url, body: { name, email: `${name.toLowerCase()}@example.test` } };
    case 'roles':
      return { url: url.replace(':id', (await createRole(db(), 'Olympus', unique('role').toLowerCase())).id), body: { name: name.toLowerCase(), label: name } };
    default:
      throw new Error(`junk test: no base body for ${route.method} ${route.url} — add one`);
  }
}

const bodyFields = (route: RouteEntry) => Object.keys((route.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});

/** Every resource with list and record routes: the hand-written ones and every declared one. */
const RESOURCES = ['users', 'roles', ...DECLARED_RESOURCES.map((d) => d.name)];

describe('junk input', () => {
  it('reaches every body field of every resource', () => {
    const fields = routeTable()
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .flatMap((r) => bodyFields(r).map((f) => `${r.method} ${r.url} ${f}`));
    expect(fields.length).toBeGreaterThan(100);
    expect(fields).toEqual(expect.arrayContaining(['POST /api/v1/units bedrooms', 'PUT /api/v1/users/:id companies', 'PUT /api/v1/companies/:id/integrations/maintenance out_of_hours_phone']));
  });

  for (const method of ['POST', 'PUT']) {
    it(`${method}: every field × every kind of junk: 422 on that field for structural junk, never a 5xx`, async () => {
      const problems: string[] = [];
      for (const route of routeTable().filter((r) => r.method === method && !r.url.includes(':integration'))) {
        const { url, body } = await base(route);
        for (const field of bodyFields(route)) {
          for (const junk of [...STRUCTURAL, ...ODD]) {
            const res = await sa.request(method, url.replace('/api/v1', ''), { ...body, [field]: junk });
            const tag = `${method} ${route.url} ${field}=${JSON.stringify(junk).slice(0, 40)}`;
            if (res.statusCode >= 500) problems.push(`${tag}: ${res.statusCode} ${res.body}`);
            else if (![200, 201, 409, 422].includes(res.statusCode)) problems.push(`${tag}: unexpected ${res.statusCode} ${res.body}`);
            else if (STRUCTURAL.includes(junk) && !(res.statusCode === 422 && res.json().errors?.[field])) problems.push(`${tag}: ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('a body that is not an object, or not JSON, is refused cleanly', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null', '{"name":', '']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/companies', headers: { ...w.headers.super_admin, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().message, payload).toEqual(expect.any(String));
    }
  });

  it('junk ids and query strings never crash', async () => {
    for (const id of ['%00', '..%2F..', "x'; drop table users; --", 'a'.repeat(64), '00000000-0000-0000-0000-000000000000']) {
      for (const resource of RESOURCES) {
        const res = await sa.get(`/${resource}/${id}`);
        expect([404, 422], `${resource}/${id}`).toContain(res.statusCode);
      }
    }
    for (const q of ['q=%00', 'q=%25%5F%5C', 'sort=name;drop', 'page=99999999999', 'per_page=-5', 'sort=', 'q=']) {
      for (const resource of RESOURCES) {
        const res = await sa.get(`/${resource}?${q}`);
        expect(res.statusCode, `${resource}?${q}`).toBeLessThan(500);
      }
    }
  });
});
