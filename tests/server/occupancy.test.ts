// Occupancy and voids as at any day (docs/resources.md "Occupancy"): status since on a single save, in
// bulk and in an import (and their refusals), occupancy before and after a change, a unit let and
// vacated within a month, Maintenance left out, a trashed unit dropping out, the monthly series, void
// lengths counted by hand, and another company's units never counted, even when asked with its X-Tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import {
  apiAs,
  count,
  createProperty,
  createUnit,
  createWorld,
  unique,
  type Api,
  type World,
} from './resources-fixtures';
import { addDays, firstOfMonth, todayUtc } from '../../contract/dates';
import { STATUS_COUNTS_AS, SERIES_POINTS_MAX, occupancyPct } from '../../contract/occupancy';
import { UNIT_STATUSES } from '../../contract/resources/units';
import { rowsOf } from './privilege-fixtures';
import { OCCUPANCY_MSG } from '../../server/occupancy/messages';
import { SINCE_MSG } from '../../server/crud/since';

let t: TestApp;
let w: World;
let admin: Api;
const db = () => t.database.db;
const T = todayUtc();
const day = (n: number) => addDays(T, n);

/** The status periods of a unit, oldest first. */
const periodsOf = (unitId: string) =>
  rowsOf<{ status: string | null; started_on: string; ended_on: string | null }>(
    db(),
    sql`select status, started_on::text as started_on, ended_on::text as ended_on from unit_status_periods where unit_id = ${unitId} order by started_on, id`,
  );

/** A unit a test made for itself gone for good, with its periods, so the story's numbers stay as told. */
const purge = async (...ids: string[]) => {
  for (const id of ids) await db().execute(sql`delete from units where id = ${id}`);
};

async function createVia(api: Api, propertyId: string, status: string, since: string): Promise<string> {
  const res = await api.post('/units', {
    name: unique('Unit'),
    property_id: propertyId,
    unit_status: status,
    status_since: since,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { id: string }).id;
}
async function setStatus(api: Api, id: string, status: string, since?: string) {
  const res = await api.put(`/units/${id}`, { unit_status: status, ...(since ? { status_since: since } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { unit_status: string; status_since: string };
}

// The story of the Alpha units, today being T (each change made as a person would, in order):
//   u1: Available from T-90, Let from T-60, Available from T-20 (void now)
//   u2: Let from T-90
//   u3: Maintenance from T-90 (not lettable)
//   u4: Under Offer from T-90, Let from T-85, Available from T-70, Let from T-50 (let and vacated within a month)
//   u5: Let from T-90, moved to the trash today
const u: Record<string, string> = {};
let alpha: { id: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  admin = apiAs(t, w.headers.admin, w.own.id);
  alpha = await createProperty(db(), w.own.id, { name: unique('Alpha') });
  u.u1 = await createVia(admin, alpha.id, 'Available', day(-90));
  u.u2 = await createVia(admin, alpha.id, 'Let', day(-90));
  u.u3 = await createVia(admin, alpha.id, 'Maintenance', day(-90));
  u.u4 = await createVia(admin, alpha.id, 'Under Offer', day(-90));
  u.u5 = await createVia(admin, alpha.id, 'Let', day(-90));
  await setStatus(admin, u.u4, 'Let', day(-85));
  await setStatus(admin, u.u4, 'Available', day(-70));
  await setStatus(admin, u.u1, 'Let', day(-60));
  await setStatus(admin, u.u4, 'Let', day(-50));
  await setStatus(admin, u.u1, 'Available', day(-20));
  expect((await admin.delete(`/units/${u.u5}`)).statusCode).toBe(200);

  // Another company, all let and void since long before: never in the own company's numbers.
  const foreign = await createProperty(db(), w.other.id, { name: unique('Foreign') });
  for (const status of ['Let', 'Let', 'Available', 'Maintenance'])
    await createUnit(db(), foreign, { unitStatus: status, statusSince: day(-400) });
});
afterAll(() => t?.close());

const occupancy = async (asAt?: string, api = admin, tenant?: string) => {
  const res = await api.get(`/reports/occupancy${asAt ? `?as_at=${asAt}` : ''}`, tenant);
  return { res, data: res.statusCode === 200 ? res.json().data : null };
};
const counts = (units: number, lets: number, voids: number, notLettable: number) => ({
  units,
  let: lets,
  void: voids,
  not_lettable: notLettable,
  occupancy_pct: occupancyPct({ units, let: lets, not_lettable: notLettable }),
});

describe('status since on a single save', () => {
  it('opens a period from the day given, and closes the previous one that day', async () => {
    expect(await periodsOf(u.u4)).toEqual([
      { status: 'Under Offer', started_on: day(-90), ended_on: day(-85) },
      { status: 'Let', started_on: day(-85), ended_on: day(-70) },
      { status: 'Available', started_on: day(-70), ended_on: day(-50) },
      { status: 'Let', started_on: day(-50), ended_on: null },
    ]);
  });

  it('is today when a person changes the status without saying since when', async () => {
    const id = await createVia(admin, alpha.id, 'Available', day(-30));
    const saved = await setStatus(admin, id, 'Let');
    expect(saved.status_since).toBe(T);
    expect((await periodsOf(id)).at(-1)).toEqual({ status: 'Let', started_on: T, ended_on: null });
    await purge(id);
  });

  it('refuses a day in the future or before the previous change with 422, writing nothing', async () => {
    const id = await createVia(admin, alpha.id, 'Available', day(-10));
    const future = await admin.put(`/units/${id}`, { unit_status: 'Let', status_since: day(1) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.status_since).toEqual([SINCE_MSG.future('status_since')]);
    const early = await admin.put(`/units/${id}`, { unit_status: 'Let', status_since: day(-11) });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.status_since).toEqual([SINCE_MSG.beforePrevious('status_since', day(-10))]);
    const created = await admin.post('/units', {
      name: unique('Unit'),
      property_id: alpha.id,
      unit_status: 'Let',
      status_since: day(2),
    });
    expect(created.statusCode).toBe(422);
    expect(await periodsOf(id)).toEqual([{ status: 'Available', started_on: day(-10), ended_on: null }]);
    await purge(id);
  });
});

describe('GET /reports/occupancy', () => {
  it('counts each unit by its status that day, before and after a change', async () => {
    // T-61: u1 and u4 void, u2 and u5 let, u3 in maintenance.
    expect((await occupancy(day(-61))).data.totals).toEqual(counts(5, 2, 2, 1));
    // T-60: u1 let that day.
    expect((await occupancy(day(-60))).data.totals).toEqual(counts(5, 3, 1, 1));
    // u4 let on T-80 and void on T-70, within a month.
    expect((await occupancy(day(-80))).data.totals).toEqual(counts(5, 3, 1, 1));
    expect((await occupancy(day(-70))).data.totals).toEqual(counts(5, 2, 2, 1));
  });

  it('leaves Maintenance out of occupancy: let ÷ (units − not lettable)', async () => {
    const { data } = await occupancy(day(-60));
    expect(data.totals.occupancy_pct).toBe(75);
    // The declared statuses, each counted once as what it is.
    for (const status of UNIT_STATUSES) expect(['let', 'void', 'not_lettable']).toContain(STATUS_COUNTS_AS[status]);
  });

  it('drops a trashed unit from the day it was deleted, and counts it again once restored', async () => {
    expect((await occupancy(day(-1))).data.totals).toEqual(counts(5, 3, 1, 1));
    const today = await occupancy();
    expect(today.data.as_at).toBe(T);
    expect(today.data.totals).toEqual(counts(4, 2, 1, 1));
    expect(today.data.totals.occupancy_pct).toBe(66.7);
    expect((await admin.post(`/units/${u.u5}/restore`)).statusCode).toBe(200);
    expect((await occupancy()).data.totals).toEqual(counts(5, 3, 1, 1));
    expect((await admin.delete(`/units/${u.u5}`)).statusCode).toBe(200);
  });

  it('answers per property, and the properties add up to the totals', async () => {
    const { data } = await occupancy(day(-60));
    expect(data.properties).toEqual([{ id: alpha.id, name: expect.any(String), ...counts(5, 3, 1, 1) }]);
  });

  it('refuses a day in the future, before the first unit, or not a date, with 422 and a message', async () => {
    const future = await occupancy(day(1));
    expect(future.res.statusCode).toBe(422);
    expect(future.res.json().errors.as_at).toEqual([OCCUPANCY_MSG.future('as_at')]);
    const before = await occupancy(day(-91));
    expect(before.res.statusCode).toBe(422);
    expect(before.res.json().message).toBe(OCCUPANCY_MSG.beforeFirstUnit('as_at', day(-90)));
    for (const bad of ['2025-02-30', 'yesterday', '2025-1-1']) {
      const res = (await occupancy(bad)).res;
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.as_at).toEqual([OCCUPANCY_MSG.notADate('as_at')]);
    }
  });

  it("never counts another company's units, and another company's X-Tenant is refused", async () => {
    // The other company's own numbers, by its own X-Tenant (a super admin may choose any company).
    const superAdmin = apiAs(t, w.headers.super_admin, w.other.id);
    expect((await occupancy(undefined, superAdmin)).data.totals).toEqual(counts(4, 2, 1, 1));
    expect((await occupancy(day(-60))).data.properties.map((p: { id: string }) => p.id)).toEqual([alpha.id]);
    for (const path of ['/reports/occupancy', '/reports/occupancy/series', '/reports/voids']) {
      const res = await admin.get(path, w.other.id);
      expect(res.statusCode, path).toBe(403);
      expect(JSON.stringify(res.json())).not.toContain(w.other.id);
    }
  });

  it('needs the Reports page’s access', async () => {
    for (const who of ['system_user', 'none'] as const) {
      const res = await apiAs(t, w.headers[who], w.own.id).get('/reports/occupancy');
      expect(res.statusCode, who).toBe(403);
    }
    expect((await apiAs(t, null, w.own.id).get('/reports/occupancy')).statusCode).toBe(401);
  });
});

describe('GET /reports/occupancy/series', () => {
  it('answers the totals on the first of each month, as /reports/occupancy answers each day', async () => {
    const from = firstOfMonth(day(-120));
    const res = await admin.get(`/reports/occupancy/series?from=${from}&to=${T}&step=month`);
    expect(res.statusCode, res.body).toBe(200);
    const { points } = res.json().data as { points: ({ as_at: string } & Record<string, unknown>)[] };
    const expected: string[] = [];
    for (let d = from; d <= T; d = firstOfMonth(d, 1)) expected.push(d);
    expect(points.map((p) => p.as_at)).toEqual(expected);
    for (const { as_at, ...totals } of points) {
      if (as_at < day(-90)) expect(totals, as_at).toEqual(counts(0, 0, 0, 0));
      else expect(totals, as_at).toEqual((await occupancy(as_at)).data.totals);
    }
  });

  it('holds the last 12 months by default', async () => {
    const res = await admin.get('/reports/occupancy/series');
    expect(res.json().data.points).toHaveLength(12);
    expect(res.json().data.points.at(-1).as_at).toBe(firstOfMonth(T));
  });

  it(`refuses more than ${SERIES_POINTS_MAX} points, a range backwards and a future end with 422`, async () => {
    const tooLong = await admin.get(`/reports/occupancy/series?from=${firstOfMonth(T, -SERIES_POINTS_MAX)}&to=${T}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe(OCCUPANCY_MSG.tooManyPoints(SERIES_POINTS_MAX + 1));
    const fine = await admin.get(`/reports/occupancy/series?from=${firstOfMonth(T, 1 - SERIES_POINTS_MAX)}&to=${T}`);
    expect(fine.json().data.points).toHaveLength(SERIES_POINTS_MAX);
    const backwards = await admin.get(`/reports/occupancy/series?from=${day(-1)}&to=${day(-5)}`);
    expect(backwards.json().errors.to).toEqual([OCCUPANCY_MSG.toBeforeFrom]);
    expect((await admin.get(`/reports/occupancy/series?to=${day(3)}`)).statusCode).toBe(422);
  });
});

describe('GET /reports/voids', () => {
  it('counts the void days inside the range, by hand', async () => {
    const res = await admin.get(`/reports/voids?from=${day(-90)}&to=${T}`);
    expect(res.statusCode, res.body).toBe(200);
    // u1: T-90…T-61 (30 days) and T-20…T (21 days, still void); u4: T-90…T-86 (5) and T-70…T-51 (20).
    expect(res.json().data).toEqual({
      from: day(-90),
      to: T,
      periods: 4,
      average_days: 19,
      longest_days: 30,
      void_days: 76,
      units: [
        {
          id: u.u1,
          name: expect.any(String),
          property: expect.any(String),
          void_days: 51,
          current_void_since: day(-20),
        },
        { id: u.u4, name: expect.any(String), property: expect.any(String), void_days: 25, current_void_since: null },
      ],
    });
  });

  it('clips the periods to the range, and sorts by void days either way', async () => {
    // u1: T-80…T-61 (20 days); u4: T-70…T-60 (11 days).
    const res = await admin.get(`/reports/voids?from=${day(-80)}&to=${day(-60)}&order=asc`);
    const data = res.json().data;
    expect([data.periods, data.void_days, data.longest_days, data.average_days]).toEqual([2, 31, 20, 15.5]);
    expect(data.units.map((x: { id: string; void_days: number }) => [x.id, x.void_days])).toEqual([
      [u.u4, 11],
      [u.u1, 20],
    ]);
  });
});

describe('status since in bulk and in an import', () => {
  it('a bulk change opens each unit’s period from the day given, and refuses a future day for all', async () => {
    const a = await createVia(admin, alpha.id, 'Available', day(-40));
    const b = await createVia(admin, alpha.id, 'Available', day(-30));
    const refused = await admin.post('/units/bulk', {
      action: 'update',
      ids: [a, b],
      values: { unit_status: 'Let', status_since: day(1) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows).toHaveLength(2);
    const early = await admin.post('/units/bulk', {
      action: 'update',
      ids: [a, b],
      values: { unit_status: 'Let', status_since: day(-35) },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().rows.map((r: { id: string }) => r.id)).toEqual([b]);
    expect((await periodsOf(a)).length + (await periodsOf(b)).length).toBe(2);
    const done = await admin.post('/units/bulk', {
      action: 'update',
      ids: [a, b],
      values: { unit_status: 'Let', status_since: day(-5) },
    });
    expect(done.statusCode, done.body).toBe(200);
    for (const [id, since] of [
      [a, day(-40)],
      [b, day(-30)],
    ])
      expect(await periodsOf(id)).toEqual([
        { status: 'Available', started_on: since, ended_on: day(-5) },
        { status: 'Let', started_on: day(-5), ended_on: null },
      ]);
    await purge(a, b);
  });

  it('an import takes a status since per row, and refuses a future one on its row', async () => {
    const r = unique('imp');
    const csv =
      `name,property,unit_ref,unit_status,status_since\n` +
      `A ${r},${alpha.id},A-${r},Let,${day(-12)}\n` +
      `B ${r},${alpha.id},B-${r},Available,${day(4)}\n`;
    const res = await admin.post('/units/import', csv);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    let status: { state: string; errors: { row: number; field: string; message: string }[] } | undefined;
    for (let i = 0; i < 600 && !['succeeded', 'failed'].includes(status?.state ?? ''); i++) {
      if (i) await new Promise((res2) => setTimeout(res2, 100));
      status = (await admin.get(`/imports/${id}`)).json().data;
    }
    expect(status?.errors).toEqual([{ row: 3, field: 'status_since', message: SINCE_MSG.future('status_since') }]);
    const rows = await rowsOf(
      db(),
      sql`select p.status, p.started_on::text as started_on from unit_status_periods p join units u on u.id = p.unit_id where u.unit_ref like ${`%-${r}`}`,
    );
    expect(rows).toEqual([{ status: 'Let', started_on: day(-12) }]);
    expect(await count(db(), sql`select count(*) as n from units where unit_ref like ${`%-${r}`}`)).toBe(1);
    await db().execute(sql`delete from units where unit_ref like ${`%-${r}`}`);
  });
});
