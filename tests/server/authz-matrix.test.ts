// The authorization matrix of issue 3: every resource route × every role (super_admin, admin,
// system_user, no role, guest) × own and another company. The routes come from the server's own
// route table (server/resources/access.ts), so a new route is in the matrix the moment it exists;
// the expected answers come from contract/access.ts AREAS, the roles' grants and SPEC §6 — not
// from the route table — and the table's metadata is checked against the same rules first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createCompany, createRole, createSystem, createUser, OLYMPUS_GRANTS } from './factories';
import { apiAs, createWorld, unique, type RoleKey, type World } from './resources-fixtures';
import { apiBase, DECLARED_AREAS, DECLARED_RESOURCES, DECLARED_SCOPED, declaredNamed, recordIn, validBody } from './declared-fixtures';
import { routeTable, type RouteEntry } from '../../server/resources/access';
import { ACCESS_REVIEW_PERMISSION, AREA, AREAS, mayOpenArea, type AreaKey } from '../../contract/access';
import { hasPermission, SUPER_ADMIN, SYSTEM_USER } from '../../contract/roles';

type Caller = RoleKey | 'guest';
type Variant = 'own' | 'other';
const CALLERS: Caller[] = ['super_admin', 'admin', 'system_user', 'none', 'guest'];
const VARIANTS: Variant[] = ['own', 'other'];

/** The resource a URL belongs to: its first segment under /api/v1. */
const resourceOf = (url: string) => url.replace(/^\/api\/v1\//, '').split('/')[0];
const isIntegrationRoute = (url: string) => url.includes('/integrations');

/** SPEC §6 areas of each resource (integration routes hang under companies/company); declared resources name theirs. */
const AREA_OF: Record<string, AreaKey> = {
  ...DECLARED_AREAS,
  users: 'users',
  roles: 'roles',
  permissions: 'roles',
};
/** The access review: its own SPA area, whose routes need the permission to change users. */
const isReviewRoute = (url: string) => url === '/api/v1/users/review' || url.startsWith('/api/v1/users/review/');
const expectedArea = (url: string): AreaKey => (isReviewRoute(url) ? 'accessReview' : isIntegrationRoute(url) ? 'integrations' : AREA_OF[resourceOf(url)]);
const expectedPermission = (route: RouteEntry): string => (isReviewRoute(route.url) ? ACCESS_REVIEW_PERMISSION : `${expectedArea(route.url)}.${expectedVerb(route)}`);

/** Tenant-scoped resources (DESIGN §3): records of another company answer 404. */
const SCOPED = new Set(['users', ...DECLARED_SCOPED]);
/** The server bars these beyond contract/access.ts (issue 3: integrations also barred for system_user). */
const SERVER_ALSO_BARS: Partial<Record<AreaKey, string[]>> = { integrations: [SYSTEM_USER] };

function expectedVerb(route: RouteEntry): string {
  // A user's sessions are part of changing the user: seen and ended by whoever may update them.
  if (route.url.startsWith('/api/v1/users/:id/sessions')) return 'update';
  // So is their second factor: seen and reset by whoever may update them.
  if (route.url.startsWith('/api/v1/users/:id/two-factor')) return 'update';
  // And their set-password link: seen, resent and copied by whoever may update them.
  if (route.url === '/api/v1/users/:id/invitation') return 'update';
  if (route.method === 'POST') return 'create';
  if (route.method === 'PUT') return 'update';
  if (route.method === 'DELETE') return 'delete';
  if (route.url.endsWith('/create')) return 'create';
  if (route.url.endsWith('/edit')) return 'update';
  return 'view';
}

const hasId = (url: string) => url.includes(':id');
const success = (route: RouteEntry) =>
  route.url.includes(':integration') ? 404 : route.method === 'POST' && !route.url.endsWith('/revoke') && !route.url.endsWith('/two-factor/reset') && !route.url.endsWith('/invitation') && !isReviewRoute(route.url)
    ? 201
    : 200;

function expectedStatus(route: RouteEntry, caller: Caller, variant: Variant): number {
  if (caller === 'guest') return 401;
  const viewer = { role: caller === 'none' ? null : caller, permissions: caller === 'none' ? [] : OLYMPUS_GRANTS[caller] };
  const area = expectedArea(route.url);
  if (!mayOpenArea(AREA[area], viewer)) return 403;
  if (SERVER_ALSO_BARS[area]?.includes(caller)) return 403;
  if (caller !== SUPER_ADMIN && !hasPermission(viewer.permissions, expectedPermission(route))) return 403;
  const resource = resourceOf(route.url);
  if (variant === 'other' && SCOPED.has(resource)) {
    // Collection routes are called with the other company as X-Tenant: only super_admin may use it.
    if (!hasId(route.url)) return caller === SUPER_ADMIN ? success(route) : 403;
    // A super_admin reaches any user (they may list them all); other records stay in their tenant.
    return resource === 'users' && caller === SUPER_ADMIN ? success(route) : 404;
  }
  return success(route);
}

let t: TestApp;
let w: World;
/** Every answer the matrix saw, to prove it exercised each outcome. */
const seen = new Set<number>();
let routes: RouteEntry[];
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  routes = routeTable();
});
afterAll(() => t.close());

/** The record a route is called on: shared for reads, fresh for writes so calls cannot disturb each other. */
async function recordId(resource: string, company: { id: string }, fresh: boolean): Promise<string> {
  const declared = declaredNamed(resource);
  if (declared) return recordIn({ t, w }, declared, company, fresh);
  switch (resource) {
    case 'users':
      return (await createUser(db(), { role: 'system_user', companies: [company] })).id;
    case 'company':
      return fresh ? (await createCompany(db())).id : company.id;
    case 'roles':
      return (await createRole(db(), 'Olympus', unique('role'), ['users.view'])).id;
    default:
      throw new Error(`authz matrix: no fixture for resource "${resource}" — add one for the new route`);
  }
}

async function bodyFor(route: RouteEntry, tenant: { id: string }): Promise<unknown> {
  const resource = resourceOf(route.url);
  if (isIntegrationRoute(route.url)) return { tenant_id: 'T-1', branch_id: 'B-1', api_url: 'https://fixflo.example/api' };
  const name = unique('Name');
  // The review's actions name users: a fresh one of the company called with.
  if (isReviewRoute(route.url)) {
    const ids = [(await createUser(db(), { role: 'system_user', companies: [tenant] })).id];
    return route.url.endsWith('/remove-access') ? { ids, system: (await createSystem(db(), 'Everest')).id } : { ids };
  }
  if (route.url.endsWith('/invitation')) return { mail: false };
  const declared = declaredNamed(resource);
  if (declared) return validBody({ t, w }, declared, tenant);
  switch (resource) {
    case 'users':
      return { name, email: `${name.toLowerCase()}@example.test` };
    case 'roles':
      return { name: name.toLowerCase(), label: name, permissions: ['users.view'] };
    default:
      throw new Error(`authz matrix: no body for ${route.method} ${route.url} — add one for the new route`);
  }
}

async function call(route: RouteEntry, caller: Caller, variant: Variant): Promise<number> {
  const resource = resourceOf(route.url);
  const scoped = SCOPED.has(resource);
  const recordCompany = variant === 'other' ? w.other : w.own;
  // Scoped collection routes try the other company as X-Tenant; everything else runs in the own one.
  const tenant = scoped && variant === 'other' && !hasId(route.url) ? w.other : w.own;
  let url = route.url;
  if (hasId(url)) {
    const id = await recordId(resource, recordCompany, route.method !== 'GET');
    // A reset needs a second factor to reset (a user without one answers 409).
    if (route.url.endsWith('/two-factor/reset')) await db().execute(sql`update users set totp_enabled_at = now() where id = ${id}`);
    // An invitation is for a user who has not set a password (one with a password answers 409).
    if (route.url.endsWith('/invitation')) await db().execute(sql`update users set password_hash = null where id = ${id}`);
    url = url.replace(':id', id);
  }
  url = url.replace(':integration', 'no-such-integration');
  const body = route.method === 'POST' || route.method === 'PUT' ? await bodyFor(route, tenant) : undefined;
  const api = apiAs(t, caller === 'guest' ? null : w.headers[caller], tenant.id);
  const res = await api.request(route.method, url, body);
  if (res.statusCode >= 500) throw new Error(`${route.method} ${url} as ${caller}: ${res.statusCode} ${res.body}`);
  return res.statusCode;
}

describe('the route table', () => {
  it('covers every admin area of SPEC §6 that issue 3 serves', () => {
    const areas = new Set(routes.map((r) => r.access.area));
    for (const area of AREAS.map((a) => a.key).filter((k) => k !== 'home' && k !== 'reports')) expect(areas, area).toContain(area);
    // Each resource answers list, create form, one, edit form, create, update, delete.
    for (const base of ['/api/v1/users', '/api/v1/roles', ...DECLARED_RESOURCES.map(apiBase)]) {
      const have = routes.filter((r) => r.url === base || r.url.startsWith(base + '/')).map((r) => `${r.method} ${r.url.slice(base.length) || '/'}`);
      expect(have, base).toEqual(expect.arrayContaining(['GET /', 'GET /create', 'GET /:id', 'GET /:id/edit', 'POST /', 'PUT /:id', 'DELETE /:id']));
    }
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/permissions', 'GET /api/v1/company/:id/integrations', 'GET /api/v1/companies/:id/integrations/accounting/edit', 'PUT /api/v1/companies/:id/integrations/accounting']),
    );
  });

  it('declares the SPEC §6 area, the permission and the tenancy each route needs', () => {
    for (const r of routes) {
      const area = expectedArea(r.url);
      expect(r.access.area, `${r.method} ${r.url}`).toBe(area);
      expect(r.access.permission, `${r.method} ${r.url}`).toBe(expectedPermission(r));
      expect(r.access.tenant, `${r.method} ${r.url}`).toBe(SCOPED.has(resourceOf(r.url)) ? 'scoped' : 'global');
    }
  });
});

describe('every route × every role × own and another company', () => {
  // Registered lazily: the table fills when the app is built in beforeAll.
  it('has routes to test', () => expect(routes.length).toBeGreaterThan(40));

  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
    it(`${method} routes answer as SPEC §6 and the tenancy rules say`, async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const route of routes.filter((r) => r.method === method)) {
        for (const caller of CALLERS) {
          for (const variant of VARIANTS) {
            const want = expectedStatus(route, caller, variant);
            const got = await call(route, caller, variant);
            seen.add(got);
            checked++;
            if (got !== want) mismatches.push(`${route.method} ${route.url} as ${caller} (${variant}): got ${got}, want ${want}`);
          }
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('HEAD twins of GET routes are checked like them (they run the handler too)', async () => {
    const mismatches: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const caller of CALLERS) {
        const want = expectedStatus(route, caller, 'own');
        let url = route.url;
        if (hasId(url)) url = url.replace(':id', await recordId(resourceOf(url), w.own, false));
        url = url.replace(':integration', 'no-such-integration');
        const headers: Record<string, string> = { 'x-tenant': w.own.id, ...(caller === 'guest' ? {} : w.headers[caller]) };
        const res = await t.app.inject({ method: 'HEAD', url, headers });
        if (res.statusCode !== want) mismatches.push(`HEAD ${route.url} as ${caller}: got ${res.statusCode}, want ${want}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('saw every outcome: success, 401, 403 and 404', () => {
    expect([...seen].sort()).toEqual([200, 201, 401, 403, 404]);
  });
});
