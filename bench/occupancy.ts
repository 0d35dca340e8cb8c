// Occupancy as at a day and the 12-month series (docs/resources.md "Occupancy") for a company of
// 10 000 units with 24 months of status history, through the real app (app.inject: the route, its
// checks and its SQL; no socket), on PostgreSQL and on PGlite. Goals: < 300 ms on PostgreSQL, < 1 s on
// PGlite. Not part of `npm run bench` (its own data); results go to stdout (copied into bench/RESULTS.md).
//
//   PG_PORT=54433 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/occupancy.ts; stop_postgres'
//   npx tsx bench/occupancy.ts --pglite
//
// Each unit: four earlier periods over the 24 months (let, void, let, void or maintenance) and its
// current one; another company of 10 000 units beside it, so the company's condition has work to do.
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { rowsOf } from '../server/db/rows';
import { addDays, firstOfMonth, todayUtc } from '../contract/dates';
import { createCompany, createUser, tokenFor } from '../tests/server/factories';
import { openBenchDatabase } from './lib/benchDatabase';

const UNITS = Number(process.env.BENCH_OCCUPANCY_UNITS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_OCCUPANCY_SAMPLES ?? 15);
const pglite = process.argv.includes('--pglite');
const GOAL_MS = pglite ? 1000 : 300;

async function main() {
  const { database } = await openBenchDatabase('olympus_occupancy_bench', pglite);
  const db = database.db;
  const today = todayUtc();
  const start = addDays(today, -730);
  const companies = [
    await createCompany(db, { name: 'Bench Lettings' }),
    await createCompany(db, { name: 'Other Lettings' }),
  ];
  const started = Date.now();
  for (const company of companies) {
    console.error(`loading ${company.name}…`);
    await db.execute(sql`
      insert into properties (company_id, name, slug, reference)
      select ${company.id}, 'Property ' || g, 'property-' || g, 'P' || g from generate_series(1, 100) g`);
    // The units: the insert's trigger opens each one's current period from its status_since.
    await db.execute(sql`
      insert into units (company_id, property_id, name, unit_status, status_since)
      select ${company.id}, p.id, 'Unit ' || g,
        (array['Let','Let','Let','Let','Available','Under Offer','Maintenance'])[1 + g % 7],
        ${today}::date - (1 + g % 90)
      from generate_series(1, ${UNITS}) g
      join (select id, row_number() over (order by name) as n from properties where company_id = ${company.id}) p
        on p.n = 1 + g % 100`);
    // Four earlier periods between 24 months ago and the current one's start.
    await db.execute(sql`
      insert into unit_status_periods (company_id, unit_id, status, started_on, ended_on)
      select u.company_id, u.id,
        (array['Let','Available','Let', case when i % 2 = 0 then 'Maintenance' else 'Under Offer' end])[k],
        ${start}::date + ((u.status_since - ${start}::date) * (k - 1) / 4),
        ${start}::date + ((u.status_since - ${start}::date) * k / 4)
      from units u cross join generate_series(1, 4) k, lateral (select hashtext(u.id::text) as i) h
      where u.company_id = ${company.id}`);
  }
  if (!process.env.BENCH_NO_ANALYZE) await db.execute(sql`analyze`);
  const [{ n: periods }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from unit_status_periods where company_id = ${companies[0].id}`),
  );
  const loadSeconds = (Date.now() - started) / 1000;

  const config = loadConfig(
    {},
    {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-occupancy-bench-')),
      staticDir: null,
      logLevel: 'silent',
      publicUrl: 'http://bench.test',
    },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const admin = await createUser(db, { role: 'admin', companies: [companies[0]], name: 'Bench Admin' });
  const headers = { ...(await tokenFor(db, admin.id)), 'x-tenant': companies[0].id };

  const cases = [
    { name: 'occupancy as at today', url: '/api/v1/reports/occupancy' },
    { name: 'occupancy as at 6 months ago', url: `/api/v1/reports/occupancy?as_at=${addDays(today, -182)}` },
    { name: 'series, 12 months', url: `/api/v1/reports/occupancy/series?from=${firstOfMonth(today, -11)}&to=${today}` },
    { name: 'series, 24 months', url: `/api/v1/reports/occupancy/series?from=${firstOfMonth(today, -23)}&to=${today}` },
    { name: 'voids, 12 months', url: `/api/v1/reports/voids?from=${addDays(today, -365)}&to=${today}` },
  ];
  const lines = [
    `Occupancy bench on ${pglite ? 'PGlite' : 'PostgreSQL'}: ${UNITS} units, ${periods} status periods (24 months), another company of as many; loaded in ${loadSeconds.toFixed(1)} s; ${SAMPLES} timed requests per case after 3 untimed.`,
    '',
    '| Case | Median ms | Slowest ms | Goal |',
    '| --- | ---: | ---: | --- |',
  ];
  let failed = false;
  for (const c of cases) {
    console.error(c.name);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 3; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const goal = c.name.startsWith('voids') ? '—' : `< ${GOAL_MS} ms`;
    if (goal !== '—' && median >= GOAL_MS) failed = true;
    lines.push(`| ${c.name} | ${median.toFixed(1)} | ${times.at(-1)?.toFixed(1)} | ${goal} |`);
  }
  console.log(lines.join('\n'));
  await app.close();
  await database.close();
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
