// `npm run bench` (full: ~10 s per API case, 3 interleaved page-load rounds, tenants of 1k/10k/100k
// units) and `npm run bench:short` (~3 s per case, 1 round, 1k/10k). Olympus against its anchors in
// one run: bundle and per-route JS, API on PGlite and on PostgreSQL 15 (with a /healthz probe under
// load and /usr/bin/time of the server), list payloads at scale, page load and search-box keystrokes
// in chromium. Writes .tmp/bench/results-<mode>.{md,json}; with --record it also replaces the
// generated part of bench/RESULTS.md. Everything stays on loopback.
//   options: --short  --only=bundle,api,page,search  --no-postgres  --record
//   env: BENCH_SCALE=1000,10000,100000 (the generated tenants' sizes), BENCH_ROUNDS, BENCH_PG_PORT, CHROMIUM_PATH
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseTarget } from '../server/db';
import { runApiCases, signIn, startJsonServer, TOOLS_DIR, type ServerInfo } from './lib/api';
import { analyse, buildAnchor, buildOlympus } from './lib/bundle';
import { SEARCH_TERM, type Tenant } from './lib/data';
import { FIRST_SCREENS, goalsOf, goalsTable, OLYMPUS_ON_POSTGRES } from './lib/goals';
import { probeIdle } from './lib/health-probe';
import { measureSearch, type KeystrokeResult, type SearchStep, type SearchTarget } from './lib/keystroke';
import { readChunkModules, routeJs, type RouteJs } from './lib/modules';
import { startOlympus, type OlympusServer } from './lib/olympus';
import { launch, measure, PROFILES, type PageResult, type PageTarget } from './lib/pageload';
import { fetchPayload, type Payload } from './lib/payload';
import { run, startChild, watchRss, type Child } from './lib/proc';
import {
  apiTable,
  bundleTable,
  healthTable,
  machine,
  pageTable,
  payloadTable,
  routeTable,
  scaleTable,
  searchTable,
  serverTable,
  unitsLabel,
  type BenchResults,
  type ServerStat,
} from './lib/report';
import { compareWithRecorded, readRecorded, RECORDED_FILE, recordedOf, SLOWDOWN, writeRecorded } from './lib/recorded';
import { hasTime } from './lib/timed';

const argv = process.argv.slice(2);
const short = argv.includes('--short');
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',') ?? ['bundle', 'api', 'page'];
const withPostgres = !argv.includes('--no-postgres');
const record = argv.includes('--record');
const mode = short ? 'short' : 'full';
const SECONDS = short ? 3 : 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || (short ? 1 : 3);
/** Only the search box (`--only=search`, Olympus's own keystrokes, no page loads): a quick A/B of a keystroke. */
const searchOnly = only.includes('search') && !only.includes('page');
const searching = only.includes('page') || searchOnly;
const SIZES = (process.env.BENCH_SCALE ?? (short ? '1000,10000' : '1000,10000,100000'))
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const PASSWORD = 'Bench-Password-2026';
const OUT = path.resolve('.tmp/bench');
const OLYMPUS_DIST = path.join(OUT, 'olympus-dist');
const MODULES_FILE = path.join(OUT, 'olympus-modules.json');
const ANCHORS = { ra: path.resolve('bench/anchors/ra-app'), mui: path.resolve('bench/anchors/mui-app') };
const PG_PORT = process.env.BENCH_PG_PORT ?? '54339';

const started = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${s}`);
const children: Child[] = [];
const workDirs: string[] = [];
/** Stops the throw-away PostgreSQL cluster if one is running (also on Ctrl-C). */
let stopPostgres: (() => Promise<void>) | null = null;

/** npm ci --prefix for each pinned anchor whose install is missing or older than its lockfile. */
async function installAnchors(): Promise<void> {
  for (const dir of [TOOLS_DIR, ANCHORS.ra, ANCHORS.mui]) {
    const marker = path.join(dir, 'node_modules/.package-lock.json');
    if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(path.join(dir, 'package-lock.json')).mtimeMs)
      continue;
    log(`npm ci --prefix ${path.relative(process.cwd(), dir)}`);
    await run('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund'], { timeoutMs: 600_000 });
  }
}

async function startPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  const out = await run(
    'bash',
    ['-c', 'source scripts/postgres.sh && start_postgres >&2 && echo "PGURL=$PG_TEST_URL PGDIR=$PG_DIR PGBIN=$PG_BIN"'],
    {
      env: { PG_PORT },
      timeoutMs: 300_000,
    },
  );
  const m = /PGURL=(\S+) PGDIR=(\S+) PGBIN=(\S+)/.exec(out);
  if (!m) throw new Error(`PostgreSQL did not start:\n${out}`);
  const [, url, dir, bin] = m;
  log(out.split('\n').find((l) => l.startsWith('PostgreSQL')) ?? 'PostgreSQL started');
  const stop = async () => {
    stopPostgres = null;
    await run(
      'bash',
      [
        '-c',
        'source scripts/postgres.sh; RUN=(); if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi; stop_postgres',
      ],
      {
        env: { PG_DIR: dir, PG_BIN: bin },
        timeoutMs: 60_000,
      },
    ).catch((e: Error) => log(`stopping PostgreSQL: ${e.message}`));
  };
  stopPostgres = stop;
  return { url, stop };
}

/** Seeds the database in a child process (prepare.ts) that exits before any server opens it. */
async function prepare(
  target: DatabaseTarget,
  exportFile: string | null,
): Promise<{ tenants: Tenant[]; seconds: number }> {
  const out = await run(process.execPath, ['--import', 'tsx', 'bench/lib/prepare.ts'], {
    env: {
      BENCH_DB: JSON.stringify(target),
      BENCH_SIZES: SIZES.join(','),
      BENCH_PASSWORD: PASSWORD,
      BENCH_EXPORT: exportFile ?? '',
    },
    timeoutMs: 1_200_000,
  });
  const m = /BENCH_PREPARED (\{.*\})/.exec(out);
  if (!m) throw new Error(`prepare.ts printed no result:\n${out.slice(-2000)}`);
  return JSON.parse(m[1]) as { tenants: Tenant[]; seconds: number };
}

async function startAnchor(target: DatabaseTarget, tenants: Tenant[]): Promise<{ child: Child; url: string }> {
  const { child, value } = await startChild(process.execPath, ['--import', 'tsx', 'bench/lib/anchor-server.ts'], {
    env: {
      BENCH_DB: JSON.stringify(target),
      BENCH_TENANTS: JSON.stringify(Object.fromEntries(tenants.map((t) => [t.key, t.id]))),
      BENCH_APPS: JSON.stringify({ ra: path.join(ANCHORS.ra, 'dist'), mui: path.join(ANCHORS.mui, 'dist') }),
    },
    timeoutMs: 120_000,
    ready: (out) => {
      const m = /ANCHOR_READY (\{.*\})\n/.exec(out);
      return m ? (JSON.parse(m[1]) as { url: string }).url : undefined;
    },
  });
  children.push(child);
  return { child, url: value };
}

/** The name in the first row of a tenant's unit list (sorted by name), optionally searched. */
async function firstName(anchor: string, tenant: string, q = ''): Promise<string> {
  const res = await fetch(`${anchor}/api/${tenant}/units?page=1&per_page=1&sort=name&q=${encodeURIComponent(q)}`);
  return ((await res.json()) as { data: { name: string }[] }).data[0].name;
}

/**
 * What the SPA keeps in local storage after a sign-in (providers/store.ts): the token, the session user
 * (GET /session) and the current company — the state a signed-in person's browser opens Olympus with.
 */
async function olympusStorage(olympus: string) {
  const { token } = await signIn(olympus, 'superadmin@example.com', PASSWORD);
  const session = await fetch(`${olympus}/api/v1/session`, { headers: { authorization: `Bearer ${token}` } });
  const user = ((await session.json()) as { data: unknown }).data;
  if (!session.ok || !user) throw new Error(`GET /session failed: ${session.status}`);
  return (t: Tenant) => ({
    'olympus.auth': JSON.stringify({
      access_token: token,
      session: null,
      username: null,
      currentCompany: t.id,
      currentCompanyName: t.name,
      user,
    }),
    // Same rows per page in every app (Olympus offers 10/20/30/40).
    'olympus.ui': JSON.stringify({ resultsPerPage: '20' }),
  });
}

async function pageTargets(olympus: string, anchor: string, tenants: Tenant[]): Promise<PageTarget[]> {
  const storage = await olympusStorage(olympus);
  const demo = tenants.find((t) => t.key === 'demo') ?? tenants[0];
  const out: PageTarget[] = [
    { app: 'olympus', case: '/login', url: `${olympus}/login`, ready: { text: 'Login to Olympus' } },
    // The sign-in form usable: the email field shown and enabled (typeable).
    {
      app: 'olympus',
      case: FIRST_SCREENS.loginForm,
      url: `${olympus}/login-form`,
      ready: { css: 'input[name="email"]:not([disabled])' },
    },
    // A signed-in person opening the dashboard: the first system card shown.
    {
      app: 'olympus',
      case: FIRST_SCREENS.dashboard,
      url: `${olympus}/dashboard`,
      ready: { css: '.MuiCardActionArea-root' },
      storage: storage(demo),
    },
  ];
  for (const t of tenants) {
    const first = await firstName(anchor, t.key);
    const c = `unit list (${unitsLabel(t.units)})`;
    out.push(
      {
        app: 'olympus',
        case: c,
        units: t.units,
        url: `${olympus}/dashboard/unit`,
        ready: { cell: first },
        storage: storage(t),
      },
      {
        app: 'react-admin anchor',
        case: c,
        units: t.units,
        url: `${anchor}/ra/?t=${t.key}#/units`,
        ready: { cell: first },
      },
      { app: 'mui anchor', case: c, units: t.units, url: `${anchor}/mui/units?t=${t.key}`, ready: { cell: first } },
    );
  }
  return out;
}

/** The search-box timing of each generated tenant in each app: SEARCH_TERM typed one letter at a time. */
async function searchTargets(olympus: string, anchor: string, tenants: Tenant[]): Promise<SearchTarget[]> {
  const storage = await olympusStorage(olympus);
  const out: SearchTarget[] = [];
  for (const t of tenants.filter((x) => x.key !== 'demo')) {
    const initialFirst = await firstName(anchor, t.key);
    const steps: SearchStep[] = [];
    for (let i = 1; i <= SEARCH_TERM.length; i++)
      steps.push({ term: SEARCH_TERM.slice(0, i), first: await firstName(anchor, t.key, SEARCH_TERM.slice(0, i)) });
    // A keystroke is seen only by a change of the first row (data.ts SCALE_UNIT_TYPES arranges it).
    const firsts = [initialFirst, ...steps.map((s) => s.first)];
    if (new Set(firsts).size !== firsts.length)
      log(
        `WARNING: search steps of ${t.key} do not change the first row (${firsts.join(', ')}): those keystrokes read as instant`,
      );
    const base = { tenant: t.key, units: t.units, initialFirst, steps };
    out.push(
      {
        ...base,
        app: 'olympus',
        url: `${olympus}/dashboard/unit`,
        storage: storage(t),
        input: 'input[aria-label="Search"], input[type="search"]',
        listUrl: '/api/v1/units',
      },
      {
        ...base,
        app: 'react-admin anchor',
        url: `${anchor}/ra/?t=${t.key}#/units`,
        input: 'input[name="q"]',
        listUrl: `/api/${t.key}/units`,
      },
      {
        ...base,
        app: 'mui anchor',
        url: `${anchor}/mui/units?t=${t.key}`,
        input: 'input[name="q"]',
        listUrl: `/api/${t.key}/units`,
      },
    );
  }
  return out;
}

/** Payload of each tenant's whole unit list and a 25-row page on the idle server (timed: the second of two requests).
 */
async function payloads(
  olympus: string,
  token: string,
  tenants: Tenant[],
  db: string,
): Promise<(Payload & { db: string })[]> {
  const out: (Payload & { db: string })[] = [];
  for (const t of tenants) {
    for (const [what, q] of [
      ['25-row page + total', '?page=1&per_page=25'],
      ['whole list', ''],
    ]) {
      const headers = { authorization: `Bearer ${token}`, 'x-tenant': t.id };
      await fetchPayload(`${olympus}/api/v1/units${q}`, headers);
      const p = await fetchPayload(`${olympus}/api/v1/units${q}`, headers);
      log(
        `  ${db.padEnd(8)} payload ${unitsLabel(t.units).padEnd(12)} ${what.padEnd(20)} ${p.status} ${(p.decoded / 1024).toFixed(0)} kB decoded, ${(p.wire / 1024).toFixed(0)} kB ${p.encoding}, ${p.ms} ms`,
      );
      out.push({ ...p, db, tenant: t.key, units: t.units, what });
    }
  }
  return out;
}

async function stopOlympus(
  o: OlympusServer,
  db: string,
  phase: string,
  rss: { idle: number | null; peak: number | null },
): Promise<ServerStat> {
  const time = await o.stop();
  return { db, phase, rssIdleMb: rss.idle, rssPeakMb: rss.peak, time };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  log(`bench (${mode}): ${only.join(', ')}; tenants of ${SIZES.join(', ')} units; ${machine()}`);
  if (!hasTime()) log('/usr/bin/time is missing: the server CPU / max RSS columns stay empty (apt-get install time)');
  await installAnchors();
  // Debian's chromium, as the browser tests use it (installed when missing).
  if (searching && !process.env.CHROMIUM_PATH)
    await run('bash', ['scripts/ensure-chromium.sh'], { timeoutMs: 900_000 });

  const r: BenchResults = {
    bundles: [],
    routes: [],
    pages: [],
    searches: [],
    payloads: [],
    api: [],
    idleProbes: [],
    servers: [],
    timeMissing: !hasTime(),
  };
  if (only.includes('bundle') || searching) {
    log('vite build: Olympus (into .tmp/bench/olympus-dist) and the anchors');
    await buildOlympus(OLYMPUS_DIST, MODULES_FILE);
    await buildAnchor(ANCHORS.ra);
    await buildAnchor(ANCHORS.mui);
    r.bundles.push(
      analyse('olympus', OLYMPUS_DIST),
      analyse('react-admin anchor', path.join(ANCHORS.ra, 'dist')),
      analyse('mui anchor', path.join(ANCHORS.mui, 'dist')),
    );
    for (const b of r.bundles)
      log(
        `  ${b.app.padEnd(20)} ${b.files} JS files, ${(b.min / 1024).toFixed(0)} kB min, ${(b.gzip / 1024).toFixed(0)} kB gzip, ${(b.brotli / 1024).toFixed(0)} kB brotli`,
      );
  }

  let jsonServer: { url: string; pid?: number } | null = null;
  const databases: ('pglite' | 'postgres')[] = [];
  if (only.includes('api') || searching) databases.push('pglite');
  if ((only.includes('api') || searching) && withPostgres) databases.push('postgres');

  for (const kind of databases) {
    const work = mkdtempSync(path.join(os.tmpdir(), `olympus-bench-${kind}-`));
    workDirs.push(work);
    const olympusDir = path.join(work, 'olympus');
    const pg = kind === 'postgres' ? await startPostgres() : null;
    try {
      const target: DatabaseTarget = pg
        ? { kind: 'postgres', url: pg.url }
        : { kind: 'pglite', dataDir: path.join(olympusDir, 'pglite') };
      const exportFile = only.includes('api') && !jsonServer ? path.join(OUT, 'json-server-collections.json') : null;
      log(`${kind}: seeding demo data + tenants of ${SIZES.join(', ')} units`);
      const prepared = await prepare(target, exportFile);
      log(
        `  seeded in ${prepared.seconds.toFixed(1)} s: ${prepared.tenants.map((t) => `${t.key} (${t.units} units)`).join(', ')}`,
      );
      // The bare anchor: its own process, on a copy of the PGlite directory or the same PostgreSQL.
      let anchorTarget: DatabaseTarget = target;
      if (kind === 'pglite') {
        cpSync(path.join(olympusDir, 'pglite'), path.join(work, 'anchor-pglite'), { recursive: true });
        anchorTarget = { kind: 'pglite', dataDir: path.join(work, 'anchor-pglite') };
      }
      const anchor = await startAnchor(anchorTarget, prepared.tenants);
      const olympusOpts = { dataDir: olympusDir, databaseUrl: pg?.url ?? null, staticDir: OLYMPUS_DIST };

      if (only.includes('api')) {
        const olympus = await startOlympus({ ...olympusOpts, timeFile: path.join(work, 'time-api.txt') });
        children.push(olympus.child);
        const rss = watchRss(olympus.pid);
        const info: ServerInfo = {
          olympus: olympus.url,
          olympusPid: olympus.pid,
          anchor: anchor.url,
          anchorPid: anchor.child.proc.pid,
          kind,
          tenants: prepared.tenants,
          password: PASSWORD,
        };
        const { token } = await signIn(olympus.url, 'superadmin@example.com', PASSWORD);
        if (!jsonServer && exportFile) {
          const js = await startJsonServer(olympus.url, token, exportFile, OUT);
          children.push(js.child);
          jsonServer = { url: js.url, pid: js.child.proc.pid };
        }
        const idle = await probeIdle(olympus.url, 2_000);
        r.idleProbes.push({ db: kind, probes: idle });
        r.payloads.push(...(await payloads(olympus.url, token, prepared.tenants, kind)));
        r.api.push(...(await runApiCases({ info, jsonServer, seconds: SECONDS, log })));
        r.servers.push(await stopOlympus(olympus, kind, 'the API run', rss.stop()));
      }

      if (searchOnly && kind === 'pglite') {
        const olympus = await startOlympus({ ...olympusOpts, timeFile: path.join(work, 'time-search.txt') });
        children.push(olympus.child);
        const rss = watchRss(olympus.pid);
        const searches = (await searchTargets(olympus.url, anchor.url, prepared.tenants)).filter(
          (s) => s.app === 'olympus',
        );
        const browser = await launch();
        try {
          for (let round = 0; round <= ROUNDS; round++) {
            for (const s of searches) {
              const ks: KeystrokeResult[] = await measureSearch(browser, s, 120_000);
              // Round 0 warms the server and the browser, untimed.
              if (round === 0) continue;
              log(
                `  search ${round}/${ROUNDS} ${unitsLabel(s.units).padEnd(10)} ${s.app.padEnd(20)} ${ks.map((k) => `"${k.term}" ${k.ms} ms${k.requestAfterMs !== null ? ` (request after ${k.requestAfterMs})` : ''}${k.components !== null ? `, ${k.components} components` : ''}`).join(', ')}`,
              );
              r.searches.push(...ks);
            }
          }
        } finally {
          await browser.close();
        }
        r.servers.push(await stopOlympus(olympus, kind, 'search', rss.stop()));
      }

      if (only.includes('page') && kind === 'pglite') {
        const olympus = await startOlympus({ ...olympusOpts, timeFile: path.join(work, 'time-page.txt') });
        children.push(olympus.child);
        const rss = watchRss(olympus.pid);
        const targets = await pageTargets(olympus.url, anchor.url, prepared.tenants);
        const searches = await searchTargets(olympus.url, anchor.url, prepared.tenants);
        const browser = await launch();
        try {
          // One untimed load per app first: servers and the browser warm (static files, query plans, JIT).
          for (const app of [...new Set(targets.map((t) => t.app))]) {
            const t = targets.find((x) => x.app === app && x.units !== undefined) ?? targets.find((x) => x.app === app);
            if (t) await measure(browser, t, PROFILES[0], 120_000);
          }
          for (let round = 1; round <= ROUNDS; round++) {
            for (const profile of PROFILES) {
              for (const t of targets) {
                const p = await measure(browser, t, profile, profile.cpu > 1 ? 180_000 : 120_000);
                log(
                  `  page ${round}/${ROUNDS} ${profile.name.padEnd(18)} ${t.case.padEnd(24)} ${t.app.padEnd(20)} first row ${p.readyMs} ms, JS ${(p.jsTransfer / 1024).toFixed(0)} kB wire, ${p.apiCalls} API calls, ${p.domNodes} nodes, heap ${p.heapMb} MB${p.outbound.length ? `, OUTBOUND ${p.outbound.join(' ')}` : ''}`,
                );
                r.pages.push(p);
              }
            }
            for (const s of searches) {
              const ks: KeystrokeResult[] = await measureSearch(browser, s, 120_000);
              log(
                `  search ${round}/${ROUNDS} ${unitsLabel(s.units).padEnd(10)} ${s.app.padEnd(20)} ${ks.map((k) => `"${k.term}" ${k.ms} ms${k.requestAfterMs !== null ? ` (request after ${k.requestAfterMs})` : ''}${k.components !== null ? `, ${k.components} components` : ''}`).join(', ')}`,
              );
              r.searches.push(...ks);
            }
          }
        } finally {
          await browser.close();
        }
        r.servers.push(await stopOlympus(olympus, kind, 'page loads + search', rss.stop()));
      }

      // The search box on PostgreSQL too (Olympus only, its largest tenant): the anchors search the same
      // way on either database, and the page loads do not depend on it.
      if (searching && kind === 'postgres') {
        const olympus = await startOlympus({ ...olympusOpts, timeFile: path.join(work, 'time-search.txt') });
        children.push(olympus.child);
        const rss = watchRss(olympus.pid);
        const largest = Math.max(...prepared.tenants.map((t) => t.units));
        const searches = (await searchTargets(olympus.url, anchor.url, prepared.tenants)).filter(
          (s) => s.app === 'olympus' && s.units === largest,
        );
        const browser = await launch();
        try {
          for (let round = 0; round <= ROUNDS; round++) {
            for (const s of searches) {
              const ks: KeystrokeResult[] = await measureSearch(browser, s, 120_000);
              // Round 0 warms the server and the browser, untimed.
              if (round === 0) continue;
              log(
                `  search ${round}/${ROUNDS} ${unitsLabel(s.units).padEnd(10)} ${OLYMPUS_ON_POSTGRES.padEnd(20)} ${ks.map((k) => `"${k.term}" ${k.ms} ms${k.components !== null ? ` (${k.components} components)` : ''}`).join(', ')}`,
              );
              r.searches.push(...ks.map((k) => ({ ...k, app: OLYMPUS_ON_POSTGRES })));
            }
          }
        } finally {
          await browser.close();
        }
        r.servers.push(await stopOlympus(olympus, kind, 'search', rss.stop()));
      }
      await anchor.child.stop();
    } finally {
      await pg?.stop();
    }
  }
  for (const c of children) await c.stop();

  // What /login and the first list page load, by source module.
  if (r.pages.length) {
    const chunks = existsSync(MODULES_FILE) ? readChunkModules(MODULES_FILE) : null;
    const firstOf = (app: string, match: (p: PageResult) => boolean) =>
      r.pages.find((p) => p.app === app && p.profile === PROFILES[0].name && match(p));
    const demoUnits = r.pages.find((p) => p.units !== undefined)?.units;
    const routes: [string, string, PageResult | undefined, string, string, boolean][] = [
      ['olympus', '/login', firstOf('olympus', (p) => p.case === '/login'), OLYMPUS_DIST, '/', true],
      ['olympus', '/dashboard/unit', firstOf('olympus', (p) => p.units === demoUnits), OLYMPUS_DIST, '/', true],
      [
        'react-admin anchor',
        '#/units',
        firstOf('react-admin anchor', (p) => p.units === demoUnits),
        path.join(ANCHORS.ra, 'dist'),
        '/ra/',
        false,
      ],
      [
        'mui anchor',
        '/units',
        firstOf('mui anchor', (p) => p.units === demoUnits),
        path.join(ANCHORS.mui, 'dist'),
        '/mui/',
        false,
      ],
    ];
    for (const [app, route, page, dist, base, mapped] of routes)
      if (page) r.routes.push(routeJs(app, route, page.scripts, dist, base, mapped ? chunks : null));
  }
  const login: RouteJs | undefined = r.routes.find((x) => x.route === '/login');
  if (login?.adminModules?.length) log(`FLAG: /login loads admin-resource code: ${login.adminModules.join(', ')}`);

  const command = `npm run ${short ? 'bench:short' : 'bench'}${argv
    .filter((a) => a !== '--short')
    .map((a) => ' -- ' + a)
    .join('')}`;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const md = [
    `Run ${new Date().toISOString()} (${mode} mode: ${SECONDS} s per API case, ${ROUNDS} page-load round(s), tenants of ${SIZES.join(', ')} units; took ${minutes} min), \`${command}\``,
    '',
    `Machine: ${machine()}`,
    '',
    '### Goals (from this run)',
    '',
    goalsTable(r),
    '',
    ...(r.bundles.length ? ['### Bundle (vite build, all emitted JS)', '', bundleTable(r.bundles), ''] : []),
    ...(r.routes.length
      ? [
          '### JS per route (files chromium loaded; sizes of those build files; modules from the build)',
          '',
          routeTable(r.routes),
          '',
        ]
      : []),
    ...(r.pages.length ? ['### Page load (chromium, cold cache, medians)', '', pageTable(r.pages), ''] : []),
    ...(r.pages.length ? ['### Lists at scale: first row by tenant size (medians)', '', scaleTable(r.pages), ''] : []),
    ...(r.searches.length
      ? [
          `### Lists at scale: search box, "${SEARCH_TERM}" typed one letter at a time (chromium, unthrottled)`,
          '',
          searchTable(r.searches),
          '',
        ]
      : []),
    ...(r.payloads.length
      ? [
          '### Lists at scale: payload of GET /api/v1/units (one request, accept-encoding br, gzip)',
          '',
          payloadTable(r.payloads),
          '',
        ]
      : []),
    ...(r.api.length ? ['### API (autocannon, 10 connections unless noted)', '', apiTable(r.api), ''] : []),
    ...(r.idleProbes.length
      ? [
          '### API: server responsiveness under load (/healthz, /readyz from a separate client every 50 ms)',
          '',
          healthTable(r),
          '',
        ]
      : []),
    ...(r.servers.length
      ? [
          '### Olympus server process (RSS sampled from /proc; max RSS and CPU from /usr/bin/time)',
          '',
          serverTable(r.servers, r.timeMissing),
          '',
        ]
      : []),
  ].join('\n');
  // This run's goals beside the recorded run's (bench/recorded.json), printed last so a slowdown is seen.
  const recorded = readRecorded();
  const comparison = recorded ? compareWithRecorded(goalsOf(r), recorded) : null;
  const compared = comparison
    ? ['### Goals compared with the recorded run', '', comparison.table, ''].join('\n')
    : `(no ${RECORDED_FILE}: nothing to compare with)`;
  writeFileSync(path.join(OUT, `results-${mode}.md`), `${md}\n${compared}\n`);
  writeFileSync(
    path.join(OUT, `results-${mode}.json`),
    JSON.stringify({ mode, machine: machine(), sizes: SIZES, minutes: Number(minutes), ...r }, null, 2),
  );
  if (record) {
    const file = path.resolve('bench/RESULTS.md');
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '<!-- bench:begin -->\n<!-- bench:end -->\n';
    writeFileSync(
      file,
      text.replace(/<!-- bench:begin -->[\s\S]*<!-- bench:end -->/, `<!-- bench:begin -->\n${md}\n<!-- bench:end -->`),
    );
  }
  if (record) {
    let commit = '?';
    try {
      commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
    } catch {
      /* not a checkout */
    }
    writeRecorded(recordedOf(goalsOf(r), { run: new Date().toISOString(), commit, command }));
  }
  console.log('\n' + md);
  console.log('\n' + compared);
  if (comparison?.slowdowns.length)
    log(
      `SLOWER than the recorded run (> ${Math.round((SLOWDOWN - 1) * 100)} %): ${comparison.slowdowns.length} goal(s):\n  ${comparison.slowdowns.join('\n  ')}`,
    );
  log(`done in ${minutes} min; results in ${path.relative(process.cwd(), OUT)}/results-${mode}.md`);
}

async function cleanup(): Promise<void> {
  for (const c of children) await c.stop().catch(() => {});
  await stopPostgres?.();
  for (const d of workDirs) rmSync(d, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));
main()
  .then(cleanup)
  .catch(async (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    await cleanup();
    process.exit(1);
  });
