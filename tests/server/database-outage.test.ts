// A PostgreSQL server that stops answering (frozen: a network partition looks the same) or stops,
// under the real server process: every request answers 503 with Retry-After within the pool's
// bound instead of hanging or answering 500, /healthz keeps answering, the log gets one line per
// outage, and service resumes by itself (README "Configuration", docs/security.md "Database
// outages"). A PostgreSQL of the test's own, as freezing the suite's would stall every other file;
// run with the PostgreSQL suite only.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { OffThreadQueries } from '../../server/db/offThread';
import { isDatabaseUnreachable } from '../../server/db/outage';
import { DATABASE_UNREACHABLE_MESSAGE } from '../../server/http/errors-plugin';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startServer } from './server-process';

const pgUrl = inject('postgresTemplateUrl');
const DEMO_PASSWORD = 'Outage-Drill-42';
const CONNECT_MS = 1_000;
const STATEMENT_MS = 2_000;
/** README: connect timeout + statement timeout + 1 s for an answer that never comes. */
const BOUND_MS = CONNECT_MS + STATEMENT_MS + 1_000;
/** Scheduling on a busy 2-core machine. */
const SLACK_MS = 1_500;

let db: PrivatePostgres;
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;
let bearer: Record<string, string>;

async function timed(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; ms: number; body: { message?: string }; retryAfter: string | null }> {
  const started = Date.now();
  const res = await fetch(base + path, init);
  const text = await res.text();
  let body: { message?: string };
  try {
    body = JSON.parse(text) as { message?: string };
  } catch {
    body = { message: text };
  }
  return { status: res.status, ms: Date.now() - started, body, retryAfter: res.headers.get('retry-after') };
}

async function signInRequest(): Promise<RequestInit> {
  const res = await fetch(base + '/sanctum/csrf-cookie');
  const token = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': decodeURIComponent(token),
    },
    body: JSON.stringify({ email: 'staff@example.com', password: DEMO_PASSWORD }),
  };
}

/** What a user's screens ask while the database is away: reads of their own, and signing in. */
async function burst(): Promise<Awaited<ReturnType<typeof timed>>[]> {
  const signIn = await signInRequest();
  return Promise.all([
    // More than the pool's 10 connections: the rest wait for one, and that wait is bounded too.
    ...Array.from({ length: 14 }, (_, i) =>
      timed(i % 2 ? '/api/v1/session/profile' : '/api/v1/session/sessions', { headers: bearer }),
    ),
    timed('/api/v1/auth/login', signIn),
    timed('/api/v1/auth/login', signIn),
  ]);
}

const lines = (pattern: RegExp) =>
  server
    .output()
    .split('\n')
    .filter((l) => pattern.test(l));
const downLines = () => lines(/The database is not reachable; requests answer 503/);
const upLines = () => lines(/The database is reachable again/);

async function waitForService(): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < 20_000) {
    const r = await timed('/api/v1/session/profile', { headers: bearer });
    if (r.status === 200) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('service did not resume');
}

describe.skipIf(!pgUrl)(
  'PostgreSQL frozen or stopped under a running server (skipped without TEST_DATABASE_URL)',
  () => {
    beforeAll(async () => {
      db = await startPrivatePostgres();
      server = await startServer({
        DATABASE_URL: db.url,
        OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
        OLYMPUS_SEED: 'true',
        OLYMPUS_DEMO_PASSWORD: DEMO_PASSWORD,
        OLYMPUS_DB_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
        OLYMPUS_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
        LOG_LEVEL: 'warn',
      });
      base = server.baseUrl;
      const res = await fetch(base + '/api/v1/auth/login', await signInRequest());
      expect(res.status).toBe(200);
      const login = (await res.json()) as { data: { access_token: string } };
      bearer = { authorization: `Bearer ${login.data.access_token}` };
      expect((await timed('/api/v1/session/profile', { headers: bearer })).status).toBe(200);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      await db?.remove();
    }, 60_000);

    it('frozen: every request answers 503 with Retry-After within the bound, /healthz keeps answering, one log line, and it resumes when thawed', async () => {
      db.freeze();
      try {
        const pending = burst();
        // The event loop stays free while requests wait on the database.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const health = await timed('/healthz');
        expect(health.status).toBe(200);
        expect(health.ms).toBeLessThan(1_000);
        const answers = await pending;
        for (const a of answers) {
          expect(a.status).toBe(503);
          expect(a.body.message).toBe(DATABASE_UNREACHABLE_MESSAGE);
          expect(a.retryAfter).toBe('5');
          expect(a.ms).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
        }
        // A second wave finds the pool's connections given up and new ones not answered: bounded again.
        const again = await burst();
        expect(again.map((a) => a.status)).toEqual(again.map(() => 503));
        expect(Math.max(...again.map((a) => a.ms))).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
      } finally {
        db.thaw();
      }
      expect(await waitForService()).toBeLessThan(10_000);
      expect(downLines()).toHaveLength(1);
      // The outage ends once answers have held for a second (server/db/outage.ts OUTAGE_SETTLE_MS).
      await expect.poll(() => upLines().length, { timeout: 5_000 }).toBe(1);
      // No stack trace and no per-request error line.
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(lines(/unhandled error/)).toEqual([]);
    }, 90_000);

    it('stopped: every request and sign-in answers 503 at once, one log line for the outage, and it resumes when PostgreSQL is back', async () => {
      const before = { down: downLines().length, up: upLines().length };
      await db.stop();
      try {
        for (let wave = 0; wave < 3; wave++) {
          const answers = await burst();
          for (const a of answers) {
            expect(a.status).toBe(503);
            expect(a.body.message).toBe(DATABASE_UNREACHABLE_MESSAGE);
            expect(a.retryAfter).toBe('5');
            expect(a.ms).toBeLessThan(2_000);
          }
        }
        expect((await timed('/healthz')).status).toBe(200);
        expect((await timed('/readyz')).status).toBe(503);
      } finally {
        await db.start();
      }
      expect(await waitForService()).toBeLessThan(10_000);
      expect(downLines()).toHaveLength(before.down + 1);
      await expect.poll(() => upLines().length, { timeout: 5_000 }).toBe(before.up + 1);
      expect(server.output()).not.toMatch(/^\s+at /m);
      expect(lines(/unhandled error/)).toEqual([]);
    }, 90_000);

    it('a whole list off the event loop is bounded too, its queue wait included', async () => {
      const queries = new OffThreadQueries({
        url: db.url,
        statementTimeoutMs: STATEMENT_MS,
        connectTimeoutMs: CONNECT_MS,
        connections: 1,
        queueWaitMs: 1_500,
      });
      try {
        await queries.rows({ sql: 'select 1 as one', params: [] });
        db.freeze();
        const started = Date.now();
        const settled = await Promise.allSettled([
          queries.rows({ sql: 'select 1 as one', params: [] }),
          queries.rows({ sql: 'select 2 as two', params: [] }),
        ]);
        const ms = Date.now() - started;
        for (const s of settled) expect(s.status).toBe('rejected');
        // The first gives up waiting for an answer; the second gives up in the queue (busy) or after it.
        expect(settled.some((s) => s.status === 'rejected' && isDatabaseUnreachable(s.reason))).toBe(true);
        expect(ms).toBeLessThanOrEqual(BOUND_MS + SLACK_MS);
      } finally {
        db.thaw();
        await queries.close();
      }
    }, 60_000);
  },
);
