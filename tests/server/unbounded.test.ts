// No request does unbounded work: an unpaged list past UNPAGED_LIST_MAX is refused (the client must
// page), per_page is capped, and every PostgreSQL statement runs under a timeout whose cancellation
// answers 503 with a plain message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { apiAs, count, createProperty, createWorld, unique, type Api, type World } from './resources-fixtures';
import { UNPAGED_LIST_MAX } from '../../contract/lists';
import { openDatabase } from '../../server/db';
import { STATEMENT_TIMEOUT_MS } from '../../server/db/database';
import { TIMEOUT_MESSAGE } from '../../server/http/errors-plugin';
import { ConfigError, loadConfig } from '../../server/config';
import { CONNECT_TIMEOUT_MS, longestWaitMs } from '../../server/db/boundedPool';

let t: TestApp;
let w: World;
let sa: Api;
const db = () => t.database.db;
const pgUrl = inject('postgresTemplateUrl');

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(db());
  sa = apiAs(t, w.headers.super_admin, w.own.id);
});
afterAll(() => t.close());

describe('unpaged lists are capped', () => {
  it(`refuses a whole list of ${UNPAGED_LIST_MAX + 1} units with 422 asking for pages; pages still work; ${UNPAGED_LIST_MAX} is answered`, async () => {
    const property = await createProperty(db(), w.own.id);
    await db().execute(
      sql`insert into units (company_id, property_id, name, unit_type) select ${w.own.id}, ${property.id}, 'Unit ' || n, 'Flat' from generate_series(1, ${UNPAGED_LIST_MAX + 1}) as n`,
    );
    const [whole, searched, sorted] = await Promise.all([
      sa.get('/units'),
      sa.get('/units?q=unit'),
      sa.get('/units?sort=-name'),
    ]);
    for (const res of [whole, searched, sorted]) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
      const body = res.json();
      expect(body.message).toMatch(new RegExp(`more than ${UNPAGED_LIST_MAX} rows.*page and per_page`));
      expect(body.errors.page[0]).toBe(body.message);
    }
    const page = await sa.get('/units?page=3&per_page=500');
    expect(page.statusCode).toBe(200);
    expect(page.json().meta).toEqual({ total: UNPAGED_LIST_MAX + 1, page: 3, per_page: 500 });
    expect(page.json().data).toHaveLength(500);

    await db().execute(
      sql`delete from units where id = (select id from units where property_id = ${property.id} limit 1)`,
    );
    const exact = await sa.get('/units?sort=name');
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toHaveLength(UNPAGED_LIST_MAX);
    expect(exact.json().meta).toEqual({ total: UNPAGED_LIST_MAX });
    await db().execute(sql`delete from units where property_id = ${property.id}`);
  });

  it('caps per_page and page', async () => {
    for (const q of ['per_page=501', 'per_page=0', 'page=0', 'page=1000001']) {
      const res = await sa.get(`/units?${q}`);
      expect(res.statusCode, q).toBe(422);
    }
    expect((await sa.get('/units?per_page=500')).statusCode).toBe(200);
  });
});

describe('statement timeout', () => {
  it('a statement cancelled by the database answers 503 with a plain message; nothing is stored', async () => {
    const before = await count(db(), sql`select count(*) as n from companies`);
    await db().execute(
      sql.raw(`create or replace function olympus_test_cancel() returns trigger language plpgsql as $$
        begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`),
    );
    await db().execute(
      sql.raw(
        'create trigger olympus_test_cancel before insert on companies for each row execute function olympus_test_cancel()',
      ),
    );
    try {
      const answers = await Promise.all([1, 2, 3].map(() => sa.post('/companies', { name: unique('Slow') })));
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: TIMEOUT_MESSAGE });
      }
    } finally {
      await db().execute(sql.raw('drop trigger olympus_test_cancel on companies'));
      await db().execute(sql.raw('drop function olympus_test_cancel()'));
    }
    expect(await count(db(), sql`select count(*) as n from companies`)).toBe(before);
    expect((await sa.get('/companies')).statusCode).toBe(200);
  });

  it('is configurable with OLYMPUS_STATEMENT_TIMEOUT_MS, within bounds', () => {
    expect(loadConfig({}).statementTimeoutMs).toBe(STATEMENT_TIMEOUT_MS);
    expect(loadConfig({ OLYMPUS_STATEMENT_TIMEOUT_MS: '5000' }).statementTimeoutMs).toBe(5000);
    for (const bad of ['0', '-1', 'abc', '600001']) {
      expect(() => loadConfig({ OLYMPUS_STATEMENT_TIMEOUT_MS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('bounds the wait for a connection with OLYMPUS_DB_CONNECT_TIMEOUT_MS; with the defaults no request waits on the database more than 20 s', () => {
    const defaults = loadConfig({});
    expect(defaults.dbConnectTimeoutMs).toBe(CONNECT_TIMEOUT_MS);
    expect(
      longestWaitMs({ connectTimeoutMs: defaults.dbConnectTimeoutMs, statementTimeoutMs: defaults.statementTimeoutMs }),
    ).toBeLessThanOrEqual(20_000);
    expect(loadConfig({ OLYMPUS_DB_CONNECT_TIMEOUT_MS: '1500' }).dbConnectTimeoutMs).toBe(1500);
    for (const bad of ['0', '99', 'abc', '60001']) {
      expect(() => loadConfig({ OLYMPUS_DB_CONNECT_TIMEOUT_MS: bad }), bad).toThrow(ConfigError);
    }
  });

  it.runIf(pgUrl)('every PostgreSQL connection runs under the statement timeout', async () => {
    const result = await db().execute(sql`show statement_timeout`);
    expect((result as unknown as { rows: { statement_timeout: string }[] }).rows[0].statement_timeout).toBe(
      `${STATEMENT_TIMEOUT_MS / 1000}s`,
    );

    const url = new URL(pgUrl!);
    url.pathname = '/postgres';
    const short = await openDatabase(
      { kind: 'postgres', url: url.toString(), statementTimeoutMs: 200 },
      { migrate: false },
    );
    try {
      const started = Date.now();
      const failure = await short.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      const cause = (failure as { cause?: { code?: string } } | null)?.cause ?? failure;
      expect((cause as { code?: string }).code).toBe('57014');
    } finally {
      await short.close();
    }
  });
});
