// The embedded PGlite in a worker thread: the same database through node-postgres over a
// private socket, and the server's event loop free while a slow query runs.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, migrateDatabase, type Database } from '../../server/db';
import { openPgliteWorker, type PgliteWorkerDatabase } from '../../server/db/pglite';
import { offThreadOf } from '../../server/db/offThread';
import { giveBack, isLent } from '../../server/db/lentBytes';
import { sqlStateOf } from '../../server/http/error-log';

/** A query that keeps PGlite busy for a few hundred milliseconds. */
const SLOW_QUERY = sql`select pg_sleep(0.6)`;
const SLOW_MS = 600;

/** Longest gap between 5 ms timer ticks while `work` runs: how long the event loop was blocked. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
    // One more tick, so a stall that ends with `work` is measured too.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    clearInterval(timer);
  }
  return longest;
}

/** node-postgres answers carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function count(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

let tmp: string;
/** One data directory for the whole file: a fresh one costs seconds (initdb), a reopen far less. */
let dataDir: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'olympus-pglite-worker-'));
  dataDir = path.join(tmp, 'data', 'pglite');
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

// The embedded database's own behaviour: the run on PostgreSQL (`npm test`'s second server run) has
// nothing to add, so it skips this file.
const onPostgres = !!inject('postgresTemplateUrl');

describe.skipIf(onPostgres)('PGlite in a worker thread', () => {
  it('migrates, reads and writes, and keeps the data across close and reopen', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
    expect(first.kind).toBe('pglite');
    expect(first.driver).toBe('node-postgres');
    expect(existsSync(dataDir + '.lock')).toBe(true);
    // The migrations ran: the schema's tables are there, empty.
    expect(await count(first, 'users')).toBe(0);
    await first.db.execute(sql`create table worker_probe (id int primary key, note text not null)`);
    await first.db.execute(sql`insert into worker_probe values (1, 'kept'), (2, 'also kept')`);
    expect(await first.ping()).toBe(true);
    await first.close();
    expect(existsSync(dataDir + '.lock')).toBe(false);

    const again = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
    try {
      const rows = rowsOf<{ note: string }>(await again.db.execute(sql`select note from worker_probe order by id`));
      expect(rows.map((r) => r.note)).toEqual(['kept', 'also kept']);
    } finally {
      await again.close();
    }
  }, 90_000); // Every migration from an empty directory, in a worker: 30 s and more on a loaded machine.

  describe('one open database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ kind: 'pglite', dataDir, thread: 'worker' });
      await database.db.execute(sql`create table tx_probe (id int primary key)`);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('rolls a failed transaction back, and other queries never see inside it', async () => {
      let outsideSaw: number | null = null;
      const failing = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (1), (2)`);
        // Another request's query, issued while the transaction is open: it must wait for the
        // transaction's end, not run inside it on PGlite's single session.
        void count(database, 'tx_probe').then((n) => (outsideSaw = n));
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(outsideSaw).toBeNull();
        throw new Error('abort the transaction');
      });
      await expect(failing).rejects.toThrow('abort the transaction');
      expect(await count(database, 'tx_probe')).toBe(0);
      await expect.poll(() => outsideSaw).toBe(0);

      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3)`);
      });
      expect(await count(database, 'tx_probe')).toBe(1);
    });

    it('reads a whole list in the worker only while it holds the one session: an open transaction is never read inside', async () => {
      const runner = offThreadOf(database.db);
      if (!runner) throw new Error('no whole-list runner');
      let rollBack = () => {};
      const held = new Promise<void>((resolve) => (rollBack = resolve));
      let read: { n: number }[] | null = null;
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (10), (11)`);
        // A whole list asked while the transaction is open waits for its end, not run inside it.
        void runner.rows<{ n: number }>({ sql: 'select count(*)::int as n from tx_probe', params: [] }).then((rows) => {
          read = rows;
        });
        await held;
        throw new Error('abort the transaction');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(read).toBeNull();
      rollBack();
      await expect(transaction).rejects.toThrow('abort the transaction');
      await expect.poll(() => read).toEqual([{ n: 1 }]);
    });

    it('answers a whole list in memory it reuses only once given back, and fails a refused statement with its code', async () => {
      const runner = offThreadOf(database.db);
      if (!runner) throw new Error('no whole-list runner');
      const ask = async (letter: string) => {
        const [row] = await runner.rows<{ data: Buffer }>(
          { sql: 'select repeat($1, 300000) as data', params: [letter] },
          ['data'],
        );
        return row.data;
      };
      const a = await ask('a');
      expect(isLent(a)).toBe(true);
      const b = await ask('b');
      expect(b.buffer).not.toBe(a.buffer);
      expect(a.toString()).toBe('a'.repeat(300000));
      expect(b.toString()).toBe('b'.repeat(300000));
      expect(runner.lent).toBe(2);
      giveBack(a);
      giveBack(b);
      expect(runner.lent).toBe(0);
      const reused = await ask('c');
      expect([a.buffer, b.buffer]).toContain(reused.buffer);
      expect(reused.toString()).toBe('c'.repeat(300000));
      giveBack(reused);
      // A refused statement: PostgreSQL's code, as the API reads it; the session serves the next one.
      const refused = await runner.rows({ sql: 'select $1::int as n', params: ['no number'] }).catch((e: unknown) => e);
      expect(sqlStateOf(refused)).toBe('22P02');
      expect(await count(database, 'tx_probe')).toBe(1);
    });

    it('answers queries issued during a slow query, and the event loop stays free', async () => {
      const started = performance.now();
      const answers: string[] = [];
      const stall = await longestStall(() =>
        Promise.all([
          database.db.execute(SLOW_QUERY).then(() => answers.push('slow')),
          ...[1, 2, 3].map((i) =>
            database.db
              .execute(sql`select ${i}::int as i`)
              .then((r) => answers.push(`quick ${rowsOf<{ i: number }>(r)[0].i}`)),
          ),
        ]),
      );
      const elapsed = performance.now() - started;
      // One session: the quick ones wait their turn behind the slow one, in order, and all answer.
      expect(answers).toEqual(['slow', 'quick 1', 'quick 2', 'quick 3']);
      expect(elapsed).toBeGreaterThanOrEqual(SLOW_MS - 50);
      // The query ran in the worker: this thread kept ticking (allowance for a loaded machine).
      expect(stall).toBeLessThan(SLOW_MS / 3);
    });

    it('refuses a second open of the same directory', async () => {
      await expect(openDatabase({ kind: 'pglite', dataDir, thread: 'worker' })).rejects.toThrow(
        /already open in this process/,
      );
      // The refused open took nothing away from the open one.
      expect(await database.ping()).toBe(true);
    });
  });

  it('refuses a directory locked by another live process', async () => {
    const locked = path.join(tmp, 'locked', 'pglite');
    mkdirSync(path.dirname(locked), { recursive: true });
    // The parent process (vitest's) is alive and is not this one.
    writeFileSync(locked + '.lock', String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir: locked, thread: 'worker' })).rejects.toThrow(
      `is in use by process ${process.ppid}`,
    );
  });

  it('rejects the open with a clear message when PGlite cannot start on the directory', async () => {
    const damaged = path.join(tmp, 'damaged', 'pglite');
    mkdirSync(damaged, { recursive: true });
    writeFileSync(path.join(damaged, 'PG_VERSION'), 'not a version\n');
    await expect(openDatabase({ kind: 'pglite', dataDir: damaged, thread: 'worker' })).rejects.toThrow(
      `The embedded database (PGlite) cannot open the database directory ${damaged}: PGlite failed to initialize properly. If it is damaged, move it aside`,
    );
    // The lock went with the failed attempt.
    expect(existsSync(damaged + '.lock')).toBe(false);
  });
});

describe.skipIf(onPostgres)('the app on a worker-thread PGlite', () => {
  let app: FastifyInstance;
  let database: PgliteWorkerDatabase;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await openPgliteWorker(dataDir);
    await migrateDatabase(database);
    const config = loadConfig(
      {},
      { dataDir: path.join(tmp, 'app'), staticDir: null, logLevel: 'error', publicUrl: 'http://olympus.test' },
    );
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database, logger: { level: 'error', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    app?.mailer.close();
    await database?.close();
    expect(existsSync(dataDir + '.lock')).toBe(false);
  });

  it('answers /healthz at once while a slow query runs', async () => {
    const slow = database.db.execute(SLOW_QUERY);
    const latencies: number[] = [];
    let done = false;
    void slow.finally(() => (done = true));
    while (!done) {
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      latencies.push(performance.now() - t);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await slow;
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(SLOW_MS / 3);
  });

  it('turns /readyz unready and logs the error when the worker dies; queries fail rather than hang', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', database: 'up' });
    // A crash, as far as the main thread can tell.
    await database.worker.terminate();
    await expect
      .poll(() => logged.join(''))
      .toContain('Database failure: The embedded database (PGlite worker) stopped unexpectedly');
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
