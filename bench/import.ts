// CSV import of units through the real server (server/main.ts, as `npm start` runs it), on PostgreSQL
// or the embedded PGlite: POST /api/v1/units/import with a file of N units across 100 properties,
// then GET /api/v1/imports/{id} until it ends. Measured: rows per second (from the POST to the end),
// /healthz and /readyz latency during the import (bench/lib/health-probe.ts: the server stays
// responsive), and the server's peak memory (VmHWM). A second run of the same file updates every row
// (the import key is the property and the unit reference). Not part of `npm run bench` (its own data).
//
//   PG_PORT=54434 bash -c 'source scripts/postgres.sh && start_postgres && npx tsx bench/import.ts; stop_postgres'
//   npx tsx bench/import.ts --pglite
//
// BENCH_IMPORT_ROWS (comma-separated, default 10000,100000). Results go to stdout as a Markdown table
// (copied into bench/RESULTS.md by hand).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createCompany, createUser, tokenFor } from '../tests/server/factories';
import { startOlympus, type OlympusServer } from './lib/olympus';
import { openBenchDatabase } from './lib/benchDatabase';
import { startProbe, type ProbeStats } from './lib/health-probe';

const SIZES = (process.env.BENCH_IMPORT_ROWS ?? '10000,100000').split(',').map(Number);
const PGLITE = process.argv.includes('--pglite');
const PROPERTIES = 100;
const GOAL_S = 60;
const HEALTH_P99_GOAL_MS = 50;

interface Run {
  rows: number;
  pass: 'create' | 'update';
  seconds: number;
  perSecond: number;
  created: number;
  updated: number;
  failed: number;
  probes: ProbeStats[];
  peakMb: number;
}

/** The server's peak resident memory so far (Linux: /proc/<pid>/status VmHWM), in MB. */
function peakMb(pid: number | undefined): number {
  if (!pid) return -1;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : -1;
}

function unitsCsv(rows: number): string {
  const lines = ['name,property_id,unit_ref,unit_type,unit_status,bedrooms,bathrooms,furnished'];
  const types = ['Flat', 'House', 'Studio'];
  for (let i = 0; i < rows; i++) {
    const p = i % PROPERTIES;
    lines.push(
      `Unit ${i + 1},Bench Property ${p + 1},U-${i + 1},${types[i % 3]},Available,${i % 5},${1 + (i % 2)},${i % 2 ? 'yes' : 'no'}`,
    );
  }
  return lines.join('\n') + '\n';
}

async function importOnce(
  server: OlympusServer,
  headers: Record<string, string>,
  csv: string,
  rows: number,
  pass: Run['pass'],
): Promise<Run> {
  const probe = startProbe(server.url);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/units/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: csv,
  });
  if (res.status !== 202) throw new Error(`import refused: ${res.status} ${await res.text()}`);
  const { id } = ((await res.json()) as { data: { id: string } }).data;
  let state: {
    state: string;
    message?: string;
    counts: { created: number; updated: number; failed: number; done: number; rows: number };
  };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    state = ((await (await fetch(`${server.url}/api/v1/imports/${id}`, { headers })).json()) as { data: typeof state })
      .data;
    if (state.state === 'succeeded' || state.state === 'failed') break;
  }
  const seconds = (performance.now() - started) / 1000;
  const probes = await probe.stop();
  if (state.state !== 'succeeded') throw new Error(`import ${state.state}: ${state.message}`);
  const { created, updated, failed } = state.counts;
  return {
    rows,
    pass,
    seconds,
    perSecond: Math.round(rows / seconds),
    created,
    updated,
    failed,
    probes,
    peakMb: peakMb(server.pid),
  };
}

async function main() {
  // The company, its 100 properties and a super admin's token, written before the server starts.
  const { database, url, dataDir } = await openBenchDatabase('olympus_import_bench', PGLITE);
  const company = await createCompany(database.db, { name: 'Bench Lettings' });
  await database.db.execute(sql`
    insert into properties (company_id, name, slug, city, postcode)
    select ${company.id}, 'Bench Property ' || g, 'bench-property-' || g, 'Leeds', 'LS1 1AA' from generate_series(1, ${PROPERTIES}) g`);
  const boss = await createUser(database.db, { role: 'super_admin', companies: [company], name: 'Bench Boss' });
  const headers = { ...(await tokenFor(database.db, boss.id)), 'x-tenant': company.id, accept: 'application/json' };
  await database.close();

  const server = await startOlympus({
    dataDir,
    databaseUrl: url,
    staticDir: path.join(dataDir, 'no-static'),
    timeFile: path.join(dataDir, 'time.txt'),
  });
  const runs: Run[] = [];
  try {
    for (const rows of SIZES) {
      const csv = unitsCsv(rows);
      // Each size in its own unit references: the first pass creates, the second updates the same rows.
      const tagged = csv.replace(/,U-(\d+),/g, `,S${rows}-$1,`);
      runs.push(await importOnce(server, headers, tagged, rows, 'create'));
      runs.push(await importOnce(server, headers, tagged, rows, 'update'));
    }
  } finally {
    await server.stop();
  }

  const db = url ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n### CSV import of units, ${db} (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(
    '| Rows | Pass | Time | Rows/s | Created | Updated | Failed | /healthz p50 / p99 / max | /readyz p50 / p99 / max | Peak RSS |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---|---|---:|');
  for (const r of runs) {
    const [h, d] = r.probes;
    const goal =
      r.rows === 100_000 && r.pass === 'create' && url
        ? r.seconds <= GOAL_S
          ? ' (goal ≤ 60 s met)'
          : ' (goal ≤ 60 s missed)'
        : '';
    const hGoal = url ? (h.p99 <= HEALTH_P99_GOAL_MS ? '' : ' (goal ≤ 50 ms missed)') : '';
    console.log(
      `| ${r.rows.toLocaleString('en-GB')} | ${r.pass} | ${r.seconds.toFixed(1)} s${goal} | ${r.perSecond.toLocaleString('en-GB')} | ${r.created} | ${r.updated} | ${r.failed} | ${h.p50} / ${h.p99} / ${h.max} ms${hGoal} | ${d.p50} / ${d.p99} / ${d.max} ms | ${r.peakMb} MB |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
