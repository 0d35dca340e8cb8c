import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('test harness', () => {
  it('gives each file a migrated, empty database', async () => {
    const rows = await t.database.db.execute(sql`select count(*)::int as n from users`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('answers unknown API paths with a JSON 404 in the message convention', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
