// `npm run bench` (full: ~10 s per API case, 3 interleaved page-load rounds) and `npm run bench:short`
// (~3 s per case, 1 round). Olympus against its anchors in one run: bundle, API on PGlite and on
// PostgreSQL 15, page load in chromium. Writes .tmp/bench/results-<mode>.{md,json}; with --record
// it also replaces the generated part of bench/RESULTS.md. Everything stays on loopback.
//   options: --short  --only=bundle,api,page  --no-postgres  --record
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runApiCases, signIn, startBenchServer, startJsonServer, TOOLS_DIR, type ApiCase, type ServerInfo } from './lib/api';
import { analyse, buildAnchor, buildOlympus, type BundleStats } from './lib/bundle';
import { launch, measure, PROFILES, type PageResult, type PageTarget } from './lib/pageload';
import { run, type Child } from './lib/proc';
import { apiTable, bundleTable, machine, pageTable } from './lib/report';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const only = argv.find((a) => a.startsWith('--only='))?.slice(7).split(',') ?? ['bundle', 'api', 'page'];
const withPostgres = !argv.includes('--no-postgres');
const record = argv.includes('--record');
const mode = short ? 'short' : 'full';
const SECONDS = short ? 3 : 10;
const ROUNDS = short ? 1 : 3;
const SCALE = Number(process.env.BENCH_SCALE ?? 10_000);
const OUT = path.resolve('.tmp/bench');
const OLYMPUS_DIST = path.join(OUT, 'olympus-dist');
const ANCHORS = { ra: path.resolve('bench/anchors/ra-app'), mui: path.resolve('bench/anchors/mui-app') };
const PG_PORT = process.env.BENCH_PG_PORT ?? '54339';

const started = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const children: Child[] = [];

/** npm ci --prefix for each pinned anchor whose install is missing or older than its lockfile. */
async function installAnchors(): Promise<void> {
  for (const dir of [TOOLS_DIR, ANCHORS.ra, ANCHORS.mui]) {
    const marker = path.join(dir, 'node_modules/.package-lock.json');
    if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(dir, 'package-lock.json')).mtimeMs) continue;
    log(`npm ci --prefix ${path.relative(process.cwd(), dir)}`);
    await run('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { timeoutMs: 600_000 });
  }
}

async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const out = await run('bash', ['-c', 'source scripts/postgres.sh && start_postgres >&2 && echo "PGURL=$PG_TEST_URL PGDIR=$PG_DIR PGBIN=$PG_BIN"'], {
    env: { PG_PORT },
    timeoutMs: 300_000,
  });
  const m = /PGURL=(\S+) PGDIR=(\S+) PGBIN=(\S+)/.exec(out);
  if (!m) throw new Error(`PostgreSQL did not start:\n${out}`);
  const [, url, dir, bin] = m;
  log(out.split('\n').find((l) => l.startsWith('PostgreSQL')) ?? 'PostgreSQL started');
  return {
    url,
    stop: async () => {
      await run('bash', ['-c', 'source scripts/postgres.sh; RUN=(); if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi; stop_postgres'], {
        env: { PG_DIR: dir, PG_BIN: bin },
        timeoutMs: 60_000,
      }).catch((e: Error) => log(`stopping PostgreSQL: ${e.message}`));
    },
  };
}

function serverEnv(pgUrl: string | null): Record<string, string> {
  return {
    BENCH_SCALE: String(SCALE),
    BENCH_PG_URL: pgUrl ?? '',
    BENCH_STATIC: OLYMPUS_DIST,
    BENCH_APPS: JSON.stringify({ ra: path.join(ANCHORS.ra, 'dist'), mui: path.join(ANCHORS.mui, 'dist') }),
  };
}

async function firstName(info: ServerInfo, tenant: 'demo' | 'scale'): Promise<string> {
  const res = await fetch(`${info.anchor}/api/${tenant}/units?page=1&per_page=1&sort=name`);
  return ((await res.json()) as { data: { name: string }[] }).data[0].name;
}

async function pageTargets(info: ServerInfo): Promise<PageTarget[]> {
  const { token } = await signIn(info.olympus, 'superadmin@example.com', info.password);
  const olympusStorage = (company: string, name: string) => ({
    'olympus.auth': JSON.stringify({ access_token: token, session: null, username: null, currentCompany: company, currentCompanyName: name, user: null }),
    // Same rows per page in every app (Olympus offers 10/20/30/40).
    'olympus.ui': JSON.stringify({ resultsPerPage: '20' }),
  });
  const demo = await firstName(info, 'demo');
  const scale = await firstName(info, 'scale');
  const small = `unit list (${info.demo.units} units)`;
  const big = `unit list (${SCALE} units)`;
  return [
    { app: 'olympus', case: '/login', url: `${info.olympus}/login`, ready: { text: 'Login to Olympus' } },
    { app: 'olympus', case: small, url: `${info.olympus}/dashboard/unit`, ready: { cell: demo }, storage: olympusStorage(info.demo.id, info.demo.name) },
    { app: 'react-admin anchor', case: small, url: `${info.anchor}/ra/?t=demo#/units`, ready: { cell: demo } },
    { app: 'mui anchor', case: small, url: `${info.anchor}/mui/units?t=demo`, ready: { cell: demo } },
    { app: 'olympus', case: big, url: `${info.olympus}/dashboard/unit`, ready: { cell: scale }, storage: olympusStorage(info.scaleId, 'Bench Scale Co') },
    { app: 'react-admin anchor', case: big, url: `${info.anchor}/ra/?t=scale#/units`, ready: { cell: scale } },
    { app: 'mui anchor', case: big, url: `${info.anchor}/mui/units?t=scale`, ready: { cell: scale } },
  ];
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  log(`bench (${mode}): ${only.join(', ')}; ${machine()}`);
  await installAnchors();

  const bundles: BundleStats[] = [];
  if (only.includes('bundle') || only.includes('page')) {
    log('vite build: Olympus (into .tmp/bench/olympus-dist) and the anchors');
    await buildOlympus(OLYMPUS_DIST);
    await buildAnchor(ANCHORS.ra);
    await buildAnchor(ANCHORS.mui);
    bundles.push(analyse('olympus', OLYMPUS_DIST), analyse('react-admin anchor', path.join(ANCHORS.ra, 'dist')), analyse('mui anchor', path.join(ANCHORS.mui, 'dist')));
    for (const b of bundles) log(`  ${b.app.padEnd(20)} ${b.files} JS files, ${(b.min / 1024).toFixed(0)} kB min, ${(b.gzip / 1024).toFixed(0)} kB gzip, ${(b.brotli / 1024).toFixed(0)} kB brotli`);
  }

  const api: ApiCase[] = [];
  const pages: PageResult[] = [];
  let jsonServer: { url: string; pid?: number } | null = null;

  // PGlite: API cases, then page loads against the same server.
  if (only.includes('api') || only.includes('page')) {
    log(`PGlite: seeding demo data + ${SCALE} units`);
    const { child, info } = await startBenchServer(serverEnv(null));
    children.push(child);
    if (only.includes('api')) {
      const { token } = await signIn(info.olympus, 'superadmin@example.com', info.password);
      const js = await startJsonServer(info, token, path.join(OUT, 'json-server'));
      children.push(js.child);
      jsonServer = { url: js.url, pid: js.child.proc.pid };
      api.push(...(await runApiCases({ info, serverPid: child.proc.pid, jsonServer, seconds: SECONDS, log })));
    }
    if (only.includes('page')) {
      const targets = await pageTargets(info);
      const browser = await launch();
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          for (const profile of PROFILES) {
            for (const t of targets) {
              const r = await measure(browser, t, profile, profile.cpu > 1 ? 120_000 : 60_000);
              log(`  page ${round}/${ROUNDS} ${profile.name.padEnd(18)} ${t.case.padEnd(24)} ${t.app.padEnd(20)} first row ${r.readyMs} ms, JS ${(r.jsTransfer / 1024).toFixed(0)} kB wire, ${r.apiCalls} API calls, ${r.domNodes} nodes${r.outbound.length ? `, OUTBOUND ${r.outbound.join(' ')}` : ''}`);
              pages.push(r);
            }
          }
        }
      } finally {
        await browser.close();
      }
    }
    await child.stop();
  }

  // PostgreSQL 15: the API cases again (json-server keeps serving the same exported data).
  if (only.includes('api') && withPostgres) {
    const pg = await startPostgres();
    try {
      log(`PostgreSQL: seeding demo data + ${SCALE} units`);
      const { child, info } = await startBenchServer(serverEnv(pg.url));
      children.push(child);
      try {
        api.push(...(await runApiCases({ info, serverPid: child.proc.pid, jsonServer, seconds: SECONDS, log })));
      } finally {
        await child.stop();
      }
    } finally {
      await pg.stop();
    }
  }
  for (const c of children) await c.stop();

  const command = `npm run ${short ? 'bench:short' : 'bench'}${argv.filter((a) => a !== '--short').map((a) => ' -- ' + a).join('')}`;
  const md = [
    `Run ${new Date().toISOString()} (${mode} mode: ${SECONDS} s per API case, ${ROUNDS} page-load round(s)), \`${command}\``,
    '',
    `Machine: ${machine()}`,
    '',
    ...(bundles.length ? ['### Bundle (vite build, all emitted JS)', '', bundleTable(bundles), ''] : []),
    ...(pages.length ? ['### Page load (chromium, cold cache, medians)', '', pageTable(pages), ''] : []),
    ...(api.length ? ['### API (autocannon, 10 connections unless noted)', '', apiTable(api), ''] : []),
  ].join('\n');
  writeFileSync(path.join(OUT, `results-${mode}.md`), md);
  writeFileSync(path.join(OUT, `results-${mode}.json`), JSON.stringify({ mode, machine: machine(), bundles, pages, api }, null, 2));
  if (record) {
    const file = path.resolve('bench/RESULTS.md');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '<!-- bench:begin -->\n<!-- bench:end -->\n';
    writeFileSync(file, text.replace(/<!-- bench:begin -->[\s\S]*<!-- bench:end -->/, `<!-- bench:begin -->\n${md}\n<!-- bench:end -->`));
  }
  console.log('\n' + md);
  log(`done; results in ${path.relative(process.cwd(), OUT)}/results-${mode}.md`);
}

async function cleanup(): Promise<void> {
  for (const c of children) await c.stop().catch(() => {});
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
main().catch(async (err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  await cleanup();
  process.exit(1);
});
