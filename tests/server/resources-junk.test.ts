// Never a 500 on bad input: every field of every resource body (taken from the routes' own schemas,
// so new fields are covered) gets junk of every kind on top of an otherwise valid body. Structural
// junk must answer 422 with an error on that very field; the rest may succeed or be refused, never crash.
// The attack itself is ./junk-attack.ts, over the declared resources of ./declared-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createWorld, type World } from './resources-fixtures';
import { declaredFixtures, uniqueNames } from './declared-fixtures';
import { bodyFields, junkAttack } from './junk-attack';
import { routeTable } from '../../server/http/routeAccess';

const fx = declaredFixtures();
let t: TestApp;
let w: World;
let junk: ReturnType<typeof junkAttack>;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.database.db);
  junk = junkAttack({ t, w, fx });
});
afterAll(() => t.close());

/** Every resource with list and record routes: the hand-written ones and every declared one. */
const RESOURCES = uniqueNames(['users', 'roles', ...fx.resources.map((d) => d.name)]);

describe('junk input', () => {
  it('reaches every body field of every resource', () => {
    const fields = routeTable(t.app)
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .flatMap((r) => bodyFields(r).map((f) => `${r.method} ${r.url} ${f}`));
    expect(fields.length).toBeGreaterThan(100);
    expect(fields).toEqual(
      expect.arrayContaining([
        'POST /api/v1/units bedrooms',
        'PUT /api/v1/users/:id companies',
        'PUT /api/v1/companies/:id/integrations/maintenance out_of_hours_phone',
      ]),
    );
  });

  // Every field of every declared resource × every kind of junk, one request each: 9–13 s alone on
  // this 2-core machine, and it grows with each field declared, so it gets more than the default 30 s.
  const JUNK_TIMEOUT_MS = 120_000;
  for (const method of ['POST', 'PUT']) {
    it(
      `${method}: every field × every kind of junk: 422 on that field for structural junk, never a 5xx`,
      { timeout: JUNK_TIMEOUT_MS },
      async () => {
        const outcomes = await junk.junkFields(routeTable(t.app).filter((r) => r.method === method));
        expect(outcomes.flatMap((o) => o.problem ?? [])).toEqual([]);
      },
    );
  }

  it('a body that is not an object, or not JSON, is refused cleanly', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null', '{"name":', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/companies',
        headers: { ...w.headers.super_admin, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().message, payload).toEqual(expect.any(String));
    }
  });

  it('junk ids and query strings never crash', async () => {
    const outcomes = await junk.junkIdsAndQueries(RESOURCES);
    expect(outcomes.flatMap((o) => o.problem ?? [])).toEqual([]);
  });
});
