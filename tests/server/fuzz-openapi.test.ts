// Fuzzes every operation of the OpenAPI document (so a new route is covered the day it is added):
// from a plausible request built from its schema, one field, query parameter or path id at a time is
// replaced with junk (text the database refuses, 70 kB strings, wrong types, deep nesting, extreme
// numbers), plus whole junk bodies; as super_admin with a tenant, and a subset as a guest. Never a
// 5xx (503 "not configured" aside), never a stack, always JSON with a message; healthy afterwards.
// resources-junk.test.ts checks the resources' field errors in detail. The fuzzer itself is
// ./fuzz-attack.ts, with the declared resources of ./declared-fixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld, type World } from './resources-fixtures';
import { declaredFixtures } from './declared-fixtures';
import { fuzzer, rank, type Operation } from './fuzz-attack';
import { createUser, tokenFor } from './factories';
import { authClient, type CsrfPair } from './auth-client';

const fx = declaredFixtures();
let t: TestApp;
let w: World;
let csrf: CsrfPair;
let fuzz: Awaited<ReturnType<typeof fuzzer>>;
let ops: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.database.db);
  csrf = await authClient(t).csrf();
  fuzz = await fuzzer({ t, w, fx });
  ops = fuzz.ops;
});
afterAll(() => t?.close());
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(fuzz.statusCounts, null, 1));
});

describe('OpenAPI fuzz', () => {
  it('covers every operation of the document, auth, reports, systems and session included', () => {
    const names = ops.map((op) => `${op.method} ${op.path}`);
    expect(names.length).toBeGreaterThan(50);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/password/new',
        'POST /api/v1/reports/manage',
        'GET /api/v1/systems/{id}/redirect',
        'GET /api/v1/session',
        'PUT /api/v1/units/{id}',
      ]),
    );
    expect(JSON.stringify(ops)).not.toContain('$ref');
  });

  it('as super_admin with a tenant: never a 5xx, a stack or an answer without a message', async () => {
    const auth = { ...w.headers.super_admin, 'x-tenant': w.own.id, ...csrf };
    const ordered = [...ops].sort((a, b) => rank(a) - rank(b));
    const problems = await fuzz.fire(ordered.flatMap(fuzz.variants), auth);
    expect(problems).toEqual([]);
  }, 180_000);

  it('as a guest (with a CSRF pair): every operation, plausible and with junk ids and text', async () => {
    const list = ops.flatMap((op) => fuzz.guestVariants(op));
    const problems = await fuzz.fire(list, { ...csrf });
    expect(problems).toEqual([]);
  }, 60_000);

  it('leaves the server healthy', async () => {
    for (const url of ['/healthz', '/readyz'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const fresh = await createUser(t.database.db, { role: 'super_admin', companies: [w.own] });
    const list = await apiAs(t, await tokenFor(t.database.db, fresh.id), w.own.id).get('/units?page=1&per_page=5');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBeGreaterThan(0);
  });
});
