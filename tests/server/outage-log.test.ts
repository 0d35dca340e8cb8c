// What a database outage and a failed background job leave in the log, without a PostgreSQL to stop
// (database-restart-import.test.ts does it under real server processes): one line as an outage begins
// and one as it ends, however the connections break; a job's failure by its name and the error's code,
// never the statement or its parameters, and no line of its own when the database is away.
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { DatabaseOutage, type OutageEvent } from '../../server/db/outage';
import { logJobFailure } from '../../server/http/error-log';
import { scheduleMaintenance } from '../../server/maintenance';
import { createTestApp, type TestApp } from './harness';

const SECRET = 'Secret-Param-7731';

/**
 * A failed statement as drizzle reports it: the statement and its parameters in the message, the driver's error as
 * the cause.
 */
const queryError = (cause: Error) =>
  new DrizzleQueryError(`update imports set message = $1 where id = $2`, [SECRET, 'id-1'], cause);
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const refusedByServer = () =>
  Object.assign(new Error(`duplicate key value violates unique constraint "units_ref_key"`), {
    code: '23505',
    severity: 'ERROR',
    detail: `Key (ref)=(${SECRET}) already exists.`,
  });

describe('DatabaseOutage', () => {
  const SETTLE_MS = 30;
  const tick = (ms = 2) => new Promise((r) => setTimeout(r, ms));
  const adminShutdown = () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('a restart breaking connection after connection, while statements still answer in between, is one outage, ended once answers hold', async () => {
    const outage = new DatabaseOutage(SETTLE_MS);
    const events: OutageEvent['state'][] = [];
    outage.onChange((e) => events.push(e.state));
    expect(outage.reachableForMs()).toBe(Infinity);
    const sentBefore = Date.now() - 5;
    await tick();
    outage.failed(adminShutdown());
    // Answers to what was asked before the outage, between the broken connections.
    outage.answered(sentBefore);
    outage.failed(adminShutdown());
    await tick();
    // And one asked after it began, on a connection whose server process was not yet told to stop.
    outage.answered(Date.now());
    outage.failed(adminShutdown());
    outage.failed(new Error('Connection terminated unexpectedly'));
    await tick(SETTLE_MS * 2);
    expect(events).toEqual(['down']);
    expect(outage.down).toBe(true);
    expect(outage.reachableForMs()).toBe(0);
    // Back: answers hold for the settling time.
    outage.answered(Date.now());
    expect(events).toEqual(['down']);
    await tick(SETTLE_MS * 3);
    expect(events).toEqual(['down', 'up']);
    expect(outage.down).toBe(false);
    expect(outage.reachableForMs()).toBeLessThan(1_000);
  });

  it('after it ends, a failure of what was asked while the database was starting, or one told again through a wrapper, begins no new outage', async () => {
    const outage = new DatabaseOutage(SETTLE_MS);
    const events: OutageEvent['state'][] = [];
    outage.onChange((e) => events.push(e.state));
    outage.failed(adminShutdown(), Date.now());
    const askedWhileStarting = Date.now();
    await tick();
    outage.answered(Date.now());
    // The connection asked for while it started answers after another one worked.
    const starting = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    outage.failed(starting, askedWhileStarting);
    await tick(SETTLE_MS * 3);
    // The request or job that had asked for it tells it again, wrapped by drizzle.
    outage.failed(queryError(starting));
    expect(events).toEqual(['down', 'up']);
    // A new failure, asked for after the database came back, is a new outage.
    await tick();
    outage.failed(refused(), Date.now());
    expect(events).toEqual(['down', 'up', 'down']);
  });
});

describe('logJobFailure', () => {
  it('a database away: the outage is told, and no line of the job', () => {
    const logged: unknown[] = [];
    const failed: Error[] = [];
    logJobFailure(
      { log: { error: (...a: unknown[]) => void logged.push(a) }, outage: { failed: (e) => void failed.push(e) } },
      'imports runner',
      queryError(refused()),
    );
    expect(logged).toEqual([]);
    expect(failed).toHaveLength(1);
  });

  it('anything else: one line by the job’s name and the error’s code, without the statement, its parameters or the value', () => {
    const logged: unknown[][] = [];
    logJobFailure(
      { log: { error: (...a: unknown[]) => void logged.push(a) }, outage: { failed: () => expect.unreachable() } },
      'import',
      queryError(refusedByServer()),
      {
        import: 'job-1',
      },
    );
    expect(logged).toHaveLength(1);
    const [fields, message] = logged[0] as [Record<string, unknown>, string];
    expect(message).toBe('import failed');
    expect(fields).toMatchObject({ operation: 'import', import: 'job-1', error: { cause: { code: '23505' } } });
    const text = JSON.stringify(logged);
    expect(text).toContain('23505');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('update imports');
    expect(text).not.toContain('Failed query');
  });
});

describe('the server’s log', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];
  let failure: Error = new Error('none');

  beforeAll(async () => {
    t = await createTestApp();
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config: t.config, database: t.database, logger: { level: 'info', stream } });
    scheduleMaintenance(app, 3_600_000, 'test sweep', async () => {
      throw failure;
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('a raw error logged anywhere goes through the safe serializer', () => {
    app.log.error({ err: queryError(refusedByServer()) }, 'somebody logged a raw error');
    const line = lines.find((l) => l.includes('somebody logged a raw error'))!;
    expect(line).toContain('23505');
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('update imports');
  });

  it('a timer whose database is away logs the outage once, without a stack, and nothing of its own', async () => {
    failure = queryError(refused());
    lines.length = 0;
    await app.ready();
    const log = lines.join('');
    expect(log).not.toContain('test sweep failed');
    expect(log.match(/The database is not reachable/g)).toHaveLength(1);
    expect(log).not.toContain('"stack"');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('Failed query');
    t.database.outage.answered();
  });
});
