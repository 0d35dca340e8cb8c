// Crash safety: the real server (`node --import tsx server/main.ts`) is killed with SIGKILL in the
// middle of a burst of audited writes and of a CSV import, then started again on the same data. Every
// write must be whole or absent, on the embedded PGlite (whose lock file the dead process leaves
// behind) and, with TEST_DATABASE_URL, on PostgreSQL.
//
// Pairing, precisely (no deletes happen, so nothing may go missing):
// - a created company / property (name `Crash Co n` / `Crash Prop n`) has exactly one
//   `company.created` / `property.created` audit row with entity_id = its id, and every such audit
//   row (recognised by changes.name.after) has its row;
// - each of the prepared properties was updated at most once, to reference `upd-n`: its reference is
//   `upd-n` exactly when one `property.updated` audit row for it records reference.after = `upd-n`,
//   and it still holds its original reference exactly when there is no such row;
// - every write the client saw answered 2xx is there (a commit acknowledged is a commit kept);
// - the import killed mid-way is marked failed after the restart, once its silence outlasts
//   OLYMPUS_IMPORT_STALE_SECONDS, saying how many rows it kept: whole batches of 500, each imported
//   unit there with one `unit.created` audit row naming the import, none more.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../support/free-port';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db';

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'Crash-Test-Pass-42';
const SUPER_ADMIN = 'superadmin@example.com';
const PREPARED = 20;
const CREATES = 60;
/** Kill once this many writes of the burst have been answered: the rest are in flight or queued. */
const KILL_AFTER = 30;
/** Rows of the import killed mid-way: far more than it can write before the kill. */
const IMPORT_ROWS = 50_000;
const BATCH = 500;

const pgTemplateUrl = inject('postgresTemplateUrl');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-crash-'));
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

/** Starts the server and waits until /readyz answers 200 (or the process dies). */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // node itself, not npx/tsx's CLI: SIGKILL must hit the process that holds the database.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmp,
      TMPDIR: os.tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      OLYMPUS_PUBLIC_URL: base,
      OLYMPUS_STATIC_DIR: path.join(tmp, 'no-static'),
      OLYMPUS_SEED: 'true',
      OLYMPUS_DEMO_PASSWORD: PASSWORD,
      OLYMPUS_DEMO_SYSTEMS: 'false',
      LOG_LEVEL: 'warn',
      // The killed instance's import is judged gone after 4 s of silence, not the default 2 minutes.
      OLYMPUS_IMPORT_STALE_SECONDS: '4',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A start migrates and seeds a fresh database: 10–20 s here alone, past 40 s beside other suites on two cores.
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.status === 200) return { child, base, output: () => out, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within 75 s:\n${out}`);
}

async function signIn(base: string): Promise<Record<string, string>> {
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
    body: JSON.stringify({ email: SUPER_ADMIN, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (res.status !== 200 || !body.data?.access_token)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.access_token}`, 'content-type': 'application/json' };
}

async function call(base: string, headers: Record<string, string>, method: string, url: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, { method, headers, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { data?: { id?: string } } };
}

interface ImportStatus {
  state: string;
  message: string | null;
  counts: { rows: number; done: number; created: number; updated: number; failed: number };
}

async function importStatus(base: string, headers: Record<string, string>, id: string): Promise<ImportStatus> {
  const res = await fetch(`${base}/api/v1/imports/${id}`, { headers });
  if (res.status !== 200) throw new Error(`import status: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: ImportStatus }).data;
}

/** Polls the import until `done` says so (or throws after 120 s). */
async function importUntil(
  base: string,
  headers: Record<string, string>,
  id: string,
  done: (s: ImportStatus) => boolean,
): Promise<ImportStatus> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const s = await importStatus(base, headers, id);
    if (done(s)) return s;
    if (Date.now() > deadline) throw new Error(`import ${id}: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Outcome = { kind: 'company' | 'property' | 'update'; key: string; status: number | null; id?: string };

interface Rows {
  companies: { id: string; name: string }[];
  properties: { id: string; name: string; reference: string | null }[];
  audits: { action: string; entity_id: string | null; name: string | null; reference: string | null }[];
  imported: { id: string; import: string | null; audits: number }[];
}

const QUERIES = {
  companies: `select id::text, name from companies where name like 'Crash Co %'`,
  properties: `select id::text, name, reference from properties where name like 'Crash Prop %' or name like 'Prepared %'`,
  audits: `select action, entity_id::text, changes->'name'->>'after' as name, changes->'reference'->>'after' as reference
             from audit_log where action in ('company.created', 'property.created', 'property.updated')`,
  imported: `select u.id::text, (select a.detail->>'import' from audit_log a where a.entity_id = u.id::text and a.action = 'unit.created' limit 1) as import,
               (select count(*)::int from audit_log a where a.entity_id = u.id::text) as audits
             from units u where u.name like 'Imported %'`,
};

/** The burst, the kill, the restart; answers what the client saw and what the database holds. */
async function crashAndRestart(env: Record<string, string>, readRows: () => Promise<Rows>, afterKill?: () => void) {
  const first = await startServer(env);
  const headers = await signIn(first.base);
  const company = await call(first.base, headers, 'POST', '/companies', {
    name: 'Crash Base',
    address_line_1: '1 Test Road',
    city: 'Leeds',
    postcode: 'LS1 1AA',
  });
  expect(company.status, JSON.stringify(company.json)).toBe(201);
  const tenant = { ...headers, 'x-tenant': company.json.data!.id! };

  // An import of its own company, running when the kill comes: at least one batch committed first.
  const importCompany = await call(first.base, headers, 'POST', '/companies', {
    name: 'Crash Imports',
    address_line_1: '2 Test Road',
    city: 'Leeds',
    postcode: 'LS1 1AB',
  });
  expect(importCompany.status).toBe(201);
  const importHeaders = { authorization: headers.authorization, 'x-tenant': importCompany.json.data!.id! };
  expect(
    (
      await call(first.base, { ...headers, ...importHeaders }, 'POST', '/properties', {
        name: 'Crash Block',
        reference: 'block',
      })
    ).status,
  ).toBe(201);
  let csv = 'name,property_id,unit_ref\n';
  for (let i = 0; i < IMPORT_ROWS; i++) csv += `Imported ${i},Crash Block,IMP-${i}\n`;
  const queued = await fetch(`${first.base}/api/v1/units/import`, {
    method: 'POST',
    headers: { ...importHeaders, 'content-type': 'text/csv' },
    body: csv,
  });
  expect(queued.status, await queued.clone().text()).toBe(202);
  const importId = ((await queued.json()) as { data: { id: string } }).data.id;
  await importUntil(first.base, importHeaders, importId, (s) => s.counts.done >= BATCH || s.state !== 'running');
  const prepared: string[] = [];
  for (let i = 0; i < PREPARED; i++) {
    const res = await call(first.base, tenant, 'POST', '/properties', {
      name: `Prepared ${i}`,
      reference: `orig-${i}`,
    });
    expect(res.status).toBe(201);
    prepared.push(res.json.data!.id!);
  }

  // The burst: every write sent at once; SIGKILL as soon as KILL_AFTER of them have been answered.
  const outcomes: Outcome[] = [];
  let answered = 0;
  const track = (o: Outcome, work: Promise<{ status: number; json: { data?: { id?: string } } }>) =>
    work.then(
      (res) => {
        o.status = res.status;
        o.id = res.json.data?.id;
        if (++answered === KILL_AFTER) first.child.kill('SIGKILL');
      },
      () => {
        // Connection cut by the kill: the outcome is unknown to the client.
      },
    );
  const work: Promise<void>[] = [];
  for (let i = 0; i < CREATES; i++) {
    const c: Outcome = { kind: 'company', key: `Crash Co ${i}`, status: null };
    const p: Outcome = { kind: 'property', key: `Crash Prop ${i}`, status: null };
    outcomes.push(c, p);
    work.push(
      track(
        c,
        call(first.base, headers, 'POST', '/companies', {
          name: c.key,
          address_line_1: `${i} Crash Lane`,
          city: 'York',
          postcode: 'YO1 7HH',
        }),
      ),
    );
    work.push(track(p, call(first.base, tenant, 'POST', '/properties', { name: p.key, reference: `new-${i}` })));
    if (i < PREPARED) {
      const u: Outcome = { kind: 'update', key: `upd-${i}`, status: null, id: prepared[i] };
      outcomes.push(u);
      work.push(track(u, call(first.base, tenant, 'PUT', `/properties/${prepared[i]}`, { reference: u.key })));
    }
  }
  await Promise.all(work);
  await first.exited;
  expect(first.child.signalCode, first.output()).toBe('SIGKILL');
  afterKill?.();

  // Restart on the same data: it must open (a stale lock of the dead process is taken over), and write.
  const second = await startServer(env);
  const again = await signIn(second.base);
  expect(
    (
      await call(second.base, again, 'POST', '/companies', {
        name: 'Crash Co after',
        address_line_1: '9 Later Road',
        city: 'Hull',
        postcode: 'HU1 1AA',
      })
    ).status,
  ).toBe(201);
  // The import the kill stopped: no instance runs it any more, and it says so once its silence is stale.
  const importAfter = await importUntil(
    second.base,
    { ...importHeaders, authorization: again.authorization },
    importId,
    (s) => s.state !== 'running' && s.state !== 'queued',
  );
  second.child.kill('SIGTERM');
  await second.exited;
  expect(second.child.exitCode, second.output()).toBe(0);

  const rows = await readRows();
  return { outcomes, prepared, rows, importId, importAfter };
}

function checkPairing({
  outcomes,
  prepared,
  rows,
  importId,
  importAfter,
}: Awaited<ReturnType<typeof crashAndRestart>>) {
  // The import: failed, saying how much it kept, which is whole batches, each row there and audited once.
  const { done, created: kept } = importAfter.counts;
  expect(importAfter.state).toBe('failed');
  expect(done % BATCH).toBe(0);
  expect(done).toBeGreaterThanOrEqual(BATCH);
  expect(done).toBeLessThan(IMPORT_ROWS);
  expect(kept).toBe(done);
  expect(importAfter.message).toBe(
    `The import stopped after ${done} of ${IMPORT_ROWS} rows, as its server stopped: ${done} created and 0 updated were kept (whole batches of ${BATCH} rows). Import the rest again: rows with a key update what was kept.`,
  );
  expect(rows.imported.length).toBe(done);
  expect(rows.imported.filter((p) => p.import !== importId || p.audits !== 1)).toEqual([]);

  const unanswered = outcomes.filter((o) => o.status === null).length;
  const acknowledged = outcomes.filter((o) => o.status !== null && o.status >= 200 && o.status < 300);
  // The kill really came mid-burst, and nothing answered an error instead of a write.
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER - 5);
  expect(unanswered).toBeGreaterThan(0);
  expect(outcomes.filter((o) => o.status !== null && (o.status < 200 || o.status >= 300))).toEqual([]);

  const created = (action: string, table: { id: string; name: string }[], prefix: string) => {
    const audits = rows.audits.filter((a) => a.action === action && a.name?.startsWith(prefix));
    const byEntity = new Map<string, number>();
    for (const a of audits) byEntity.set(a.entity_id!, (byEntity.get(a.entity_id!) ?? 0) + 1);
    for (const row of table.filter((r) => r.name.startsWith(prefix)))
      expect(byEntity.get(row.id), `${row.name} has one ${action} audit row`).toBe(1);
    const ids = new Set(table.map((r) => r.id));
    for (const a of audits) expect(ids.has(a.entity_id!), `${action} audit row of ${a.name} has its row`).toBe(true);
  };
  created('company.created', rows.companies, 'Crash Co ');
  created('property.created', rows.properties, 'Crash Prop ');

  prepared.forEach((id, i) => {
    const row = rows.properties.find((p) => p.id === id)!;
    const audits = rows.audits.filter((a) => a.action === 'property.updated' && a.entity_id === id);
    if (row.reference === `upd-${i}`)
      expect(
        audits.map((a) => a.reference),
        `Prepared ${i}`,
      ).toEqual([`upd-${i}`]);
    else {
      expect(row.reference, `Prepared ${i}`).toBe(`orig-${i}`);
      expect(audits, `Prepared ${i} kept its reference, so no update audit`).toEqual([]);
    }
  });

  for (const o of acknowledged) {
    if (o.kind === 'company')
      expect(
        rows.companies.some((c) => c.id === o.id && c.name === o.key),
        o.key,
      ).toBe(true);
    if (o.kind === 'property')
      expect(
        rows.properties.some((p) => p.id === o.id && p.name === o.key),
        o.key,
      ).toBe(true);
    if (o.kind === 'update') expect(rows.properties.find((p) => p.id === o.id)?.reference, o.key).toBe(o.key);
  }
}

const secretKey = randomBytes(32).toString('hex');

describe.skipIf(pgTemplateUrl)('crash safety on the embedded PGlite', () => {
  it('keeps every write whole or absent across a SIGKILL mid-burst, and reopens despite the stale lock', async () => {
    const dataDir = path.join(tmp, 'pglite-data');
    const lockFile = path.join(dataDir, 'pglite.lock');
    const result = await crashAndRestart(
      { OLYMPUS_DATA_DIR: dataDir, OLYMPUS_SECRET_KEY: secretKey },
      async () => {
        const database = await openDatabase(
          { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
          { migrate: false },
        );
        try {
          const read = async <T>(q: string) =>
            ((await database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
          return {
            companies: await read(QUERIES.companies),
            properties: await read(QUERIES.properties),
            audits: await read(QUERIES.audits),
            imported: await read(QUERIES.imported),
          } as Rows;
        } finally {
          await database.close();
        }
      },
      () => {
        // The killed process left its lock behind: the restart below must take it over.
        expect(existsSync(lockFile)).toBe(true);
        expect(parseInt(readFileSync(lockFile, 'utf8'), 10)).toBeGreaterThan(0);
      },
    );
    checkPairing(result);
  }, 240_000);
});

describe.skipIf(!pgTemplateUrl)('crash safety on PostgreSQL', () => {
  it('keeps every write whole or absent across a SIGKILL mid-burst', async () => {
    const name = 'olympus_crash_' + randomBytes(6).toString('hex');
    const admin = new pg.Client({ connectionString: pgTemplateUrl });
    await admin.connect();
    await admin.query(`create database ${name} template olympus_test_template`);
    const url = new URL(pgTemplateUrl);
    url.pathname = '/' + name;
    try {
      const result = await crashAndRestart(
        { DATABASE_URL: url.toString(), OLYMPUS_DATA_DIR: path.join(tmp, 'pg-data'), OLYMPUS_SECRET_KEY: secretKey },
        async () => {
          const client = new pg.Client({ connectionString: url.toString() });
          await client.connect();
          try {
            const read = async <T>(q: string) => (await client.query(q)).rows as T[];
            return {
              companies: await read(QUERIES.companies),
              properties: await read(QUERIES.properties),
              audits: await read(QUERIES.audits),
              imported: await read(QUERIES.imported),
            } as Rows;
          } finally {
            await client.end();
          }
        },
      );
      checkPairing(result);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 240_000);
});
