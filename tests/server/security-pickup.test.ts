// A new declared resource is attacked by the security suites without a fixture written for it
// (docs/resources.md, docs/security.md): the throwaway "gadgets" (./throwaway-resource.ts: units
// area, tenancy scoped), declared only in the test tree, goes through the very attack code of the
// authorization matrix, the privilege matrix, the junk and the fuzz suites — ./authz-attack.ts,
// ./privilege-attack.ts, ./junk-attack.ts, ./fuzz-attack.ts with `declaredFixtures([gadgets])` where
// the suites pass the registry's DECLARED_RESOURCES. Each attack's gadget cases are counted (so
// gadgets skipped fails here) and their answers are checked against literal statuses, not only
// against the rules the attack computes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { count, createWorld, type World } from './resources-fixtures';
import { declaredFixtures, type AttackContext } from './declared-fixtures';
import { createGadgetsTable, gadgetCrud, gadgetResource } from './throwaway-resource';
import { authorizationMatrix, mismatchesOf, type AuthzCase, type Caller as AuthzCaller } from './authz-attack';
import {
  attackWrites,
  CALLERS,
  declaredWriteExpectations,
  privilegeContext,
  type WriteOutcome,
} from './privilege-attack';
import { JUNK_IDS, JUNK_QUERIES, junkAttack, ODD, STRUCTURAL } from './junk-attack';
import { fuzzer, rank } from './fuzz-attack';
import { authClient } from './auth-client';
import { routeTable, type RouteEntry } from '../../server/http/routeAccess';

const fx = declaredFixtures([gadgetResource]);
const ROUTES = [
  'GET /api/v1/gadgets',
  'GET /api/v1/gadgets/create',
  'GET /api/v1/gadgets/:id',
  'GET /api/v1/gadgets/:id/edit',
  'POST /api/v1/gadgets',
  'PUT /api/v1/gadgets/:id',
  'DELETE /api/v1/gadgets/:id',
  // Its history (docs/resources.md "History") and its trash ("Trash"), derived like the rest.
  'GET /api/v1/gadgets/:id/history',
  'POST /api/v1/gadgets/:id/history/:entryId/restore',
  'GET /api/v1/gadgets/trash',
  'POST /api/v1/gadgets/:id/restore',
  'DELETE /api/v1/gadgets/:id?purge=true',
  'POST /api/v1/gadgets/bulk',
  // Its CSV import ("Import"): the template and the file, both with the create permission.
  'GET /api/v1/gadgets/import/template',
  'POST /api/v1/gadgets/import',
];
const RESTORE = 'POST /api/v1/gadgets/:id/history/:entryId/restore';
/** Its bulk route: delete only, as the declaration names no bulk-editable field. */
const BULK = 'POST /api/v1/gadgets/bulk';
/** Its import: a dry run of a file of one gadget, accepted with 202. */
const IMPORT = 'POST /api/v1/gadgets/import';
const TEMPLATE = 'GET /api/v1/gadgets/import/template';
const GETS = ROUTES.filter((r) => r.startsWith('GET '));
/** Fields of the gadgets' create and update bodies (the declaration's six; the update also takes the record's
 * `version`). */
const FIELDS = 6;
const BODY_FIELDS = FIELDS + FIELDS + 1;
/** The gadget a record route was called on. */
const idOf = (url: string) => /[0-9a-f-]{36}/.exec(url)?.[0];

let t: TestApp;
let w: World;
let ctx: AttackContext;
let routes: RouteEntry[];
const db = () => t.database.db;
const gadgetCount = () => count(db(), sql`select count(*) as n from gadgets`);
const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;

beforeAll(async () => {
  t = await createTestApp({}, { resources: [gadgetCrud.routes] });
  await createGadgetsTable(db());
  w = await createWorld(db());
  ctx = { t, w, fx };
  routes = routeTable(t.app).filter((r) => fx.covers(r.url));
});
afterAll(() => t.close());

describe('a resource declared in a test only, attacked by the security suites', () => {
  it('is what the attacks get: its routes, unknown to the registry the suites attack by default', () => {
    expect(routes.map(keyOf).sort()).toEqual([...ROUTES].sort());
    expect(fx.areas).toEqual({ gadgets: 'units' });
    expect(fx.scoped).toEqual(['gadgets']);
    expect(declaredFixtures().covers('/api/v1/gadgets')).toBe(false);
  });

  it('authorization matrix: every route × every role × own and another company', async () => {
    const matrix = authorizationMatrix(ctx);
    const cases = await matrix.attack(routes);
    const head = await matrix.attackHead(routes);
    expect(cases).toHaveLength(ROUTES.length * 5 * 2);
    expect(head).toHaveLength(GETS.length * 5);
    expect(mismatchesOf([...cases, ...head])).toEqual([]);

    const answers = (caller: AuthzCaller, variant: 'own' | 'other', list: AuthzCase[] = cases) =>
      Object.fromEntries(
        list.filter((k) => k.caller === caller && k.variant === variant).map((k) => [keyOf(k.route), k.got]),
      );
    const each = (status: number) => Object.fromEntries(ROUTES.map((r) => [r, status]));
    // The matrix restores a history entry that does not exist: past every check, 404. Delete forever is a super
    // admin's.
    const PURGE = 'DELETE /api/v1/gadgets/:id?purge=true';
    expect(answers('admin', 'own')).toEqual({
      ...each(200),
      'POST /api/v1/gadgets': 201,
      [IMPORT]: 202,
      [RESTORE]: 404,
      [PURGE]: 403,
    });
    expect(answers('super_admin', 'own')).toEqual({
      ...each(200),
      'POST /api/v1/gadgets': 201,
      [IMPORT]: 202,
      [RESTORE]: 404,
    });
    // Another company's gadget: 404 on every record route; its list, trash, forms and bulk change (X-Tenant) refused.
    const collections = {
      'GET /api/v1/gadgets': 403,
      'GET /api/v1/gadgets/create': 403,
      'POST /api/v1/gadgets': 403,
      'GET /api/v1/gadgets/trash': 403,
      [BULK]: 403,
      [IMPORT]: 403,
      [TEMPLATE]: 403,
    };
    expect(answers('admin', 'other')).toEqual({ ...each(404), ...collections, [PURGE]: 403 });
    expect(answers('super_admin', 'other')).toEqual({
      ...each(404),
      'GET /api/v1/gadgets': 200,
      'GET /api/v1/gadgets/create': 200,
      'POST /api/v1/gadgets': 201,
      'GET /api/v1/gadgets/trash': 200,
      [BULK]: 200,
      [IMPORT]: 202,
      [TEMPLATE]: 200,
    });
    // Barred from the units area, or holding no units.* grant: 403 whatever the company.
    for (const caller of ['system_user', 'none'] as const)
      for (const variant of ['own', 'other'] as const)
        expect(answers(caller, variant), `${caller} ${variant}`).toEqual(each(403));
    for (const variant of ['own', 'other'] as const) expect(answers('guest', variant)).toEqual(each(401));
    expect(answers('none', 'own', head)).toEqual(Object.fromEntries(GETS.map((r) => [r, 403])));
    // Thirteen routes × five callers × two companies, each case with its fixtures: 19 s alone, past 30 s beside other
    // suites.
  }, 120_000);

  it('privilege matrix: every write × every caller, refusals leaving the whole row, the count and the audit as they were', async () => {
    const p = await privilegeContext(ctx);
    const expectations = declaredWriteExpectations(p);
    const WRITES = ROUTES.filter((r) => !r.startsWith('GET '));
    expect(Object.keys(expectations).sort()).toEqual([...WRITES].sort());
    const writes = routes.filter((r) => r.method !== 'GET');
    const before = await gadgetCount();
    const outcomes: WriteOutcome[] = [];
    for (const caller of CALLERS)
      outcomes.push(...(await attackWrites(p, caller, writes, (r) => expectations[keyOf(r)])));
    expect(outcomes).toHaveLength(WRITES.length * 2 * CALLERS.length);
    expect(outcomes.flatMap((o) => o.problems)).toEqual([]);

    const answers = (caller: string) =>
      outcomes.filter((o) => o.caller === caller).map((o) => `${keyOf(o.route)} ${o.case.label}: ${o.got}`);
    expect(new Set(answers('admin'))).toEqual(
      new Set([
        'POST /api/v1/gadgets own company: 201',
        'POST /api/v1/gadgets other company: 403',
        'PUT /api/v1/gadgets/:id own company: 200',
        'PUT /api/v1/gadgets/:id other company: 404',
        'DELETE /api/v1/gadgets/:id own company: 200',
        'DELETE /api/v1/gadgets/:id other company: 404',
        'DELETE /api/v1/gadgets/:id?purge=true own company: 403',
        'DELETE /api/v1/gadgets/:id?purge=true other company: 403',
        'POST /api/v1/gadgets/:id/restore own company: 200',
        'POST /api/v1/gadgets/:id/restore other company: 404',
        `${RESTORE} own company: 200`,
        `${RESTORE} other company: 404`,
        `${BULK} delete own company: 200`,
        // One gadget of the own company and one of the other: the other's is not found, so neither is deleted.
        `${BULK} delete other company: 422`,
        // A file of one gadget, as a dry run: its own company's, not another's.
        `${IMPORT} own company: 202`,
        `${IMPORT} other company: 403`,
      ]),
    );
    // Custom roles with every grant but units.*, and system_user: refused everything.
    for (const caller of ['wild', 'narrow', 'system_user'])
      expect(new Set(outcomes.filter((o) => o.caller === caller).map((o) => o.got)), caller).toEqual(new Set([403]));

    // Each refusal on a record route was on a real gadget, whose whole row is the same after.
    const onRecords = outcomes.filter(
      (o) => o.route.url !== '/api/v1/gadgets' && keyOf(o.route) !== BULK && keyOf(o.route) !== IMPORT,
    );
    const refusedOnRecords = onRecords.filter((o) => o.refused);
    // The three without units.* are refused all ten; super_admin and admin the other company's five, and admin its own
    // purge.
    expect(refusedOnRecords.length).toBe(3 * 10 + 5 + 6);
    for (const o of refusedOnRecords) {
      const { row } = o.before as { row: { row: string }[] };
      expect(row, o.case.url).toHaveLength(1);
      expect(JSON.parse(row[0].row)).toMatchObject({ id: idOf(o.case.url), name: expect.any(String) });
      expect(o.after).toEqual(o.before);
    }
    // Each refused bulk delete left every gadget it named (one, or one of each company) whole.
    const refusedBulk = outcomes.filter((o) => o.refused && keyOf(o.route) === BULK);
    expect(refusedBulk.length).toBe(3 * 2 + 2);
    for (const o of refusedBulk) {
      const rows = (o.before as { row: { row: string }[] }[]).map((r) => r.row);
      expect(rows.map((r) => r.length)).toEqual(o.case.label.includes('other') ? [1, 1] : [1]);
      expect(o.after).toEqual(o.before);
    }
    // Made by the run: the targets of the record routes (two per caller and route; the create, bulk change and import
    // have none), the bulk deletes' (three per caller), and the
    // accepted creates; minus the accepted purges (a delete, one or in bulk, moves a gadget to the trash: its row
    // stays).
    const accepted = (route: string) => outcomes.filter((o) => keyOf(o.route) === route && !o.refused).length;
    expect(await gadgetCount()).toBe(
      before +
        2 * (WRITES.length - 3) * CALLERS.length +
        3 * CALLERS.length +
        accepted('POST /api/v1/gadgets') -
        accepted('DELETE /api/v1/gadgets/:id?purge=true'),
    );
  });

  it('junk: every body field × every kind of junk, and junk ids and queries: 422 on the field, never a 5xx', async () => {
    const junk = junkAttack(ctx);
    const before = await gadgetCount();
    // The routes with a body: create, update and the bulk change (a restore has none).
    const outcomes = await junk.junkFields(
      routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.body !== undefined),
    );
    // Every field on both routes, the update's `version` (docs/resources.md "Versions and conflicts"), and the bulk
    // change's action, ids and versions.
    expect(outcomes).toHaveLength((BODY_FIELDS + 3) * (STRUCTURAL.length + ODD.length));
    expect(outcomes.flatMap((o) => o.problem ?? [])).toEqual([]);
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    const structural = outcomes.filter((o) => o.structural);
    expect(structural).toHaveLength((BODY_FIELDS + 3) * STRUCTURAL.length);
    for (const o of structural) {
      expect(o.status, o.tag).toBe(422);
      expect(o.errors?.[o.field as string], o.tag).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    // Only accepted POSTs added gadgets (besides the record the fixtures make for each of the three routes): the
    // refused ones
    // wrote nothing, and no junk made a bulk delete of the bulk route's gadget.
    const posted = outcomes.filter((o) => o.route?.method === 'POST' && o.status === 201).length;
    expect(posted).toBeGreaterThan(0);
    expect(await gadgetCount()).toBe(before + 3 + posted);

    const lookups = await junk.junkIdsAndQueries(['gadgets']);
    expect(lookups).toHaveLength(JUNK_IDS.length + JUNK_QUERIES.length);
    expect(lookups.flatMap((o) => o.problem ?? [])).toEqual([]);
  });

  it('fuzz: every OpenAPI operation, as a super admin and as a guest, never a 5xx, a stack or an answer without a message', async () => {
    const fuzz = await fuzzer(ctx);
    const ops = fuzz.ops.filter((op) => fx.covers(op.path)).sort((a, b) => rank(a) - rank(b));
    // One OpenAPI operation per route; `?purge=true` is the DELETE's parameter.
    const operations = ROUTES.filter((r) => !r.includes('?')).map((r) =>
      r.replace(':id', '{id}').replace(':entryId', '{entryId}'),
    );
    expect(ops.map((op) => `${op.method} ${op.path}`).sort()).toEqual(operations.sort());
    const list = ops.flatMap((op) => fuzz.variants(op));
    expect(list.length).toBeGreaterThan(100);
    const guest = ops.flatMap((op) => fuzz.guestVariants(op));
    expect(guest.length).toBeGreaterThan(ops.length);

    expect(await fuzz.fire(list, { ...w.headers.super_admin, 'x-tenant': w.own.id })).toEqual([]);
    expect(await fuzz.fire(guest, { ...(await authClient(t).csrf()) })).toEqual([]);
    // The plausible body was a real gadget (its reference resolved by the fixtures), junk was refused, guests were
    // turned away.
    expect(fuzz.statusCounts['POST /api/v1/gadgets 201']).toBeGreaterThan(0);
    expect(fuzz.statusCounts['POST /api/v1/gadgets 422']).toBeGreaterThan(0);
    expect(fuzz.statusCounts['GET /api/v1/gadgets/{id} 200']).toBeGreaterThan(0);
    expect(fuzz.statusCounts['DELETE /api/v1/gadgets/{id} 401']).toBeGreaterThan(0);
  });
});
