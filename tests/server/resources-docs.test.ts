// The resource routes in the OpenAPI document at /api/docs/json: each one tagged and summarised, with
// nullable fields in OpenAPI 3.0's own spelling.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { routeTable } from '../../server/http/routeAccess';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('documents every resource route with its tag and summary', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const routes = routeTable(t.app);
  expect(routes.length).toBeGreaterThan(40);
  for (const r of routes) {
    // A delete's `?purge=true` (docs/resources.md "Trash") is that DELETE with its `purge` parameter.
    const [path, query] = r.url.split('?');
    const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
    expect(op, `${r.method} ${r.url}`).toBeDefined();
    if (query)
      expect(
        op.parameters.map((p: { name: string }) => p.name),
        `${r.method} ${r.url}`,
      ).toContain(query.split('=')[0]);
    expect(op.tags, `${r.method} ${r.url}`).toHaveLength(1);
    expect(op.summary, `${r.method} ${r.url}`).toEqual(expect.any(String));
  }
  const bedrooms = doc.paths['/api/v1/units'].post.requestBody.content['application/json'].schema.properties.bedrooms;
  expect(bedrooms).toEqual({ type: 'integer', minimum: 0, maximum: 50, nullable: true });
});
