// Bulk changes through the real server (server/main.ts, as `npm start` runs it; PGlite in its worker
// thread, or PostgreSQL): POST /api/v1/units/bulk setting `unit_status` of 500 and of 1 000 units, alone
// and while 20 connections read the unit list page (`?page=1&per_page=25`) one request after another;
// last, a bulk delete (to the trash) of the largest size with the readers.
// Measured: the bulk's time, the list pages' p50 / p90 / max during it, and the wait of one single
// PUT of a unit of the bulk (the first in id order, the one a record-by-record bulk locks first) sent
// 200 ms after the bulk began. Not part of `npm run bench` (its own data).
//
//   npx tsx bench/bulk.ts --pglite
//   PG_PORT=54345 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/bulk.ts; stop_postgres'
//
// BENCH_BULK_SIZES (comma-separated, default 500,1000), BENCH_BULK_READERS (default 20). Results go to
// stdout as Markdown (copied into bench/RESULTS.md by hand).
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCompany, createUser, tokenFor } from '../tests/server/factories';
import { startOlympus, type OlympusServer } from './lib/olympus';
import { openBenchDatabase } from './lib/benchDatabase';
import { latency, type Latency } from './lib/stats';

const SIZES = (process.env.BENCH_BULK_SIZES ?? '500,1000').split(',').map(Number);
const READERS = Number(process.env.BENCH_BULK_READERS ?? 20);
const PGLITE = process.argv.includes('--pglite');
const UNITS = Math.max(...SIZES);
const PUT_AFTER_MS = 200;

/** `n` connections each asking the unit list page one request after another, until stopped. */
function readLists(base: string, headers: Record<string, string>, n: number) {
  let running = true;
  const samples: { at: number; ms: number; ok: boolean }[] = [];
  const loops = Array.from({ length: n }, async () => {
    while (running) {
      const at = performance.now();
      const res = await fetch(`${base}/api/v1/units?page=1&per_page=25`, { headers }).catch(() => null);
      if (res) await res.arrayBuffer();
      samples.push({ at, ms: performance.now() - at, ok: res?.status === 200 });
    }
  });
  return {
    /** The pages asked while the bulk ran (sent between `from` and `to`). */
    async stop(from: number, to: number): Promise<Latency> {
      running = false;
      await Promise.all(loops);
      const during = samples.filter((s) => s.at >= from && s.at <= to);
      return latency(
        during.filter((s) => s.ok).map((s) => s.ms),
        during.filter((s) => !s.ok).length,
      );
    },
  };
}

interface Run {
  action: 'update' | 'delete';
  size: number;
  readers: number;
  status: number;
  seconds: number;
  lists: Latency | null;
  put: { ms: number; status: number; duringBulk: boolean };
}

async function bulkOnce(
  server: OlympusServer,
  headers: Record<string, string>,
  ids: string[],
  status: string | null,
  readers: number,
): Promise<Run> {
  const lists = readers ? readLists(server.url, headers, readers) : null;
  // The readers under way before the bulk starts.
  if (lists) await new Promise((r) => setTimeout(r, 1000));
  const json = { ...headers, 'content-type': 'application/json' };
  const started = performance.now();
  let ended = 0;
  const bulk = fetch(`${server.url}/api/v1/units/bulk`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(
      status ? { action: 'update', ids, values: { unit_status: status } } : { action: 'delete', ids },
    ),
  }).then(async (res) => {
    ended = performance.now();
    await res.arrayBuffer();
    return res.status;
  });
  await new Promise((r) => setTimeout(r, PUT_AFTER_MS));
  const first = [...ids].sort()[0];
  const sent = performance.now();
  const duringBulk = ended === 0;
  const putRes = await fetch(`${server.url}/api/v1/units/${first}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ bedrooms: Math.floor(Math.random() * 5) }),
  });
  await putRes.arrayBuffer();
  const put = { ms: Math.round(performance.now() - sent), status: putRes.status, duringBulk };
  const bulkStatus = await bulk;
  const seconds = (ended - started) / 1000;
  return {
    action: status ? 'update' : 'delete',
    size: ids.length,
    readers,
    status: bulkStatus,
    seconds,
    lists: lists ? await lists.stop(started, ended) : null,
    put,
  };
}

async function main() {
  const { database, url, dataDir } = await openBenchDatabase('olympus_bulk_bench', PGLITE);
  const company = await createCompany(database.db, { name: 'Bulk Lettings' });
  await database.db.execute(sql`
    insert into properties (company_id, name, slug, city, postcode)
    select ${company.id}, 'Bulk Property ' || g, 'bulk-property-' || g, 'Leeds', 'LS1 1AA' from generate_series(1, 10) g`);
  await database.db.execute(sql`
    insert into units (company_id, property_id, name, unit_ref, unit_type, unit_status)
    select ${company.id}, p.id, 'Unit ' || g, 'B-' || g, 'Flat', 'Available'
    from generate_series(1, ${UNITS}) g
    join lateral (select id from properties where company_id = ${company.id} order by name offset (g % 10) limit 1) p on true`);
  const ids = (
    (await database.db.execute(
      sql`select id from units where company_id = ${company.id} order by name`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
  const admin = await createUser(database.db, { role: 'admin', companies: [company], name: 'Bulk Admin' });
  const headers = { ...(await tokenFor(database.db, admin.id)), 'x-tenant': company.id, accept: 'application/json' };
  await database.close();

  const server = await startOlympus({
    dataDir,
    databaseUrl: url,
    staticDir: path.join(dataDir, 'no-static'),
    timeFile: path.join(dataDir, 'time.txt'),
  });
  const runs: Run[] = [];
  let n = 0;
  try {
    // Warm the server's code paths once (a small bulk, a list page).
    await bulkOnce(server, headers, ids.slice(0, 5), 'Let', 0);
    for (const size of SIZES)
      for (const readers of [0, READERS])
        runs.push(await bulkOnce(server, headers, ids.slice(0, size), n++ % 2 ? 'Available' : 'Maintenance', readers));
    runs.push(await bulkOnce(server, headers, ids.slice(0, UNITS), null, READERS));
  } finally {
    await server.stop();
  }

  const db = url ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n### Bulk status update of units, ${db} (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(
    '| Database | Action | Units | Readers | Answer | Time | List page p50 / p90 / max (samples, failed) | Single PUT sent 200 ms in |',
  );
  console.log('|---|---|---:|---:|---:|---:|---|---|');
  for (const r of runs) {
    const l = r.lists
      ? `${r.lists.p50} / ${r.lists.p90} / ${r.lists.max} ms (${r.lists.samples}, ${r.lists.failures})`
      : '—';
    console.log(
      `| ${db} | ${r.action} | ${r.size.toLocaleString('en-GB')} | ${r.readers} | ${r.status} | ${r.seconds.toFixed(2)} s | ${l} | ${r.put.status} in ${r.put.ms} ms${r.put.duringBulk ? '' : ' (bulk already done)'} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
