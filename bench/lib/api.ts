// API throughput: autocannon (its own process) against Olympus, the bare-Fastify anchor and
// json-server, case by case back to back (A/B/C interleaved), 10 connections, bounded duration.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, rssMb, run, startChild, type Child } from './proc';

export const TOOLS_DIR = path.resolve('bench/anchors/tools');
const AUTOCANNON = path.join(TOOLS_DIR, 'node_modules/autocannon/autocannon.js');
const JSON_SERVER = path.join(TOOLS_DIR, 'node_modules/json-server/lib/cli/bin.js');

export interface ServerInfo {
  olympus: string;
  anchor: string;
  kind: 'pglite' | 'postgres';
  demo: { id: string; name: string; units: number };
  scaleId: string;
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
}

export interface ApiCase {
  name: string;
  db: string;
  results: LoadResult[];
}

/** Starts bench/lib/serve.ts (Olympus + bare anchor on one database) in its own process. */
export async function startBenchServer(env: Record<string, string>): Promise<{ child: Child; info: ServerInfo }> {
  const { child, value } = await startChild(process.execPath, ['--import', 'tsx', 'bench/lib/serve.ts'], {
    env,
    timeoutMs: 240_000,
    ready: (out) => {
      const m = /BENCH_READY (\{.*\})\n/.exec(out);
      return m ? (JSON.parse(m[1]) as ServerInfo) : undefined;
    },
  });
  return { child, info: value };
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

/** Exports the same data (through Olympus's own API, so the same shape) to a json-server db file and starts it. */
export async function startJsonServer(info: ServerInfo, token: string, workDir: string): Promise<{ child: Child; url: string }> {
  const get = async (p: string, tenant?: string) => {
    const res = await fetch(`${info.olympus}${p}`, { headers: { authorization: `Bearer ${token}`, ...(tenant ? { 'x-tenant': tenant } : {}) } });
    return ((await res.json()) as { data: unknown }).data;
  };
  const db = { units: await get('/api/v1/units', info.demo.id), scale_units: await get('/api/v1/units', info.scaleId), session: await get('/api/v1/session') };
  mkdirSync(workDir, { recursive: true });
  writeFileSync(path.join(workDir, 'db.json'), JSON.stringify(db));
  const port = await freePort();
  const { child, value } = await startChild(process.execPath, [JSON_SERVER, '--port', String(port), '--host', '127.0.0.1', '--ro', 'db.json'], {
    cwd: workDir,
    timeoutMs: 60_000,
    ready: (out) => (out.includes(`127.0.0.1:${port}`) ? `http://127.0.0.1:${port}` : undefined),
  });
  return { child, url: value };
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  pid?: number;
}

/** One autocannon run (separate process), sampling the server's RSS before and during it. */
export async function load(target: string, url: string, o: LoadOptions): Promise<LoadResult> {
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
  try {
    const out = await run(process.execPath, args, { timeoutMs: (o.seconds + 60) * 1000 });
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
    };
  } finally {
    clearInterval(sampler);
  }
}

export interface ApiRunOptions {
  info: ServerInfo;
  serverPid?: number;
  jsonServer: { url: string; pid?: number } | null;
  seconds: number;
  log: (s: string) => void;
}

/** The cases of issue 6 on one database: list pages, full lists, session, login. */
export async function runApiCases(o: ApiRunOptions): Promise<ApiCase[]> {
  const { info } = o;
  const { token, csrf } = await signIn(info.olympus, 'superadmin@example.com', info.password);
  const auth = { authorization: `Bearer ${token}` };
  const base = { connections: 10, seconds: o.seconds, pid: o.serverPid };
  const js = o.jsonServer;
  const cases: { name: string; runs: [string, string, LoadOptions][] }[] = [
    {
      name: `list page 25 rows + total (${info.demo.units} units)`,
      runs: [
        ['olympus', `${info.olympus}/api/v1/units?page=1&per_page=25`, { ...base, headers: { ...auth, 'x-tenant': info.demo.id } }],
        ['bare-fastify', `${info.anchor}/units?page=1&per_page=25`, { ...base, headers: { 'x-tenant': info.demo.id } }],
        ...(js ? [['json-server', `${js.url}/units?_page=1&_limit=25`, { ...base, pid: js.pid }] as [string, string, LoadOptions]] : []),
      ],
    },
    {
      name: 'list page 25 rows + total (10k-unit tenant)',
      runs: [
        ['olympus', `${info.olympus}/api/v1/units?page=1&per_page=25`, { ...base, headers: { ...auth, 'x-tenant': info.scaleId } }],
        ['bare-fastify', `${info.anchor}/units?page=1&per_page=25`, { ...base, headers: { 'x-tenant': info.scaleId } }],
        ...(js ? [['json-server', `${js.url}/scale_units?_page=1&_limit=25`, { ...base, pid: js.pid }] as [string, string, LoadOptions]] : []),
      ],
    },
    {
      name: `full unit list (${info.demo.units} units)`,
      runs: [
        ['olympus', `${info.olympus}/api/v1/units`, { ...base, headers: { ...auth, 'x-tenant': info.demo.id } }],
        ['bare-fastify', `${info.anchor}/units`, { ...base, headers: { 'x-tenant': info.demo.id } }],
        ...(js ? [['json-server', `${js.url}/units`, { ...base, pid: js.pid }] as [string, string, LoadOptions]] : []),
      ],
    },
    {
      name: 'full unit list (10k units)',
      runs: [
        ['olympus', `${info.olympus}/api/v1/units`, { ...base, headers: { ...auth, 'x-tenant': info.scaleId } }],
        ['bare-fastify', `${info.anchor}/units`, { ...base, headers: { 'x-tenant': info.scaleId } }],
        ...(js ? [['json-server', `${js.url}/scale_units`, { ...base, pid: js.pid }] as [string, string, LoadOptions]] : []),
      ],
    },
    {
      name: 'GET /session',
      runs: [
        ['olympus', `${info.olympus}/api/v1/session`, { ...base, headers: auth }],
        ...(js ? [['json-server', `${js.url}/session`, { ...base, pid: js.pid }] as [string, string, LoadOptions]] : []),
      ],
    },
    {
      // Dominated by argon2id; 2 connections (successful sign-ins refund the per-IP throttle).
      name: 'POST /auth/login (2 connections)',
      runs: [
        [
          'olympus',
          `${info.olympus}/api/v1/auth/login`,
          {
            ...base,
            connections: 2,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-xsrf-token': csrf, cookie: `XSRF-TOKEN=${csrf}` },
            body: JSON.stringify({ email: 'admin@example.com', password: info.password }),
          },
        ],
      ],
    },
  ];
  const out: ApiCase[] = [];
  for (const c of cases) {
    const results: LoadResult[] = [];
    for (const [target, url, opts] of c.runs) {
      const r = await load(target, url, opts);
      o.log(`  ${info.kind.padEnd(8)} ${c.name.padEnd(44)} ${target.padEnd(12)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx || r.errors ? `  non2xx ${r.non2xx} errors ${r.errors}` : ''}`);
      results.push(r);
    }
    out.push({ name: c.name, db: info.kind, results });
  }
  return out;
}
