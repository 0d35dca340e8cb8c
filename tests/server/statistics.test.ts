// Planner statistics on the embedded database (server/db/statistics.ts): a table that grew is
// vacuumed and analyzed, one that did not is left alone, so reports over freshly imported rows get good
// plans and a list's count can read an index alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createProperty, createWorld, type World } from './resources-fixtures';
import { refreshStatistics, staleTables } from '../../server/db/statistics';
import { rowsOf } from './privilege-fixtures';

let t: TestApp;
let w: World;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

describe('planner statistics', () => {
  it('vacuums and analyzes a table that grew, then leaves it until it changes again', async () => {
    await refreshStatistics(db());
    const property = await createProperty(db(), w.own.id);
    await db().execute(sql`
      insert into units (company_id, property_id, name, unit_status)
      select ${w.own.id}, ${property.id}, 'Unit ' || g, 'Available' from generate_series(1, 3000) g`);
    expect(await staleTables(db())).toContain('units');

    expect(await refreshStatistics(db())).toContain('units');
    const [stats] = await rowsOf<{ tuples: number; pages: number; visible: number }>(
      db(),
      sql`select reltuples::int as tuples, relpages as pages, relallvisible as visible from pg_class where relname = 'units'`,
    );
    expect(stats.tuples).toBeGreaterThanOrEqual(3000);
    // Vacuumed: every page of rows nobody changed since is marked all-visible. The job runs on PGlite only (one
    // session); on a PostgreSQL server another session's open snapshot may hold the mark back, and autovacuum sets it.
    if (t.database.kind === 'pglite') expect(stats.visible).toBe(stats.pages);
    expect(await staleTables(db())).not.toContain('units');
  });
});
