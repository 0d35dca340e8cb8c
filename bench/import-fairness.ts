// Does an import leave other companies served? Through the real server (server/main.ts, as `npm start`
// runs it; PGlite in its worker thread, one connection), company A's admin posts a properties import
// (rows go one by one there: a slug per row) while company B's admin opens B's property list page
// (GET /api/v1/properties?page=1&per_page=25) one request after another. Measured: B's page latency
// p50 / p90 / max during the import, and the import's own time. The same on PostgreSQL. Also a
// header-only dry run of many columns (refused at once since the column cap) with B's pages meanwhile.
//
//   npx tsx bench/import-fairness.ts --pglite
// PG_PORT=54342 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/import-fairness.ts;
// stop_postgres'
//
// BENCH_FAIRNESS_ROWS (default 1500), BENCH_FAIRNESS_DRY (default true: a dry run, as measured when the
// starvation was found; false writes the rows). Results go to stdout as Markdown (copied into
// bench/RESULTS.md by hand).
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCompany, createUser, tokenFor } from '../tests/server/factories';
import { startOlympus, type OlympusServer } from './lib/olympus';
import { openBenchDatabase } from './lib/benchDatabase';
import { latency, type Latency } from './lib/stats';

const ROWS = Number(process.env.BENCH_FAIRNESS_ROWS ?? 1500);
const DRY = (process.env.BENCH_FAIRNESS_DRY ?? 'true') !== 'false';
const PGLITE = process.argv.includes('--pglite');
const WIDE_COLUMNS = 4_000_000;

/** B's list page, one request after another, until stopped. */
function probeList(base: string, headers: Record<string, string>) {
  let running = true;
  const ms: number[] = [];
  let failures = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/properties?page=1&per_page=25`, { headers }).catch(() => null);
      if (!res || res.status !== 200) failures++;
      else await res.arrayBuffer();
      ms.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop(): Promise<Latency> {
      running = false;
      await loop;
      return latency(ms, failures);
    },
  };
}

async function importWhileProbing(
  server: OlympusServer,
  a: Record<string, string>,
  b: Record<string, string>,
  csv: string,
  query: string,
) {
  const quiet = probeList(server.url, b);
  await new Promise((r) => setTimeout(r, 3000));
  const idle = await quiet.stop();
  const probe = probeList(server.url, b);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/properties/import${query}`, {
    method: 'POST',
    headers: { ...a, 'content-type': 'text/csv' },
    body: csv,
  });
  const answered = performance.now() - started;
  const body = (await res.json()) as { data?: { id: string }; message?: string };
  let outcome = `${res.status}${body.message ? ` ${body.message.slice(0, 60)}` : ''}`;
  if (res.status === 202 && body.data) {
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const s = (
        (await (await fetch(`${server.url}/api/v1/imports/${body.data.id}`, { headers: a })).json()) as {
          data: { state: string; counts: { done: number } };
        }
      ).data;
      if (s.state === 'succeeded' || s.state === 'failed') {
        outcome = `${s.state}, ${s.counts.done} rows`;
        break;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { idle, during: await probe.stop(), seconds, answeredMs: Math.round(answered), outcome };
}

async function main() {
  const { database, url, dataDir } = await openBenchDatabase('olympus_fairness_bench', PGLITE);
  const companyA = await createCompany(database.db, { name: 'Importing Lettings' });
  const companyB = await createCompany(database.db, { name: 'Browsing Estates' });
  await database.db.execute(sql`
    insert into properties (company_id, name, slug, city, postcode)
    select ${companyB.id}, 'Browse Property ' || g, 'browse-property-' || g, 'York', 'YO1 1AA' from generate_series(1, 200) g`);
  const adminA = await createUser(database.db, { role: 'admin', companies: [companyA], name: 'Importer' });
  const adminB = await createUser(database.db, { role: 'admin', companies: [companyB], name: 'Browser' });
  const a = { ...(await tokenFor(database.db, adminA.id)), 'x-tenant': companyA.id, accept: 'application/json' };
  const b = { ...(await tokenFor(database.db, adminB.id)), 'x-tenant': companyB.id, accept: 'application/json' };
  await database.close();

  const server = await startOlympus({
    dataDir,
    databaseUrl: url,
    staticDir: path.join(dataDir, 'no-static'),
    timeFile: path.join(dataDir, 'time.txt'),
  });
  const r = Date.now().toString(36);
  let csv = 'name,reference,address_line_1,city,postcode\n';
  for (let i = 0; i < ROWS; i++) csv += `Fair ${r} ${i},FR-${r}-${i},${i} High Street,Leeds,LS1 ${i % 9}AA\n`;
  const wide = ['name', ...Array<string>(WIDE_COLUMNS - 1).fill('c')].join(',') + '\nA row\n';
  let rows;
  let header;
  try {
    rows = await importWhileProbing(server, a, b, csv, DRY ? '?dry_run=true' : '');
    header = await importWhileProbing(server, a, b, wide, '?dry_run=true');
  } finally {
    await server.stop();
  }
  const db = url ? 'PostgreSQL' : 'PGlite';
  const line = (what: string, x: NonNullable<typeof rows>) =>
    `| ${db} | ${what} | ${x.outcome} | ${x.seconds.toFixed(1)} s (answered in ${x.answeredMs} ms) | ${x.idle.p50} / ${x.idle.p90} / ${x.idle.max} ms | ${x.during.p50} / ${x.during.p90} / ${x.during.max} ms (${x.during.samples}, ${x.during.failures} failed) |`;
  console.log(
    `\n### Another company's list page during an import, ${db} (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(
    "| Database | Import | Outcome | Time | B's page before: p50 / p90 / max | B's page during: p50 / p90 / max (samples) |",
  );
  console.log('|---|---|---|---:|---|---|');
  console.log(line(`${ROWS.toLocaleString('en-GB')} properties${DRY ? ', dry run' : ''}`, rows));
  console.log(
    line(
      `header of ${WIDE_COLUMNS.toLocaleString('en-GB')} columns (${(wide.length / 1e6).toFixed(0)} MB), dry run`,
      header,
    ),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
