// The status periods of units made before them (docs/resources.md "Occupancy"): the migration's
// back-fill, run again here over a unit whose audit rows recorded its status changes, and one without.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createProperty, createUnit, createWorld, type World } from './resources-fixtures';
import { auditLog } from '../../server/db/schema';
import { rowsOf } from './privilege-fixtures';

let t: TestApp;
let w: World;
const db = () => t.database.db;

/** The migration's back-fill: the INSERT of the periods (the table and the triggers exist already). */
const migrations = path.join(__dirname, '../../server/db/migrations');
const migration = readdirSync(migrations).find((f) => f.endsWith('_unit_status_periods.sql')) ?? 'missing';
const [backfill] = readFileSync(path.join(migrations, migration), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /INSERT INTO unit_status_periods/.test(s) && /^(--[^\n]*\n)*WITH/i.test(s));

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
});
afterAll(() => t.close());

const periodsOf = (unitId: string) =>
  rowsOf<{ status: string | null; started_on: string; ended_on: string | null }>(
    db(),
    sql`select status, started_on::text as started_on, ended_on::text as ended_on from unit_status_periods where unit_id = ${unitId} order by started_on, id`,
  );

describe('the migration back-fills status periods', () => {
  it('from creation, and from each status change the audit rows recorded', async () => {
    const property = await createProperty(db(), w.own.id);
    const changed = await createUnit(db(), property, { unitStatus: 'Let' });
    const quiet = await createUnit(db(), property, { unitStatus: 'Maintenance' });
    await db().execute(
      sql`update units set created_at = '2025-01-10T09:00:00Z' where id in (${changed.id}, ${quiet.id})`,
    );
    const change = (at: string, before: string, after: string) =>
      db()
        .insert(auditLog)
        .values({
          at: new Date(at),
          action: 'unit.updated',
          entity: 'unit',
          entityId: changed.id,
          tenantId: w.own.id,
          changes: { unit_status: { before, after } },
        });
    await change('2025-02-01T10:00:00Z', 'Available', 'Under Offer');
    await change('2025-02-20T23:30:00Z', 'Under Offer', 'Let');
    // A change of something else is no status change.
    await db()
      .insert(auditLog)
      .values({
        at: new Date('2025-03-01T10:00:00Z'),
        action: 'unit.updated',
        entity: 'unit',
        entityId: changed.id,
        changes: { bedrooms: { before: 1, after: 2 } },
      });
    await db().execute(sql`delete from unit_status_periods`);
    await db().execute(sql.raw(backfill));
    expect(await periodsOf(changed.id)).toEqual([
      { status: 'Available', started_on: '2025-01-10', ended_on: '2025-02-01' },
      { status: 'Under Offer', started_on: '2025-02-01', ended_on: '2025-02-20' },
      { status: 'Let', started_on: '2025-02-20', ended_on: null },
    ]);
    expect(await periodsOf(quiet.id)).toEqual([{ status: 'Maintenance', started_on: '2025-01-10', ended_on: null }]);
  });
});
