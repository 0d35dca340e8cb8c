// The audit log at 1 000 000 rows on PostgreSQL: filtered pages of GET /api/v1/audit through the
// real app (app.inject: the route, its checks and its one SQL statement; no socket), as a super admin
// and as a holder of audit.view in one of 20 companies. Not part of `npm run bench` (its own data).
//
//   PG_PORT=54433 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/audit.ts; stop_postgres'
//
// Needs PG_TEST_URL (set by start_postgres) or BENCH_AUDIT_URL (any database URL the bench may create a
// database on). Rows: 400 days, 70 % in one of 20 companies (the largest holds 25 %, the smallest 0.5 %),
// 30 % sign-ins owned by their user's company (company_ids), 2 000 users, 5 % by the system. Each case: 3 untimed
// requests, then
// BENCH_AUDIT_SAMPLES (15) timed; the median and the slowest are reported. `--explain` prints each
// case's plan. Results go to stdout as a Markdown table (copied into bench/RESULTS.md by hand).
import os from 'node:os';
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import {
  filterConditions,
  scopeCondition,
  searchedPeople,
  type AuditQuery,
  type AuditScope,
} from '../server/auditLog/queries';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { syncCatalogue } from '../server/permissions/catalogue';
import { userSystems } from '../server/db/schema';
import { rowsOf } from '../server/db/rows';
import { createCompany, createRole, createUser, tokenFor } from '../tests/server/factories';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_AUDIT_SAMPLES ?? 15);
const EXPLAIN = process.argv.includes('--explain');
const GOAL_MS = 100;

async function main() {
  const base = process.env.BENCH_AUDIT_URL ?? process.env.PG_TEST_URL;
  if (!base) throw new Error('Set PG_TEST_URL (scripts/postgres.sh start_postgres) or BENCH_AUDIT_URL.');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query('drop database if exists olympus_audit_bench with (force)');
  await admin.query('create database olympus_audit_bench');
  await admin.end();
  const url = new URL(base);
  url.pathname = '/olympus_audit_bench';
  // Loading takes longer than a request may: the statement timeout is raised for this process only.
  const database = await openDatabase(
    { kind: 'postgres', url: url.toString(), statementTimeoutMs: 600_000 },
    { migrate: true },
  );
  const db = database.db;
  await syncCatalogue(db);

  // 20 companies, 100 users each; the super admin and the auditor (of company 3, ~5 % of the rows).
  const companies = [];
  for (let i = 0; i < 20; i++) companies.push(await createCompany(db, { name: `Bench Company ${i + 1}` }));
  await db.execute(sql`
    insert into users (name, username, email)
    select 'Person ' || g, 'person' || g || '@bench.test', 'person' || g || '@bench.test' from generate_series(1, 2000) g`);
  await db.execute(sql`
    insert into user_companies (user_id, company_id)
    select u.id, (array_agg(c.id order by c.name))[1 + (row_number() over (order by u.email) % 20)::int] from users u cross join companies c
    where u.email like '%@bench.test' group by u.id, u.email`);
  const boss = await createUser(db, { role: 'super_admin', companies: [companies[0]], name: 'Bench Boss' });
  const auditorRole = await createRole(db, 'Olympus', 'bench_auditor', ['audit.view']);
  const auditor = await createUser(db, { role: null, companies: [companies[2]], name: 'Bench Auditor' });
  await db.insert(userSystems).values({ userId: auditor.id, systemId: auditorRole.systemId, roleId: auditorRole.id });

  const started = Date.now();
  // Company weights: 25 %, 12 %, 5 %, … down to 0.5 % of the rows with a company (cumulative bounds).
  const weights = [25, 12, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 0.5].map((w) => w / 97.5);
  const bounds = weights.map((_, i) => weights.slice(0, i + 1).reduce((a, b) => a + b, 0));
  await db.execute(
    sql.raw(`
    create unlogged table bench_companies as select row_number() over (order by name) as n, id from companies where name like 'Bench Company %';
    create unlogged table bench_users as select row_number() over (order by u.email) as n, u.id, uc.company_id from users u join user_companies uc on uc.user_id = u.id where u.email like '%@bench.test';
    create unlogged table bench_bounds (n int, upper float8);
    insert into bench_bounds values ${bounds.map((b, i) => `(${i + 1}, ${i === bounds.length - 1 ? 1.01 : b})`).join(', ')};`),
  );
  const kinds = `array['unit','property','user','company','role','report','system']`;
  const verbs = `array['create','update','update','update','delete']`;
  for (let done = 0; done < ROWS; done += 200_000) {
    const n = Math.min(200_000, ROWS - done);
    await db.execute(
      sql.raw(`
      with r as (
        select g, random() as rt, random() as rc, random() as ru, random() as rk, random() as rv, random() as rs from generate_series(1, ${n}) g
      ), placed as (
        select r.*, case when rt < 0.3 then null else (select b.n from bench_bounds b where b.upper >= r.rc order by b.n limit 1) end as company_n from r
      )
      insert into audit_log (at, actor_id, tenant_id, company_ids, action, entity, entity_id, changes, detail, ip)
      select now() - make_interval(secs => rs * 400 * 86400),
        case when rv < 0.05 then null else bu.id end,
        bc.id,
        -- A sign-in is owned by its user's companies (server/audit.ts AuditOwner), a record's row by its company.
        case when company_n is null then array[bu.company_id] end,
        case when company_n is null then (case when rv < 0.8 then 'auth.login' else 'auth.logout' end)
             else (${kinds})[1 + floor(rk * 7)::int] || '.' || (${verbs})[1 + floor(rv * 5)::int] end,
        case when company_n is null then 'user' else (${kinds})[1 + floor(rk * 7)::int] end,
        case when company_n is null then bu.id::text else md5(g::text || rk::text)::uuid::text end,
        case when company_n is null then null else jsonb_build_object('name', jsonb_build_object('before', 'Old ' || g, 'after', 'New ' || g)) end,
        case when company_n is null then jsonb_build_object('method', 'password') else null end,
        '10.' || (g % 250) || '.' || (g % 13) || '.' || (g % 7)
      from placed
      left join bench_companies bc on bc.n = placed.company_n
      join bench_users bu on bu.n = 1 + floor(ru * 2000)::int`),
    );
  }
  await db.execute(sql.raw('drop table bench_companies; drop table bench_users; drop table bench_bounds'));
  await db.execute(sql`vacuum analyze audit_log`);
  const loadSeconds = (Date.now() - started) / 1000;
  const [{ n: total }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log`));
  const [{ size }] = rowsOf<{ size: string }>(
    await db.execute(sql`select pg_size_pretty(pg_total_relation_size('audit_log')) as size`),
  );

  const config = loadConfig(
    {},
    {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'olympus-audit-bench-')),
      staticDir: null,
      logLevel: 'silent',
      publicUrl: 'http://bench.test',
    },
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const headers = { super: await tokenFor(db, boss.id), auditor: await tokenFor(db, auditor.id) };
  const [someone] = rowsOf<{ id: string; email: string }>(
    await db.execute(
      sql`select u.id, u.email from users u join user_companies uc on uc.user_id = u.id where uc.company_id = ${companies[2].id} limit 1`,
    ),
  );
  const c1 = companies[0].id;
  const c3 = companies[2].id;
  const c20 = companies[19].id;
  const month = `from=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10)}`;
  const week = `from=${new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() - 194 * 86_400_000).toISOString().slice(0, 10)}`;

  // The audit screen asks every page with count=capped (the total counted up to 1 000 rows past the
  // page); an API client gets an exact total unless it asks the same. Both are measured.
  const P = 'page=1&per_page=25&count=capped';
  const cases: { who: 'super' | 'auditor'; name: string; query: string }[] = [
    { who: 'super', name: 'no filter', query: P },
    { who: 'super', name: 'no filter, exact total', query: 'page=1&per_page=25' },
    { who: 'super', name: 'company (25 % of rows)', query: `${P}&company=${c1}` },
    { who: 'super', name: 'company (25 % of rows), exact total', query: `page=1&per_page=25&company=${c1}` },
    { who: 'super', name: 'company (0.5 % of rows)', query: `${P}&company=${c20}` },
    { who: 'super', name: 'person', query: `${P}&actor=${someone.id}` },
    { who: 'super', name: 'resource=units', query: `${P}&resource=units` },
    { who: 'super', name: 'action=unit.delete', query: `${P}&action=unit.delete` },
    { who: 'super', name: 'one week', query: `${P}&${week}` },
    { who: 'super', name: 'company + resource + a month', query: `${P}&company=${c1}&resource=units&${month}` },
    { who: 'super', name: 'company (25 %), page 40', query: `page=40&per_page=25&count=capped&company=${c1}` },
    { who: 'super', name: 'search, common term', query: `${P}&q=update` },
    { who: 'super', name: 'search, a person’s email', query: `${P}&q=${encodeURIComponent(someone.email)}` },
    {
      who: 'super',
      name: 'search, an address + person filter',
      query: `${P}&q=${encodeURIComponent('10.1')}&actor=${someone.id}`,
    },
    { who: 'super', name: 'search, an email + one week', query: `${P}&q=${encodeURIComponent(someone.email)}&${week}` },
    { who: 'super', name: 'CSV: person, whole list unpaged', query: `actor=${someone.id}` },
    { who: 'auditor', name: 'no filter', query: P },
    { who: 'auditor', name: 'no filter, exact total', query: 'page=1&per_page=25' },
    { who: 'auditor', name: 'own company', query: `${P}&company=${c3}` },
    { who: 'auditor', name: 'person', query: `${P}&actor=${someone.id}` },
    { who: 'auditor', name: 'resource=units', query: `${P}&resource=units` },
    { who: 'auditor', name: 'resource=units, exact total', query: 'page=1&per_page=25&resource=units' },
    { who: 'auditor', name: 'action=auth.login', query: `${P}&action=auth.login` },
    { who: 'auditor', name: 'one week', query: `${P}&${week}` },
  ];

  const results: string[] = [];
  for (const c of cases) {
    const call = () => app.inject({ method: 'GET', url: `/api/v1/audit?${c.query}`, headers: headers[c.who] });
    let last = await call();
    if (last.statusCode !== 200) throw new Error(`${c.name}: ${last.statusCode} ${last.body.slice(0, 300)}`);
    for (let i = 0; i < 2; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      last = await call();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const max = times[times.length - 1];
    const body = last.json() as { data: unknown[]; meta: { total: number; more?: boolean } };
    const shown = `${body.data.length} rows, total ${body.meta.total}${body.meta.more ? '+' : ''}`;
    const line = `| ${c.who === 'super' ? 'super admin' : 'audit.view, 1 company'} | ${c.name} | ${median.toFixed(1)} | ${max.toFixed(1)} | ${shown} | ${median < GOAL_MS ? 'met' : 'missed'} |`;
    results.push(line);
    console.log(line);
  }
  if (EXPLAIN) {
    await explain(db, 'super admin, search, a person’s email', null, { q: someone.email });
    await explain(db, 'super admin, search for an address + person filter', null, { q: '10.1', actor: someone.id });
    await explain(db, 'audit.view, resource=units', { companies: [c3] }, { resource: ['units'] });
    await explain(db, 'audit.view, no filter', { companies: [c3] }, {});
    await explain(db, 'audit.view, action=auth.login', { companies: [c3] }, { action: 'auth.login' });
  }
  console.log(
    `\nPostgreSQL ${rowsOf<{ server_version: string }>(await db.execute(sql`show server_version`))[0].server_version}, ${total} rows (${size} with indexes), loaded and vacuumed in ${loadSeconds.toFixed(0)} s; ${SAMPLES} samples per case, ${os.cpus().length} cores.\n`,
  );
  console.log('| caller | case | median ms | slowest ms | answer | < 100 ms |\n|---|---|---|---|---|---|');
  console.log(results.join('\n'));
  await app.close();
  await database.close();
}

/** For --explain: the plans of a case's page (its ids) and of its capped count, with the route's own conditions. */
async function explain(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  name: string,
  scope: AuditScope,
  query: AuditQuery,
) {
  const parts = [
    scopeCondition(scope),
    ...filterConditions(query, await searchedPeople(db, query.q, scope), scope),
  ].filter((p): p is SQL => p !== undefined);
  const where = parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
  for (const [what, statement] of [
    ['page', sql`select a.id from audit_log a ${where} order by a.at desc, a.id desc limit 25`],
    ['capped count', sql`select count(*) from (select 1 from audit_log a ${where} limit 1051) as counted`],
  ] as const) {
    const plan = await db.execute(sql`explain (analyze, buffers) ${statement}`);
    console.log(
      `\n${name}, ${what}:\n${rowsOf<{ 'QUERY PLAN': string }>(plan)
        .map((r) => r['QUERY PLAN'])
        .join('\n')}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
