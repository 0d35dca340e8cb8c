// Attacks on the CSV import's bounds (docs/security.md "Unbounded work"): a body sent without a session
// is never read, on the import route or any other; an upload is taken only for a caller allowed to
// import, a bounded number at once; a header of millions of columns is refused from its first line;
// columns named like Object.prototype's keys are columns like any other; an import running row by row
// leaves other companies' list pages answering. Over real HTTP where the question is whether the
// server read the body (the answer must come while the body is still being sent). PGlite, and
// PostgreSQL with TEST_DATABASE_URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IMPORT_UPLOADS_MAX, IMPORT_UPLOADS_PER_CALLER } from '../../contract/imports';
import { propertyResource } from '../../contract/resources/properties';
import { IMPORT_MESSAGES, maxColumnsOf } from '../../server/imports/csv';
import { UPLOAD_MESSAGES, uploadsInFlight } from '../../server/imports/upload';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db';
import { createTestApp, type TestApp } from './harness';
import { count, createProperty, createWorld, type World } from './resources-fixtures';
import { authClient, uniqueIp, type CsrfPair } from './auth-client';
import { createUser, tokenFor } from './factories';

let t: TestApp;
let w: World;
let base: string;
let csrf: CsrfPair;
const db = () => t.database.db;

/** What a 51 MB body would be: more than the import's 50 MB limit, so reading it shows as a 422. */
const HUGE = 51 * 1024 * 1024;
const CHUNK = 64 * 1024;

interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the body written when the answer's headers arrived. */
  sent: number;
  ms: number;
}

interface Upload {
  answer: Promise<Answer>;
  /** Stops sending and closes the connection. */
  abort(): void;
}

/**
 * Starts a request declaring a body of `total` bytes and sends it slowly (64 KB every 10 ms, ~6 MB/s),
 * until the server answers or `waitMs` passes (then `status` is null).
 */
function upload(
  method: string,
  path: string,
  headers: Record<string, string>,
  { total = HUGE, waitMs = 8000 } = {},
): Upload {
  const started = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const req = http.request(`${base}${path}`, { method, headers: { ...headers, 'content-length': String(total) } });
  const stop = () => {
    clearInterval(timer);
    req.destroy();
  };
  const answer = new Promise<Answer>((resolve) => {
    const give = (a: Omit<Answer, 'ms'>) => resolve({ ...a, ms: performance.now() - started });
    const deadline = setTimeout(() => {
      give({ status: null, headers: {}, body: '', sent });
      stop();
    }, waitMs);
    req.on('response', (res) => {
      const at = sent;
      clearInterval(timer);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        clearTimeout(deadline);
        give({ status: res.statusCode ?? null, headers: res.headers, body, sent: at });
        stop();
      });
      res.on('error', () => {});
    });
    req.on('error', () => {});
  });
  const line = Buffer.alloc(CHUNK, 'a,b\n');
  timer = setInterval(() => {
    if (sent >= total || req.destroyed) return clearInterval(timer);
    const n = Math.min(CHUNK, total - sent);
    req.write(n === CHUNK ? line : line.subarray(0, n));
    sent += n;
  }, 10);
  return { answer, abort: stop };
}

const junk = { authorization: 'Bearer olym_not-a-token-at-all-0000000000000000000000000' };
const imports = () => count(db(), sql`select count(*) as n from imports`);
const propertyCount = () => count(db(), sql`select count(*) as n from properties`);
const headersOf = (who: { authorization: string }, tenant = w.own.id) => ({ ...who, 'x-tenant': tenant });

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  csrf = await authClient(t).csrf();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a body sent without a session', () => {
  let propertyId: string;
  beforeAll(async () => {
    propertyId = (await createProperty(db(), w.own.id)).id;
  });

  // The routes of an importable resource that take a body, as CSV and as JSON.
  const routes = () =>
    [
      ['POST', '/api/v1/properties/import', 'text/csv'],
      ['POST', '/api/v1/units/import?dry_run=true', 'text/csv'],
      ['POST', '/api/v1/properties', 'text/csv'],
      ['POST', '/api/v1/properties', 'application/json'],
      ['PUT', `/api/v1/properties/${propertyId}`, 'text/csv'],
      ['PUT', `/api/v1/properties/${propertyId}`, 'application/json'],
      ['POST', '/api/v1/properties/bulk', 'application/json'],
      ['POST', `/api/v1/properties/${propertyId}/restore`, 'text/csv'],
      ['POST', '/api/v1/session/password', 'application/json'],
      // A file field's upload (docs/resources.md "Files").
      ['POST', '/api/v1/uploads', 'multipart/form-data; boundary=olympus'],
    ] as const;

  it('is answered 401 (a junk token, or no token with a CSRF pair) or 419 (no CSRF pair) before the body is read, on every route', async () => {
    const before = { imports: await imports(), properties: await propertyCount() };
    const callers: [string, Record<string, string>, number][] = [
      ['a junk token', junk, 401],
      ['no token, a CSRF pair', { ...csrf }, 401],
      ['no token, no CSRF pair', {}, 419],
    ];
    for (const [method, path, type] of routes()) {
      for (const [who, headers, status] of callers) {
        const a = await upload(method, path, { ...headers, 'x-tenant': w.own.id, 'content-type': type }).answer;
        // Answered while the 51 MB were still being sent: the server did not wait for them.
        expect({ route: `${method} ${path} ${type}`, who, status: a.status }).toEqual({
          route: `${method} ${path} ${type}`,
          who,
          status,
        });
        expect(a.sent, `${method} ${path} as ${who}`).toBeLessThan(HUGE / 4);
        expect(JSON.parse(a.body).message).toBe(status === 401 ? 'Unauthenticated.' : 'CSRF token mismatch.');
      }
    }
    expect({ imports: await imports(), properties: await propertyCount() }).toEqual(before);
  }, 120_000);

  it('every operation needing a session answers 401 to a junk token, whatever the body', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const body = method === 'get' || method === 'delete' ? undefined : '{"a":'.repeat(1000);
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { ...junk, 'x-tenant': w.own.id, ...(body ? { 'content-type': 'application/json' } : {}) },
          payload: body,
          remoteAddress: uniqueIp(),
        });
        expect({ op: `${method} ${path}`, status: res.statusCode }).toEqual({ op: `${method} ${path}`, status: 401 });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // What needs no session still answers without one.
    for (const url of ['/healthz', '/api/docs/json', '/.well-known/jwks.json', '/sanctum/csrf-cookie']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(300);
    }
  });

  it('an upload is read only for a caller who may import there: a system user, no company, another company answer 403 before it is read', async () => {
    const before = await imports();
    const cases: [string, Record<string, string>][] = [
      ['a system user', headersOf(w.headers.system_user)],
      ['an admin without X-Tenant', { ...w.headers.admin }],
      ['an admin of another company', headersOf(w.headers.admin, w.other.id)],
    ];
    for (const [who, headers] of cases) {
      const a = await upload('POST', '/api/v1/properties/import', { ...headers, 'content-type': 'text/csv' }).answer;
      expect({ who, status: a.status }).toEqual({ who, status: 403 });
      expect(a.sent, who).toBeLessThan(HUGE / 4);
    }
    // A JSON or CSV body on a route other than the import is not an upload: its CSV is not read either.
    const other = await upload('POST', '/api/v1/properties', {
      ...headersOf(w.headers.admin),
      'content-type': 'text/csv',
    }).answer;
    expect(other.status).toBe(415);
    expect(other.sent).toBeLessThan(HUGE / 4);
    expect(await imports()).toBe(before);
  }, 60_000);
});

describe('uploads at once', () => {
  it(`a caller sends at most ${IMPORT_UPLOADS_PER_CALLER} and the server takes at most ${IMPORT_UPLOADS_MAX}: one more answers 429 with Retry-After at once`, async () => {
    const before = await imports();
    const admins = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const user = await createUser(db(), { role: 'admin', companies: [w.own], name: `Uploader ${i}` });
        return { id: user.id, headers: await tokenFor(db(), user.id) };
      }),
    );
    const csvHeaders = (who: { authorization: string }) => ({ ...headersOf(who), 'content-type': 'text/csv' });
    const held: Upload[] = [];
    try {
      // The first caller's uploads, taken and being received.
      for (let i = 0; i < IMPORT_UPLOADS_PER_CALLER; i++)
        held.push(upload('POST', '/api/v1/properties/import', csvHeaders(admins[0].headers), { waitMs: 60_000 }));
      await until(() => uploadsInFlight(admins[0].id) === IMPORT_UPLOADS_PER_CALLER, "the first caller's uploads");
      const mine = await upload('POST', '/api/v1/properties/import', csvHeaders(admins[0].headers)).answer;
      expect(mine.status).toBe(429);
      expect(mine.headers['retry-after']).toBe('5');
      expect(JSON.parse(mine.body).message).toBe(UPLOAD_MESSAGES.tooManyOfYours);
      expect(mine.sent).toBeLessThan(HUGE / 4);

      // Others fill the server's bound; the next caller, with no upload of their own, is refused too.
      for (let i = IMPORT_UPLOADS_PER_CALLER, k = 1; i < IMPORT_UPLOADS_MAX; i++, k++) {
        held.push(upload('POST', '/api/v1/properties/import', csvHeaders(admins[k].headers), { waitMs: 60_000 }));
      }
      await until(() => uploadsInFlight() === IMPORT_UPLOADS_MAX, "the server's uploads");
      const last = admins[IMPORT_UPLOADS_MAX - IMPORT_UPLOADS_PER_CALLER + 1];
      const theirs = await upload('POST', '/api/v1/properties/import', csvHeaders(last.headers)).answer;
      expect(theirs.status).toBe(429);
      expect(theirs.headers['retry-after']).toBe('5');
      expect(JSON.parse(theirs.body).message).toBe(UPLOAD_MESSAGES.tooManyAtOnce);
    } finally {
      for (const h of held) h.abort();
    }
    // A sender gone frees its slot.
    await until(() => uploadsInFlight() === 0, 'the slots to be freed');
    expect(await imports()).toBe(before);
    // And a file of the right size, sent whole, is taken again.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/properties/import?dry_run=true',
      headers: csvHeaders(admins[0].headers),
      payload: 'name\nAfter the rush\n',
    });
    expect(ok.statusCode, ok.body).toBe(202);
    await finished(ok.json().data.id as string, admins[0].headers);
  }, 120_000);

  it('a file over 50 MB from a caller who may import is refused (422) as it passes the limit, not once whole', async () => {
    const a = await upload(
      'POST',
      '/api/v1/properties/import',
      { ...headersOf(w.headers.admin), 'content-type': 'text/csv' },
      { waitMs: 30_000 },
    ).answer;
    expect(a.status).toBe(422);
    expect(JSON.parse(a.body).message).toBe(IMPORT_MESSAGES.tooLarge);
    await until(() => uploadsInFlight() === 0, 'the slot to be freed');
  }, 60_000);
});

/** Waits for an import to end. */
async function finished(id: string, who: { authorization: string } = w.headers.admin) {
  for (let i = 0; i < 1200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/imports/${id}`, headers: headersOf(who) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      state: string;
      message: string | null;
      counts: Record<string, number>;
      mapping: Record<string, string>;
      errors: unknown[];
    };
    if (data.state === 'succeeded' || data.state === 'failed') return data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not finish`);
}

const post = (path: string, csv: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${path}/import${query}`,
    headers: { ...headersOf(w.headers.admin), 'content-type': 'text/csv' },
    payload: csv,
    remoteAddress: uniqueIp(),
  });

describe('a header of millions of columns', () => {
  it('is refused at once (422, naming the count), read from its first line only; nothing queued', async () => {
    const before = { imports: await imports(), properties: await propertyCount() };
    // 8 MB of header and a row: what made other companies' pages wait 10 s.
    const columns = 4_000_000;
    const csv = ['name', ...Array<string>(columns - 1).fill('c')].join(',') + '\nA row\n';
    const started = performance.now();
    const res = await post('/properties', csv, '?dry_run=true');
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().message).toBe(IMPORT_MESSAGES.tooManyColumns(columns, maxColumnsOf(propertyResource)));
    expect(res.json().message).toContain('4,000,000 columns');
    // Generous: it took 2-3 s to read on a busy 2-core machine before the cap, and a job of minutes after.
    expect(ms).toBeLessThan(5000);
    expect({ imports: await imports(), properties: await propertyCount() }).toEqual(before);
  }, 60_000);

  it('a quoted header cell holding commas counts as one column; a few extra columns are fine', async () => {
    const extra = Array.from({ length: 20 }, (_, i) => `"Note, ${i}"`).join(',');
    const res = await post(
      '/properties',
      `name,reference,${extra}\nWide ${Date.now()},WD-${Date.now()},${Array(20).fill('x').join(',')}\n`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const s = await finished(res.json().data.id as string);
    expect(s.state, s.message ?? '').toBe('succeeded');
    expect(s.counts.created).toBe(1);
  });

  it("a data row's cells past the header are not kept: its failed row holds the header's columns only", async () => {
    const res = await post('/properties', `name,reference\n,LONG-${Date.now()},${'z,'.repeat(200_000)}\n`);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    const s = await finished(id);
    expect(s.counts).toMatchObject({ rows: 1, failed: 1 });
    expect(
      await count(db(), sql`select jsonb_array_length(failed_rows -> 0 -> 'cells') as n from imports where id = ${id}`),
    ).toBe(2);
  });
});

describe('columns named like the keys every object has', () => {
  it('are columns like any other: left out when they match no field, a job never fails on them', async () => {
    const r = Date.now().toString(36);
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
    const csv = `name,reference,${names.join(',')}\nProto ${r},PR-${r},${names.map((n) => `x-${n}`).join(',')}\n`;
    const res = await post('/properties', csv);
    expect(res.statusCode, res.body).toBe(202);
    const s = await finished(res.json().data.id as string);
    expect(s.state, s.message ?? '').toBe('succeeded');
    expect(s.counts).toMatchObject({ rows: 1, created: 1, failed: 0 });
    expect(s.mapping).toEqual({ name: 'name', reference: 'reference' });
    expect(
      await count(
        db(),
        sql`select count(*) as n from properties where reference = ${`PR-${r}`} and name = ${`Proto ${r}`}`,
      ),
    ).toBe(1);
  });

  it('may be mapped to a field by name, and a mapping to "constructor" is no field', async () => {
    const r = Date.now().toString(36);
    // Written by hand: an object literal's __proto__ is its prototype, not a key.
    const text = encodeURIComponent('{"__proto__":"name","constructor":""}');
    const res = await post(
      '/properties',
      `__proto__,reference,constructor\nMapped ${r},MP-${r},x\n`,
      `?mapping=${text}`,
    );
    expect(res.statusCode, res.body).toBe(202);
    const s = await finished(res.json().data.id as string);
    expect(s.state, s.message ?? '').toBe('succeeded');
    expect(s.counts).toMatchObject({ created: 1, failed: 0 });
    expect(
      await count(
        db(),
        sql`select count(*) as n from properties where reference = ${`MP-${r}`} and name = ${`Mapped ${r}`}`,
      ),
    ).toBe(1);

    const before = await imports();
    const bad = await post(
      '/properties',
      `constructor\nx\n`,
      `?mapping=${encodeURIComponent('{"constructor":"constructor"}')}`,
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors.mapping[0]).toContain('"constructor"');
    expect(await imports()).toBe(before);
  });
});

describe('an import going row by row', () => {
  // The embedded database as `npm start` runs it: in a worker thread behind one connection (in this
  // thread, its statements would block the test's own clock). PostgreSQL: the suite's own server.
  let app: FastifyInstance;
  let database: Database | null = null;
  beforeAll(async () => {
    if (t.database.kind === 'postgres') {
      app = t.app;
      return;
    }
    database = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'worker' }, { migrate: true });
    app = await buildApp({ config: t.config, database, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    if (!database) return;
    await app.close();
    await database.close();
  });

  it("leaves another company's list page answering meanwhile (one short transaction at a time)", async () => {
    const conn = database?.db ?? db();
    const world = database ? await createWorld(conn) : w;
    const browser = await createUser(conn, { role: 'admin', companies: [world.other], name: 'Browser' });
    const theirs = { ...(await tokenFor(conn, browser.id)), 'x-tenant': world.other.id };
    for (let i = 0; i < 30; i++) await createProperty(conn, world.other.id);
    const r = Date.now().toString(36);
    let csv = 'name,reference,address_line_1,city,postcode\n';
    for (let i = 0; i < 600; i++) csv += `Busy ${r} ${i},BZ-${r}-${i},${i} High Street,Leeds,LS1 1AA\n`;
    const mine = { ...world.headers.admin, 'x-tenant': world.own.id };
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/properties/import?dry_run=true',
      headers: { ...mine, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id as string;
    // The import's end watched on its own, so the pages are not timed in step with its batches.
    let over = false;
    const status = (async () => {
      for (;;) {
        const s = (await app.inject({ method: 'GET', url: `/api/v1/imports/${id}`, headers: mine })).json().data as {
          state: string;
          counts: Record<string, number>;
        };
        if (s.state === 'succeeded' || s.state === 'failed') return s;
        await new Promise((x) => setTimeout(x, 100));
      }
    })().finally(() => (over = true));
    const waits: number[] = [];
    while (!over) {
      const started = performance.now();
      const page = await app.inject({ method: 'GET', url: '/api/v1/properties?page=1&per_page=25', headers: theirs });
      waits.push(performance.now() - started);
      expect(page.statusCode, page.body).toBe(200);
      await new Promise((x) => setTimeout(x, 20 + Math.random() * 60));
    }
    expect((await status).counts).toMatchObject({ rows: 600, done: 600, created: 600 });
    const sorted = [...waits].sort((a, b) => a - b);
    const p90 = sorted[Math.ceil(0.9 * sorted.length) - 1];
    console.log(
      `other company's page during the import: ${waits.length} pages, p90 ${Math.round(p90)} ms, max ${Math.round(sorted[sorted.length - 1])} ms`,
    );
    // Generous for a busy 2-core machine: a 500-row transaction held the only connection for seconds.
    expect(p90).toBeLessThan(1500);
  }, 180_000);
});
