// The authorization matrix: every resource route × every role (super_admin, admin, system_user, no
// role, guest) × own and another company. The routes come from the server's own route table
// (server/http/routeAccess.ts), so a new route is in the matrix the moment it exists; the expected
// answers come from contract/access.ts AREAS and the roles' grants — not from the route
// table — and the table's metadata is checked against the same rules first. The attack itself is
// ./authz-attack.ts, over the declared resources of ./declared-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createWorld } from './resources-fixtures';
import { apiBase, declaredFixtures, uniqueNames } from './declared-fixtures';
import { authorizationMatrix, mismatchesOf } from './authz-attack';
import { routeTable, type RouteEntry } from '../../server/http/routeAccess';
import { AREAS } from '../../contract/access';

const fx = declaredFixtures();
let t: TestApp;
let matrix: ReturnType<typeof authorizationMatrix>;
/** Every answer the matrix saw, to prove it exercised each outcome. */
const seen = new Set<number>();
let routes: RouteEntry[];

beforeAll(async () => {
  t = await createTestApp();
  matrix = authorizationMatrix({ t, w: await createWorld(t.database.db), fx });
  routes = routeTable(t.app);
});
afterAll(() => t.close());

describe('the route table', () => {
  it('covers every admin area but home and reports', () => {
    const areas = new Set(routes.map((r) => r.access.area));
    for (const area of AREAS.map((a) => a.key).filter((k) => k !== 'home' && k !== 'reports'))
      expect(areas, area).toContain(area);
    // Each resource answers list, create form, one, edit form, create, update, delete.
    for (const base of uniqueNames(['/api/v1/users', '/api/v1/roles', ...fx.resources.map(apiBase)])) {
      const have = routes
        .filter((r) => r.url === base || r.url.startsWith(base + '/'))
        .map((r) => `${r.method} ${r.url.slice(base.length) || '/'}`);
      expect(have, base).toEqual(
        expect.arrayContaining([
          'GET /',
          'GET /create',
          'GET /:id',
          'GET /:id/edit',
          'POST /',
          'PUT /:id',
          'DELETE /:id',
        ]),
      );
    }
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/permissions',
        'GET /api/v1/company/:id/integrations',
        'GET /api/v1/companies/:id/integrations/accounting/edit',
        'PUT /api/v1/companies/:id/integrations/accounting',
      ]),
    );
  });

  it('declares the area, the permission and the tenancy each route needs', () => {
    for (const r of routes) {
      expect(r.access.area, `${r.method} ${r.url}`).toBe(matrix.expectedArea(r.url));
      expect(r.access.permission, `${r.method} ${r.url}`).toBe(matrix.expectedPermission(r));
      expect(r.access.tenant, `${r.method} ${r.url}`).toBe(matrix.isScoped(r.url) ? 'scoped' : 'global');
    }
  });
});

describe('every route × every role × own and another company', () => {
  // Registered lazily: the table fills when the app is built in beforeAll.
  it('has routes to test', () => expect(routes.length).toBeGreaterThan(40));

  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
    it(`${method} routes answer as the access table and the tenancy rules say`, async () => {
      const cases = await matrix.attack(routes.filter((r) => r.method === method));
      for (const k of cases) seen.add(k.got);
      expect(mismatchesOf(cases)).toEqual([]);
      expect(cases.length).toBeGreaterThan(0);
    });
  }

  it('HEAD twins of GET routes are checked like them (they run the handler too)', async () => {
    expect(mismatchesOf(await matrix.attackHead(routes))).toEqual([]);
  });

  it('saw every outcome: success (202: an import queued), 401, 403 and 404', () => {
    expect([...seen].sort()).toEqual([200, 201, 202, 401, 403, 404]);
  });
});
