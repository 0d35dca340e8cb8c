// Whole lists on a PostgreSQL server run in a worker thread, a few at a time (server/lists/
// wholeLists.ts, server/db/offThread.ts, docs/speed.md): the answer's bytes are exactly those of
// the same statement run on the request's own connection; requests beyond the worker's connections
// wait and are answered, not dropped (from callers within WHOLE_LISTS_PER_CALLER each; the limits
// themselves: lists-whole-bound.test.ts); clients that hang up do not keep a connection; a statement
// the timeout stops answers 503 as any other. On PGlite (no worker) the same answers hold.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, createWorld, type Api, type World } from './resources-fixtures';
import { addScaleCompany } from '../../bench/lib/data';
import { unitCrud } from '../../server/units/binding';
import { OFF_THREAD_CONNECTIONS, OffThreadQueries, offThreadOf } from '../../server/db/offThread';
import { SMALL_WHOLE_LIST_BYTES, WHOLE_LISTS_PER_CALLER, wholeListsInFlight } from '../../server/lists/wholeLists';
import { createUser, tokenFor } from './factories';
import { loggableError, sqlStateOf } from '../../server/http/error-log';
import { giveBack, isLent } from '../../server/db/lentBytes';

const UNITS = 3000;
const pgUrl = inject('postgresTemplateUrl');

let t: TestApp;
let w: World;
let api: Api;
let tenant: string;
/** The whole list as the request's own connection answers it (a transaction never goes off thread). */
let expected: string;
/** Super admins enough for a burst of OFF_THREAD_CONNECTIONS * 4 lists within each one's WHOLE_LISTS_PER_CALLER (at
 * least 3). */
let callers: { authorization: string }[];

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.database.db);
  tenant = (await addScaleCompany(t.database.db, UNITS)).id;
  api = apiAs(t, w.headers.super_admin, tenant);
  const inThread = await t.database.db.transaction((tx) => unitCrud.list(tx, tenant, {}));
  expect(typeof inThread.json).toBe('string');
  expected = `{"data":${inThread.json as string}}`;
  callers = [w.headers.super_admin];
  while (callers.length < 3 || callers.length * WHOLE_LISTS_PER_CALLER < OFF_THREAD_CONNECTIONS * 4) {
    callers.push(await tokenFor(t.database.db, (await createUser(t.database.db, { role: 'super_admin' })).id));
  }
}, 60_000);
afterAll(() => t.close());

describe('whole lists', () => {
  // The suite's PGlite runs in this thread; the server's, in a worker, reads them there (pglite-worker.test.ts).
  it(pgUrl ? 'run off the event loop on PostgreSQL' : 'run on the one connection of PGlite in this thread', () => {
    expect(offThreadOf(t.database.db) !== undefined).toBe(Boolean(pgUrl));
  });

  it('never see another request’s open transaction: a row it writes and rolls back is in no list', async () => {
    let rollBack = () => {};
    const held = new Promise<void>((resolve) => (rollBack = resolve));
    let written = () => {};
    const inserted = new Promise<void>((resolve) => (written = resolve));
    const property = (await t.database.db.execute(
      sql`select id from properties where company_id = ${tenant} limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const transaction = t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into units (company_id, property_id, name) values (${tenant}, ${property.rows[0].id}, 'Phantom unit')`,
        );
        written();
        await held;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await inserted;
    const listed = api.get('/units');
    await new Promise((resolve) => setTimeout(resolve, 200));
    rollBack();
    expect(await transaction).toBe('rolled back');
    const res = await listed;
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Phantom unit');
    expect(res.body).toBe(expected);
  });

  it('answer byte for byte what the statement answers on the request’s own connection', async () => {
    const res = await api.get('/units');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    expect(res.body).toBe(expected);
    expect(res.json().data).toHaveLength(UNITS);
    // With a list parameter but no page: the same rows, then meta.
    const sorted = await api.get('/units?sort=name');
    expect(sorted.statusCode).toBe(200);
    expect(sorted.body).toBe(`${expected.slice(0, -1)},"meta":{"total":${UNITS}}}`);
  });

  it('compressed, decompress to the same bytes; HEAD answers the headers alone', async () => {
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/units',
        headers: { ...w.headers.super_admin, 'x-tenant': tenant, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res.rawPayload).toString('utf8')).toBe(expected);
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/v1/units',
      headers: { ...w.headers.super_admin, 'x-tenant': tenant },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answer every request of a burst larger than the worker’s connections, each whole and of its own tenant', async () => {
    const own = await apiAs(t, w.headers.super_admin, w.own.id).get('/units');
    expect(own.statusCode).toBe(200);
    const caller = (i: number) => callers[i % callers.length];
    const burst = await Promise.all(
      Array.from({ length: OFF_THREAD_CONNECTIONS * 4 }, (_, i) =>
        apiAs(t, caller(i), i % 4 === 3 ? w.own.id : tenant).get('/units'),
      ),
    );
    burst.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(i % 4 === 3 ? own.body : expected);
    });
    // Each answer's bytes went back to the worker once its response was sent.
    expect(offThreadOf(t.database.db)?.lent ?? 0).toBe(0);
  });

  it('are answered after clients hung up mid-burst: no connection stays taken', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const url = `http://127.0.0.1:${port}/api/v1/units`;
    const headers = { ...w.headers.super_admin, 'x-tenant': tenant };
    const aborted = Array.from({ length: OFF_THREAD_CONNECTIONS * 3 }, async () => {
      const abort = new AbortController();
      const res = fetch(url, { headers, signal: abort.signal });
      setTimeout(() => abort.abort(), 5);
      return res.then(
        () => 'answered',
        () => 'aborted',
      );
    });
    await Promise.all(aborted);
    // Every later request is answered, more of them at once than the worker has connections (from
    // other callers: the hung-up ones' own slots free once the server has seen them go).
    const others = callers.slice(1);
    const after = await Promise.all(
      Array.from({ length: OFF_THREAD_CONNECTIONS + 2 }, (_, i) =>
        fetch(url, { headers: { ...others[i % others.length], 'x-tenant': tenant } }).then(
          async (r) => [r.status, await r.text()] as const,
        ),
      ),
    );
    for (const [status, body] of after) {
      expect(status).toBe(200);
      expect(body).toBe(expected);
    }
    // Their lists dropped, cancelled or answered (docs/security.md "Unbounded work"), the hung-up caller holds no slot.
    await vi.waitFor(() => expect(wholeListsInFlight(`user:${w.users.super_admin.id}`)).toBe(0), {
      timeout: 5_000,
      interval: 10,
    });
    // Every answer's memory went back to the worker once sent, or once its client was gone.
    const worker = offThreadOf(t.database.db);
    if (worker) await vi.waitFor(() => expect(worker.lent).toBe(0), { timeout: 5_000, interval: 10 });
  });
});

describe.skipIf(!pgUrl)('which whole lists go off the event loop (PostgreSQL)', () => {
  it('a big list every time; a small one only until its first answer showed it small — answering the same', async () => {
    const worker = offThreadOf(t.database.db);
    if (!worker) throw new Error('no worker');
    const rows = vi.spyOn(worker, 'rows');
    const small = apiAs(t, w.headers.super_admin, w.own.id);
    // A sort no other test asks for: a statement this process has not answered yet.
    const ask = async (a: Api, url = '/api/v1/units') => {
      const res = await a.get(url);
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    const firstSmall = await ask(small, '/api/v1/units?sort=unit_ref:desc');
    const offAtFirst = rows.mock.calls.length;
    expect(offAtFirst).toBe(1);
    expect(await ask(small, '/api/v1/units?sort=unit_ref:desc')).toBe(firstSmall);
    expect(rows.mock.calls.length).toBe(offAtFirst);
    expect(Buffer.byteLength(expected)).toBeGreaterThan(SMALL_WHOLE_LIST_BYTES);
    expect(await ask(api)).toBe(expected);
    expect(await ask(api)).toBe(expected);
    expect(rows.mock.calls.length).toBe(offAtFirst + 2);
    rows.mockRestore();
  });
});

describe.skipIf(!pgUrl)('the off-thread worker (PostgreSQL)', () => {
  it('fails a statement stopped by the statement timeout as a database error with its code (the API answers 503)', async () => {
    const queries = new OffThreadQueries({ url: pgUrl, statementTimeoutMs: 100 });
    try {
      const err: unknown = await queries.rows({ sql: 'select pg_sleep(2)', params: [] }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(Error);
      // What server/http/errors-plugin.ts reads to answer 503 "The request took too long…".
      expect(sqlStateOf(err)).toBe('57014');
      // The worker still serves the next statement.
      expect(await queries.rows<{ n: number }>({ sql: 'select 1::int as n', params: [] })).toEqual([{ n: 1 }]);
    } finally {
      await queries.close();
    }
  });

  it('fails a statement without its text or values in the error, nor the value PostgreSQL quotes in the log', async () => {
    const queries = new OffThreadQueries({ url: pgUrl, statementTimeoutMs: 1000 });
    try {
      const secret = 'do-not-echo-4711';
      const err = (await queries
        .rows({ sql: 'select $1::int as n', params: [secret] })
        .catch((e: unknown) => e)) as Error;
      expect(sqlStateOf(err)).toBe('22P02');
      const fields = JSON.stringify({ ...err, stack: err.stack });
      expect(fields).not.toContain('select');
      expect(JSON.stringify(loggableError(err))).not.toContain(secret);
    } finally {
      await queries.close();
    }
  });

  it('answers in memory it reuses only once given back: a lent answer keeps its bytes while others are answered', async () => {
    const queries = new OffThreadQueries({ url: pgUrl, statementTimeoutMs: 5000 });
    const ask = async (letter: string) => {
      const [row] = await queries.rows<{ data: Buffer }>(
        { sql: `select repeat($1, 300000) as data`, params: [letter] },
        ['data'],
      );
      return row.data;
    };
    try {
      const a = await ask('a');
      expect(isLent(a)).toBe(true);
      expect(queries.lent).toBe(1);
      // Lent: every other answer meanwhile is written elsewhere, and a's bytes stay a's.
      const others = await Promise.all(['b', 'c', 'd'].map(ask));
      others.forEach((bytes, i) => {
        expect(bytes.buffer).not.toBe(a.buffer);
        expect(bytes.toString()).toBe('bcd'[i].repeat(300000));
      });
      expect(a.toString()).toBe('a'.repeat(300000));
      for (const bytes of others) giveBack(bytes);
      giveBack(a);
      giveBack(a);
      expect(queries.lent).toBe(0);
      // Given back: the next answer may be written into the same memory.
      const reused = new Set((await Promise.all(['e', 'f', 'g', 'h'].map(ask))).map((bytes) => bytes.buffer));
      expect(reused.has(a.buffer)).toBe(true);
    } finally {
      await queries.close();
    }
  });

  it('answers in buffers of their own once every slab is lent, and frees each one that is given back', async () => {
    const queries = new OffThreadQueries({ url: pgUrl, statementTimeoutMs: 5000, connections: 1 });
    try {
      const held: Buffer[] = [];
      // One connection: 2 * 1 + 2 slabs.
      for (let i = 0; i < 5; i++) {
        const [row] = await queries.rows<{ data: Buffer }>({ sql: `select repeat('x', 1000) as data`, params: [] }, [
          'data',
        ]);
        expect(row.data.toString()).toBe('x'.repeat(1000));
        held.push(row.data);
      }
      expect(held.map(isLent)).toEqual([true, true, true, true, false]);
      expect(queries.lent).toBe(4);
      held.forEach(giveBack);
      expect(queries.lent).toBe(0);
    } finally {
      await queries.close();
    }
  });

  it('refuses statements once closed', async () => {
    const queries = new OffThreadQueries({ url: pgUrl, statementTimeoutMs: 1000 });
    expect(await queries.rows<{ n: number }>({ sql: 'select 2::int as n', params: [] })).toEqual([{ n: 2 }]);
    await queries.close();
    await expect(queries.rows({ sql: 'select 1', params: [] })).rejects.toThrow(/closed/);
  });
});
