// Does the server freeze while whole 10 000-unit lists are served? The bench's "full unit list (10k
// units)" case alone, repeatable: seeds (once) a 10 000-unit tenant with bench/lib/prepare.ts, starts
// the server as the bench does (bench/lib/olympus.ts), loads GET /api/v1/units on 10 connections with
// the bench's autocannon while bench/lib/health-probe.ts asks /healthz every 50 ms, and prints
// /healthz p50/p99/max and the list's req/s per run and their medians. Variables of this process's
// environment reach the server (e.g. UV_THREADPOOL_SIZE), so a lever is tried by setting it.
// npx tsx scripts/measure-whole-lists.ts --db=pglite|postgres [--pg-url=postgres://…] [--runs=3] [--seconds=8]
// [--label=…] [--encoding=br] [--connections=10]
// PostgreSQL: start your own first (scripts/postgres.sh, PG_PORT=…); the tenant is added to that database.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load, signIn, type LoadResult } from '../bench/lib/api';
import { startProbe } from '../bench/lib/health-probe';
import type { Tenant } from '../bench/lib/data';
import { startOlympus } from '../bench/lib/olympus';
import { run } from '../bench/lib/proc';
import { median } from '../bench/lib/stats';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const kind = arg('db', 'pglite');
const pgUrl = arg('pg-url', '');
const runs = Number(arg('runs', '3'));
const seconds = Number(arg('seconds', '8'));
const label = arg('label', 'current');
// The bench sends no Accept-Encoding (autocannon's default): uncompressed. --encoding=br measures brotli.
const encoding = arg('encoding', '');
// --connections=0: no load, only the probe (the floor this machine gives right now).
const connections = Number(arg('connections', '10'));
const PASSWORD = 'Bench-Password-2026';

const work = path.resolve(
  '.tmp/measure-whole-lists',
  kind === 'postgres' ? `postgres-${new URL(pgUrl).port}` : 'pglite',
);
mkdirSync(work, { recursive: true });
const target =
  kind === 'postgres' ? { kind: 'postgres', url: pgUrl } : { kind: 'pglite', dataDir: path.join(work, 'pglite') };

async function tenant(): Promise<Tenant> {
  const cache = path.join(work, 'tenants.json');
  if (!existsSync(cache)) {
    const out = await run(process.execPath, ['--import', 'tsx', 'bench/lib/prepare.ts'], {
      env: { BENCH_DB: JSON.stringify(target), BENCH_SIZES: '10000', BENCH_PASSWORD: PASSWORD, BENCH_EXPORT: '' },
      timeoutMs: 600_000,
    });
    const m = /BENCH_PREPARED (\{.*\})/.exec(out);
    if (!m) throw new Error(`prepare.ts printed no result:\n${out.slice(-2000)}`);
    writeFileSync(cache, JSON.stringify((JSON.parse(m[1]) as { tenants: Tenant[] }).tenants));
  }
  const tenants = JSON.parse(readFileSync(cache, 'utf8')) as Tenant[];
  return tenants.find((t) => t.units === 10_000)!;
}

async function main(): Promise<void> {
  const t = await tenant();
  const rows: { rps: number; p50: number; p99: number; max: number; samples: number; non2xx: number }[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startOlympus({
      dataDir: work,
      databaseUrl: kind === 'postgres' ? pgUrl : null,
      staticDir: path.join(work, 'no-static'),
      timeFile: path.join(work, 'time.txt'),
    });
    try {
      const { token } = await signIn(server.url, 'superadmin@example.com', PASSWORD);
      const idle = async (): Promise<LoadResult> => {
        const probe = startProbe(server.url);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        return {
          target: 'idle',
          url: server.url,
          rps: 0,
          p50: 0,
          p99: 0,
          non2xx: 0,
          errors: 0,
          bytesPerReq: 0,
          rssIdleMb: null,
          rssPeakMb: null,
          probe: await probe.stop(),
        };
      };
      const r =
        connections === 0
          ? await idle()
          : await load('olympus', `${server.url}/api/v1/units`, {
              connections,
              seconds,
              headers: {
                authorization: `Bearer ${token}`,
                'x-tenant': t.id,
                ...(encoding ? { 'accept-encoding': encoding } : {}),
              },
              pid: server.pid,
              probe: server.url,
            });
      const h = r.probe!.find((p) => p.path === '/healthz')!;
      rows.push({ rps: r.rps, p50: h.p50, p99: h.p99, max: h.max, samples: h.samples, non2xx: r.non2xx + r.errors });
      console.log(
        `${kind} ${label} run ${i + 1}: ${r.rps} req/s, /healthz p50 ${h.p50} p99 ${h.p99} max ${h.max} ms (${h.samples} probes), non2xx+errors ${r.non2xx + r.errors}, ${r.bytesPerReq} B/req`,
      );
    } finally {
      await server.stop();
    }
  }
  const med = (k: 'rps' | 'p50' | 'p99' | 'max') => Math.round(median(rows.map((r) => r[k])) * 10) / 10;
  console.log(
    `${kind} ${label} MEDIAN of ${runs}: ${med('rps')} req/s, /healthz p50 ${med('p50')} p99 ${med('p99')} max ${med('max')} ms`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
