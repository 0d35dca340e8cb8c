// The junk-input attack (tests/server/resources-junk.test.ts): every body field of a resource route
// (taken from the route's own schema, so new fields are covered) gets junk of every kind on top of an
// otherwise valid body; junk ids and query strings hit every resource. Structural junk must answer
// 422 with an error on that very field; the rest may succeed or be refused, never crash. Declared
// resources come from the context's fixtures (./declared-fixtures.ts).
import { apiAs, unique } from './resources-fixtures';
import type { AttackContext } from './declared-fixtures';
import { createRole, createUser } from './factories';
import type { RouteEntry } from '../../server/http/routeAccess';
import { bulkFields } from '../../contract/bulk';

/** Always wrong for any field: an object where a value belongs, a nested list. */
export const STRUCTURAL: unknown[] = [{ nested: { deeper: true } }, [[1, 2], [3]]];
/** Odd but possibly acceptable for some field: must never crash. */
export const ODD: unknown[] = [
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
export const JUNK_IDS = [
  '%00',
  '..%2F..',
  "x'; drop table users; --",
  'a'.repeat(64),
  '00000000-0000-0000-0000-000000000000',
];
export const JUNK_QUERIES = [
  'q=%00',
  'q=%25%5F%5C',
  'sort=name;drop',
  'page=99999999999',
  'per_page=-5',
  'sort=',
  'q=',
];

export const bodyFields = (route: RouteEntry) =>
  Object.keys((route.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});

/** One junk request: what was sent, what came back, and what is wrong with it (null: nothing). */
export interface JunkOutcome {
  tag: string;
  route?: RouteEntry;
  field?: string;
  structural: boolean;
  status: number;
  errors?: Record<string, string[]>;
  problem: string | null;
}

export function junkAttack({ t, w, fx }: AttackContext) {
  const db = () => t.database.db;
  const sa = apiAs(t, w.headers.super_admin, w.own.id);

  /** A record to aim at and a valid body to spoil, for one route. */
  async function base(route: RouteEntry): Promise<{ url: string; body: Record<string, unknown> }> {
    const resource = route.url.replace('/api/v1/', '').split('/')[0];
    const name = unique('Junk');
    let url = route.url;
    if (url.includes('/integrations/')) return { url: url.replace(':id', w.own.id), body: {} };
    // Hand-written fixtures first: a resource that is also declared keeps the one proven here.
    switch (resource) {
      case 'users':
        url = url.replace(':id', (await createUser(db(), { companies: [w.own] })).id);
        return { url, body: { name, email: `${name.toLowerCase()}@example.test` } };
      case 'roles':
        return {
          url: url.replace(':id', (await createRole(db(), 'Olympus', unique('role').toLowerCase())).id),
          body: { name: name.toLowerCase(), label: name },
        };
    }
    const declared = fx.named(resource);
    // A bulk change of a fresh record: an update of its bulk-editable fields where it has some, else a delete.
    if (declared && url.endsWith('/bulk')) {
      const ids = [await fx.recordIn({ t, w }, declared, w.own, true)];
      const fields = bulkFields(declared);
      if (fields.length === 0) return { url, body: { action: 'delete', ids } };
      const full = await fx.validBody({ t, w }, declared, w.own, true);
      return { url, body: { action: 'update', ids, values: Object.fromEntries(fields.map((f) => [f, full[f]])) } };
    }
    if (declared)
      return {
        url: url.replace(':id', await fx.recordIn({ t, w }, declared, w.own, true)),
        body: await fx.validBody({ t, w }, declared, w.own),
      };
    throw new Error(`junk test: no base body for ${route.method} ${route.url} — add one`);
  }

  return {
    /** Every field of every route × every kind of junk, as a super admin in the own company. */
    async junkFields(routes: RouteEntry[]): Promise<JunkOutcome[]> {
      const outcomes: JunkOutcome[] = [];
      for (const route of routes.filter((r) => !r.url.includes(':integration'))) {
        const { url, body } = await base(route);
        for (const field of bodyFields(route)) {
          for (const junk of [...STRUCTURAL, ...ODD]) {
            const res = await sa.request(route.method, url.replace('/api/v1', ''), { ...body, [field]: junk });
            const tag = `${route.method} ${route.url} ${field}=${JSON.stringify(junk).slice(0, 40)}`;
            const structural = STRUCTURAL.includes(junk);
            const errors =
              res.statusCode === 422 ? (res.json().errors as Record<string, string[]> | undefined) : undefined;
            let problem: string | null = null;
            if (res.statusCode >= 500) problem = `${tag}: ${res.statusCode} ${res.body}`;
            else if (![200, 201, 409, 422].includes(res.statusCode))
              problem = `${tag}: unexpected ${res.statusCode} ${res.body}`;
            else if (structural && !(res.statusCode === 422 && errors?.[field]))
              problem = `${tag}: ${res.statusCode} ${res.body}`;
            outcomes.push({ tag, route, field, structural, status: res.statusCode, errors, problem });
          }
        }
      }
      return outcomes;
    },

    /** Junk ids (404 or 422) and junk query strings (never a 5xx) on each resource's routes. */
    async junkIdsAndQueries(resources: readonly string[]): Promise<JunkOutcome[]> {
      const outcomes: JunkOutcome[] = [];
      for (const id of JUNK_IDS) {
        for (const resource of resources) {
          const res = await sa.get(`/${resource}/${id}`);
          const tag = `${resource}/${id}`;
          outcomes.push({
            tag,
            structural: false,
            status: res.statusCode,
            problem: [404, 422].includes(res.statusCode) ? null : `${tag}: ${res.statusCode} ${res.body}`,
          });
        }
      }
      for (const q of JUNK_QUERIES) {
        for (const resource of resources) {
          const res = await sa.get(`/${resource}?${q}`);
          const tag = `${resource}?${q}`;
          outcomes.push({
            tag,
            structural: false,
            status: res.statusCode,
            problem: res.statusCode < 500 ? null : `${tag}: ${res.statusCode} ${res.body}`,
          });
        }
      }
      return outcomes;
    },
  };
}
