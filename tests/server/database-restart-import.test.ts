// A PostgreSQL that restarts, or stays away, under two real server processes while one of them runs a
// CSV import: the import waits and goes on from its last committed batch, each row written exactly once,
// unless the database stayed away past the bound, and then its message says that rather than "its server
// stopped". The other instance never judges it stopped meanwhile. Each log gets one line as the outage
// begins and one as it ends, with no statement text, no values of records and no stack (README "When the
// database is away", docs/security.md "Database outages"). A PostgreSQL of the test's own, as stopping
// the suite's would fail every other file; run with the PostgreSQL suite only.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startServer } from './server-process';

const pgUrl = inject('postgresTemplateUrl');
const PASSWORD = 'Restart-Drill-42';
const BATCH = 500;
/** The runner waits this long for the database before it gives the import up (at least 30 s). */
const BOUND_S = 30;

type Server = Awaited<ReturnType<typeof startServer>>;
let db: PrivatePostgres;
let servers: Server[] = [];
let headers: Record<string, string>;
let counter = 0;

interface ImportStatus {
  state: string;
  message: string | null;
  counts: { rows: number; done: number; created: number; updated: number; failed: number };
}

async function signIn(base: string): Promise<string> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!;
  const value = cookie.slice('XSRF-TOKEN='.length).split(';')[0];
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${value}`,
      'x-xsrf-token': decodeURIComponent(value),
    },
    body: JSON.stringify({ email: 'superadmin@example.com', password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (res.status !== 200 || !body.data?.access_token)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return `Bearer ${body.data.access_token}`;
}

async function post(path: string, body: unknown, extra: Record<string, string> = {}): Promise<{ id: string }> {
  const res = await fetch(`${servers[0].baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { ...headers, ...extra, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data;
}

/** The import's status; null while the database is away (503). */
async function status(tenant: string, id: string): Promise<ImportStatus | null> {
  const res = await fetch(`${servers[0].baseUrl}/api/v1/imports/${id}`, {
    headers: { ...headers, 'x-tenant': tenant },
  });
  if (res.status === 503) return null;
  if (res.status !== 200) throw new Error(`import status: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: ImportStatus }).data;
}

async function until(
  tenant: string,
  id: string,
  done: (s: ImportStatus) => boolean,
  ms: number,
): Promise<ImportStatus> {
  const deadline = Date.now() + ms;
  for (;;) {
    const s = await status(tenant, id);
    if (s && done(s)) return s;
    if (Date.now() > deadline) throw new Error(`import ${id}: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A company with a property and a running import of `rows` units into it, `marker` in every unit's name. */
async function startImport(rows: number, marker: string): Promise<{ tenant: string; id: string }> {
  counter++;
  const company = await post('/companies', {
    name: `Restart Co ${counter}`,
    address_line_1: '1 Test Road',
    city: 'Leeds',
    postcode: 'LS1 1AA',
  });
  await post(
    '/properties',
    { name: `Restart Block ${counter}`, reference: `block-${counter}` },
    { 'x-tenant': company.id },
  );
  let csv = 'name,property_id,unit_ref\n';
  for (let i = 0; i < rows; i++) csv += `${marker} ${i},Restart Block ${counter},${marker}-REF-${i}\n`;
  const res = await fetch(`${servers[0].baseUrl}/api/v1/units/import`, {
    method: 'POST',
    headers: { ...headers, 'x-tenant': company.id, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return { tenant: company.id, id: ((await res.json()) as { data: { id: string } }).data.id };
}

/** Each unit of `marker` in the database, with how many `unit.created` audit rows name it. */
async function imported(marker: string): Promise<{ units: number; distinct: number; audits: number; notOnce: number }> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ units: number; distinct: number; audits: number; not_once: number }>(
      `select count(*)::int as units, count(distinct unit_ref)::int as distinct,
         (select count(*)::int from audit_log a join units u on a.entity_id = u.id::text where a.action = 'unit.created' and u.name like $1) as audits,
         (select count(*)::int from units u where u.name like $1
            and (select count(*) from audit_log a where a.entity_id = u.id::text and a.action = 'unit.created') <> 1) as not_once
       from units where name like $1`,
      [`${marker} %`],
    );
    return { units: rows[0].units, distinct: rows[0].distinct, audits: rows[0].audits, notOnce: rows[0].not_once };
  } finally {
    await client.end();
  }
}

const linesOf = (server: Server, pattern: RegExp) =>
  server
    .output()
    .split('\n')
    .filter((l) => pattern.test(l));
const downLines = (server: Server) => linesOf(server, /The database is not reachable/);
const upLines = (server: Server) => linesOf(server, /The database is reachable again after \d+ s/);

/** What no log may carry: statements, parameters, values of records, stacks, a failure per connection or job. */
function expectCleanLog(server: Server, marker: string) {
  const out = server.output();
  expect(out).not.toContain('Failed query');
  expect(out).not.toMatch(/params:|"params"|"query"/);
  expect(out).not.toMatch(/\bupdate imports\b|\bselect\b.*\bfrom\b|\binsert into\b/i);
  expect(out).not.toContain(marker);
  // No stack, neither printed nor inside a JSON line.
  expect(out).not.toMatch(/^\s+at /m);
  expect(out).not.toMatch(/\\n\s+at /);
  expect(out).not.toMatch(/"stack"/);
  expect(linesOf(server, /import failed|imports runner failed|Database failure|unhandled error/)).toEqual([]);
}

describe.skipIf(!pgUrl)('PostgreSQL restarting under a running import (skipped without TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    db = await startPrivatePostgres();
    const env = {
      DATABASE_URL: db.url,
      OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
      OLYMPUS_DEMO_PASSWORD: PASSWORD,
      // Far shorter than any outage below: silence alone must not get the import judged stopped.
      OLYMPUS_IMPORT_STALE_SECONDS: '4',
      LOG_LEVEL: 'warn',
    };
    // The first seeds; the second, started after, watches the import as another instance would.
    servers.push(await startServer({ ...env, OLYMPUS_SEED: 'true' }));
    servers.push(await startServer(env));
    headers = { authorization: await signIn(servers[0].baseUrl) };
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) await s.stop();
    servers = [];
    await db?.remove();
  }, 60_000);

  it('an import survives a restart with the database away for 6 s: it goes on and writes each row once, and each log has one line each way', async () => {
    const marker = 'Restart' + randomBytes(4).toString('hex');
    const rows = 6_000;
    const before = servers.map((s) => ({ down: downLines(s).length, up: upLines(s).length }));
    const job = await startImport(rows, marker);
    const mid = await until(
      job.tenant,
      job.id,
      (s) => s.counts.done >= 2 * BATCH || !['queued', 'running'].includes(s.state),
      60_000,
    );
    // Stopped mid-import: some batches committed, more to go.
    expect(mid.state).toBe('running');
    expect(mid.counts.done).toBeLessThan(rows);
    await db.stop();
    await new Promise((r) => setTimeout(r, 6_000));
    await db.start();
    const end = await until(job.tenant, job.id, (s) => s.state !== 'running' && s.state !== 'queued', 120_000);
    expect(end.message).toBeNull();
    expect(end.state).toBe('succeeded');
    expect(end.counts).toEqual({ rows, done: rows, created: rows, updated: 0, failed: 0 });
    expect(await imported(marker)).toEqual({ units: rows, distinct: rows, audits: rows, notOnce: 0 });
    for (const [i, s] of servers.entries()) {
      // The outage ends once answers have held for a second (server/db/outage.ts OUTAGE_SETTLE_MS).
      await expect.poll(() => upLines(s).length, { timeout: 5_000 }).toBe(before[i].up + 1);
      expect(downLines(s), s.output()).toHaveLength(before[i].down + 1);
      expect(upLines(s), s.output()).toHaveLength(before[i].up + 1);
      expectCleanLog(s, marker);
    }
  }, 240_000);

  it('a quick restart under load (requests in flight, an import running): one line each way in each log, no stack, and the import finishes whole', async () => {
    const marker = 'Quick' + randomBytes(4).toString('hex');
    const rows = 4_000;
    const before = servers.map((s) => ({ down: downLines(s).length, up: upLines(s).length }));
    const job = await startImport(rows, marker);
    const mid = await until(
      job.tenant,
      job.id,
      (s) => s.counts.done >= BATCH || !['queued', 'running'].includes(s.state),
      60_000,
    );
    // Stopped mid-import: some batches committed, more to go.
    expect(mid.state).toBe('running');
    expect(mid.counts.done).toBeLessThan(rows);
    // Each instance busy with requests of its own as PostgreSQL restarts: statements in flight on every connection.
    let loading = true;
    const load = servers.flatMap((s) =>
      Array.from({ length: 8 }, async () => {
        while (loading)
          await fetch(`${s.baseUrl}/api/v1/session/profile`, { headers }).then(
            (r) => r.text(),
            () => '',
          );
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    await db.stop();
    await db.start();
    await new Promise((r) => setTimeout(r, 3_000));
    loading = false;
    await Promise.all(load);
    const end = await until(job.tenant, job.id, (s) => s.state !== 'running' && s.state !== 'queued', 120_000);
    expect(end.state, end.message ?? '').toBe('succeeded');
    expect(end.counts).toEqual({ rows, done: rows, created: rows, updated: 0, failed: 0 });
    expect(await imported(marker)).toEqual({ units: rows, distinct: rows, audits: rows, notOnce: 0 });
    for (const [i, s] of servers.entries()) {
      // The outage ends once answers have held for a second (server/db/outage.ts OUTAGE_SETTLE_MS).
      await expect.poll(() => upLines(s).length, { timeout: 5_000 }).toBe(before[i].up + 1);
      expect(downLines(s), s.output()).toHaveLength(before[i].down + 1);
      expect(upLines(s), s.output()).toHaveLength(before[i].up + 1);
      expectCleanLog(s, marker);
    }
  }, 240_000);

  it(`an import whose database stays away past ${BOUND_S} s is marked failed saying so, not that its server stopped`, async () => {
    const marker = 'Away' + randomBytes(4).toString('hex');
    const rows = 20_000;
    const job = await startImport(rows, marker);
    const mid = await until(
      job.tenant,
      job.id,
      (s) => s.counts.done >= BATCH || !['queued', 'running'].includes(s.state),
      60_000,
    );
    // Stopped mid-import: some batches committed, more to go.
    expect(mid.state).toBe('running');
    expect(mid.counts.done).toBeLessThan(rows);
    await db.stop();
    await new Promise((r) => setTimeout(r, (BOUND_S + 3) * 1000));
    await db.start();
    const end = await until(job.tenant, job.id, (s) => s.state !== 'running' && s.state !== 'queued', 60_000);
    const { done, created } = end.counts;
    expect(end.state).toBe('failed');
    expect(done % BATCH).toBe(0);
    expect(done).toBeGreaterThanOrEqual(BATCH);
    expect(created).toBe(done);
    expect(end.message).toBe(
      `The import stopped after ${done} of ${rows} rows, as the database could not be reached for more than ${BOUND_S} s: ${done} created and 0 updated were kept (whole batches of ${BATCH} rows). Import the rest again: rows with a key update what was kept.`,
    );
    expect(await imported(marker)).toEqual({ units: done, distinct: done, audits: done, notOnce: 0 });
    for (const s of servers) expectCleanLog(s, marker);
  }, 240_000);
});
