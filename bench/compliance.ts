// The compliance screen's two requests (docs/resources.md "Computed fields", GET /compliance/summary and
// GET /compliance/matrix) for a company of 1 000 properties × 3 required types, through the real app (app.inject:
// the route, its checks and its SQL; no socket), on PostgreSQL and on PGlite. Goals: < 200 ms on PostgreSQL,
// < 500 ms on PGlite. Not part of `npm run bench` (its own data); results go to stdout (copied into bench/RESULTS.md).
//
//   PG_PORT=54433 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/compliance.ts; stop_postgres'
//   npx tsx bench/compliance.ts --pglite
//
// Each pair has one to three certificates (the older ones replaced), spread over every status, one pair in eight
// none (missing); another company of as many beside it, so the company's condition has work to do.
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { rowsOf } from '../server/db/rows';
import { todayUtc } from '../contract/dates';
import { createCompany, createUser, tokenFor } from '../tests/server/factories';
import { openBenchDatabase } from './lib/benchDatabase';

const PROPERTIES = Number(process.env.BENCH_COMPLIANCE_PROPERTIES ?? 1_000);
const SAMPLES = Number(process.env.BENCH_COMPLIANCE_SAMPLES ?? 15);
const pglite = process.argv.includes('--pglite');
const GOAL_MS = pglite ? 500 : 200;

async function main() {
  const { database } = await openBenchDatabase('olympus_compliance_bench', pglite);
  const db = database.db;
  const today = todayUtc();
  const companies = [
    await createCompany(db, { name: 'Bench Lettings' }),
    await createCompany(db, { name: 'Other Lettings' }),
  ];
  const admin = await createUser(db, { role: 'admin', companies: [companies[0]], name: 'Bench Admin' });
  const started = Date.now();
  for (const company of companies) {
    console.error(`loading ${company.name}…`);
    await db.execute(sql`
      insert into properties (company_id, name, slug, reference)
      select ${company.id}, 'Property ' || g, 'property-' || g, 'P' || g from generate_series(1, ${PROPERTIES}) g`);
    // Per required pair k (0–2 of gas safety, EICR, EPC) of property n: none when (n + k) % 8 = 0, else 1–3
    // certificates a year apart, the latest expiring between 60 days ago and 300 days ahead; evidence on most (an
    // id only: the status reads whether one is attached, not the file).
    await db.execute(sql`
      insert into certificates (company_id, property_id, type, issued_on, expires_on, evidence)
      select ${company.id}, p.id, (array['gas_safety','eicr','epc'])[k + 1],
        ${today}::date + ((p.n * 7 + k * 13) % 360 - 365 * (c - 1) - 665)::int,
        ${today}::date + ((p.n * 7 + k * 13) % 360 - 365 * (c - 1) - 60)::int,
        case when (p.n + k) % 5 = 0 then null else gen_random_uuid() end
      from (select id, row_number() over (order by name) as n from properties where company_id = ${company.id}) p
        cross join generate_series(0, 2) k cross join lateral generate_series(1, 1 + (p.n + k) % 3) c
      where (p.n + k) % 8 <> 0`);
  }
  if (!process.env.BENCH_NO_ANALYZE) await db.execute(sql`analyze`);
  const [{ n: certificates }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from certificates where company_id = ${companies[0].id}`),
  );
  const loadSeconds = (Date.now() - started) / 1000;

  const config = loadConfig(
    {},
    {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-compliance-bench-')),
      staticDir: null,
      logLevel: 'silent',
      publicUrl: 'http://bench.test',
    },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const headers = { ...(await tokenFor(db, admin.id)), 'x-tenant': companies[0].id };

  const cases = [
    { name: 'summary', url: '/api/v1/compliance/summary', goal: true },
    { name: 'matrix, first page (25)', url: '/api/v1/compliance/matrix?page=1&per_page=25', goal: true },
    { name: 'matrix, page 40 (25)', url: '/api/v1/compliance/matrix?page=40&per_page=25', goal: false },
    { name: 'matrix, missing only', url: '/api/v1/compliance/matrix?page=1&per_page=25&status=missing', goal: false },
    { name: 'matrix, search "99"', url: '/api/v1/compliance/matrix?page=1&per_page=25&q=99', goal: false },
  ];
  const lines = [
    `Compliance bench on ${pglite ? 'PGlite' : 'PostgreSQL'}: ${PROPERTIES} properties × 3 required types, ${certificates} certificates, another company of as many; loaded in ${loadSeconds.toFixed(1)} s; ${SAMPLES} timed requests per case after 3 untimed.`,
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
    if (c.goal && median >= GOAL_MS) failed = true;
    lines.push(
      `| ${c.name} | ${median.toFixed(1)} | ${times.at(-1)?.toFixed(1)} | ${c.goal ? `< ${GOAL_MS} ms` : '—'} |`,
    );
  }
  const summary = await app.inject({ method: 'GET', url: '/api/v1/compliance/summary', headers });
  lines.push('', `Counts: ${JSON.stringify(summary.json().data)}`);
  console.log(lines.join('\n'));
  await app.close();
  await database.close();
  if (failed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
