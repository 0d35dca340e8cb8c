// API throughput: autocannon (its own process) against Olympus, the bare-Fastify anchor and
// json-server, case by case back to back (A/B/C interleaved), 10 connections, bounded duration.
// During the heaviest Olympus cases a separate client probes /healthz and /readyz (health-probe.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Tenant } from './data';
import { startProbe, type ProbeStats } from './health-probe';
import { freePort, rssMb, run, startChild, type Child } from './proc';
import { WHOLE_LISTS_PER_CALLER } from '../../server/lists/wholeLists';

export const TOOLS_DIR = path.resolve('bench/anchors/tools');
const AUTOCANNON = path.join(TOOLS_DIR, 'node_modules/autocannon/autocannon.js');
const JSON_SERVER = path.join(TOOLS_DIR, 'node_modules/json-server/lib/cli/bin.js');

export interface ServerInfo {
  olympus: string;
  /** The serving processes, for RSS samples. */
  olympusPid?: number;
  anchor: string;
  anchorPid?: number;
  kind: 'pglite' | 'postgres';
  /** The demo tenant first, then the generated ones, smallest first. */
  tenants: Tenant[];
  password: string;
}

export interface LoadResult {
  target: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerReq: number;
  rssIdleMb: number | null;
  rssPeakMb: number | null;
  /** /healthz and /readyz latency from a separate client during this run (selected Olympus runs). */
  probe?: ProbeStats[];
}

export interface ApiCase {
  name: string;
  /** "page", "search", "full", "session", "login": what the goals table looks for. */
  kind: string;
  units?: number;
  db: string;
  results: LoadResult[];
}

/** A bearer token through the real sign-in (CSRF cookie first, as the SPA does). */
export async function signIn(base: string, email: string, password: string): Promise<{ token: string; csrf: string }> {
  const res = await fetch(`${base}/sanctum/csrf-cookie`);
  const csrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(body)}`);
  return { token: body.data.access_token, csrf };
}

/** json-server's collection name of a tenant's units. */
export const jsonCollection = (t: Tenant) => (t.key === 'demo' ? 'units' : `units_${t.key}`);

/**
 * Starts json-server on the unit lists prepare.ts exported (the same rows in Olympus's JSON shape) plus
 * Olympus's own GET /session answer.
 */
export async function startJsonServer(
  olympus: string,
  token: string,
  collectionsFile: string,
  workDir: string,
): Promise<{ child: Child; url: string }> {
  const res = await fetch(`${olympus}/api/v1/session`, { headers: { authorization: `Bearer ${token}` } });
  const session = ((await res.json()) as { data: unknown }).data;
  // Spliced as text: the collections can be ~100 MB.
  const collections = readFileSync(collectionsFile, 'utf8');
  writeFileSync(path.join(workDir, 'db.json'), `{"session":${JSON.stringify(session)},${collections.slice(1)}`);
  const port = await freePort();
  const { child, value } = await startChild(
    process.execPath,
    [JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--ro', 'db.json'],
    {
      cwd: workDir,
      timeoutMs: 120_000,
      ready: (out) => (out.includes(`127.0.0.1:${port}`) ? `http://127.0.0.1:${port}` : undefined),
    },
  );
  return { child, url: value };
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  pid?: number;
  /** Probe this server's /healthz and /readyz during the run. */
  probe?: string;
}

/** A few untimed requests first (at most 5 or ~3 s): each server is measured warm, not on its first query plans and
 * JIT. */
async function warm(url: string, o: LoadOptions): Promise<void> {
  const until = Date.now() + 3_000;
  for (let i = 0; i < 5 && Date.now() < until; i++) {
    await fetch(url, { method: o.method ?? 'GET', headers: o.headers, body: o.body }).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
  }
}

/** One autocannon run (separate process), sampling the server's RSS before and during it. */
export async function load(target: string, url: string, o: LoadOptions): Promise<LoadResult> {
  await warm(url, o);
  const args = [AUTOCANNON, '-j', '-c', String(o.connections), '-d', String(o.seconds), '-t', '30'];
  if (o.method) args.push('-m', o.method);
  for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}=${v}`);
  if (o.body) args.push('-b', o.body);
  args.push(url);
  const rssIdleMb = rssMb(o.pid);
  let rssPeakMb = rssIdleMb;
  const sampler = setInterval(() => {
    const r = rssMb(o.pid);
    if (r !== null && (rssPeakMb === null || r > rssPeakMb)) rssPeakMb = r;
  }, 200);
  const probe = o.probe ? startProbe(o.probe) : null;
  try {
    const out = await run(process.execPath, args, { timeoutMs: (o.seconds + 90) * 1000 });
    const j = JSON.parse(out.slice(out.indexOf('{'))) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
      throughput: { average: number };
    };
    return {
      target,
      url,
      rps: j.requests.average < 10 ? Math.round(j.requests.average * 10) / 10 : Math.round(j.requests.average),
      p50: j.latency.p50,
      p99: j.latency.p99,
      non2xx: j.non2xx,
      errors: j.errors + j.timeouts,
      bytesPerReq: j.requests.average ? Math.round(j.throughput.average / j.requests.average) : 0,
      rssIdleMb,
      rssPeakMb,
      ...(probe ? { probe: await probe.stop() } : {}),
    };
  } finally {
    clearInterval(sampler);
    await probe?.stop();
  }
}

export interface ApiRunOptions {
  info: ServerInfo;
  jsonServer: { url: string; pid?: number } | null;
  seconds: number;
  log: (s: string) => void;
}

const label = (t: Tenant) => (t.key === 'demo' ? `${t.units} units` : `${t.key} units`);
type Run = [string, string, LoadOptions];

/** The benchmark's cases on one database: list pages, a server-side search page, full lists, session, login. */
export async function runApiCases(o: ApiRunOptions): Promise<ApiCase[]> {
  const { info } = o;
  const { token, csrf } = await signIn(info.olympus, 'superadmin@example.com', info.password);
  const auth = { authorization: `Bearer ${token}` };
  const olympus = { connections: 10, seconds: o.seconds, pid: info.olympusPid };
  const bare = { ...olympus, pid: info.anchorPid };
  const js = o.jsonServer;
  const jsRun = (p: string): Run[] => (js ? [['json-server', `${js.url}${p}`, { ...olympus, pid: js.pid }]] : []);
  const [demo, ...scale] = info.tenants;
  const largest = scale[scale.length - 1] ?? demo;
  // Pages at 10k and up (1k is a client-side list in the SPA); the full list of up to 10k under load.
  const paged = [demo, ...scale.filter((t) => t.units >= 10_000 || t === largest)];
  const fullScale = [...scale].reverse().find((t) => t.units <= 10_000);
  const cases: { name: string; kind: string; units?: number; runs: Run[] }[] = [];
  for (const t of paged) {
    cases.push({
      name: `list page 25 rows + total (${label(t)})`,
      kind: 'page',
      units: t.units,
      runs: [
        // The freeze probe runs beside Olympus on the biggest page.
        [
          'olympus',
          `${info.olympus}/api/v1/units?page=1&per_page=25`,
          { ...olympus, headers: { ...auth, 'x-tenant': t.id }, ...(t === largest ? { probe: info.olympus } : {}) },
        ],
        ['bare-fastify', `${info.anchor}/units?page=1&per_page=25`, { ...bare, headers: { 'x-tenant': t.id } }],
        ...jsRun(`/${jsonCollection(t)}?_page=1&_limit=25`),
      ],
    });
  }
  // One keystroke's request of the server-paged search box (SPA past CLIENT_LIST_MAX rows).
  cases.push({
    name: `list page 25 rows, search "fla" in unit type (${label(largest)})`,
    kind: 'search',
    units: largest.units,
    runs: [
      [
        'olympus',
        `${info.olympus}/api/v1/units?page=1&per_page=25&q=fla&q_in=unit_type`,
        { ...olympus, headers: { ...auth, 'x-tenant': largest.id } },
      ],
      [
        'bare-fastify',
        `${info.anchor}/units?page=1&per_page=25&q=fla`,
        { ...bare, headers: { 'x-tenant': largest.id } },
      ],
      ...jsRun(`/${jsonCollection(largest)}?_page=1&_limit=25&unit_type_like=fla`),
    ],
  });
  // Whole lists at as many connections as one caller may have in flight (more answer 429 by design),
  // for every target alike.
  const one = { connections: WHOLE_LISTS_PER_CALLER };
  for (const t of [demo, ...(fullScale ? [fullScale] : [])]) {
    cases.push({
      name: `full unit list (${label(t)})`,
      kind: 'full',
      units: t.units,
      runs: [
        [
          'olympus',
          `${info.olympus}/api/v1/units`,
          {
            ...olympus,
            ...one,
            headers: { ...auth, 'x-tenant': t.id },
            ...(t === fullScale ? { probe: info.olympus } : {}),
          },
        ],
        ['bare-fastify', `${info.anchor}/units`, { ...bare, ...one, headers: { 'x-tenant': t.id } }],
        ...jsRun(`/${jsonCollection(t)}`).map(([target, url, opts]): Run => [target, url, { ...opts, ...one }]),
      ],
    });
  }
  cases.push({
    name: 'GET /session',
    kind: 'session',
    runs: [['olympus', `${info.olympus}/api/v1/session`, { ...olympus, headers: auth }], ...jsRun('/session')],
  });
  // Dominated by argon2id; 2 connections (successful sign-ins refund the per-IP throttle).
  cases.push({
    name: 'POST /auth/login (2 connections)',
    kind: 'login',
    runs: [
      [
        'olympus',
        `${info.olympus}/api/v1/auth/login`,
        {
          ...olympus,
          connections: 2,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
          body: JSON.stringify({ email: 'admin@example.com', password: info.password }),
        },
      ],
    ],
  });

  const out: ApiCase[] = [];
  for (const c of cases) {
    const results: LoadResult[] = [];
    for (const [target, url, opts] of c.runs) {
      const r = await load(target, url, opts);
      const probe = r.probe?.map((p) => `${p.path} p99 ${p.p99} max ${p.max} ms`).join(', ');
      o.log(
        `  ${info.kind.padEnd(8)} ${c.name.padEnd(52)} ${target.padEnd(12)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  non2xx ${r.non2xx} errors ${r.errors}` : ''}${probe ? `  (${probe})` : ''}`,
      );
      results.push(r);
    }
    out.push({ name: c.name, kind: c.kind, units: c.units, db: info.kind, results });
  }
  return out;
}
