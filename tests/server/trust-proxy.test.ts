// Forged client addresses (DESIGN §4, client address): X-Forwarded-For is believed only from the
// proxies TRUST_PROXY names, so rotating it does not escape per-IP throttling or falsify the audit;
// and rotating addresses cannot grow the throttle table without bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { auditRows } from './auth-client';
import { hit, type ThrottleRule } from '../../server/auth/throttle';
import { rowsOf } from '../../server/auth/rows';
import type { Config } from '../../server/config';

const RESET = '/api/v1/auth/password/reset';
let seq = 0;

/** Asks for a reset for a fresh unknown address (no argon2 work) and answers the status and the audited IP. */
async function resetFrom(t: TestApp, socket: string, forwarded?: string): Promise<{ status: number; ip: string | null }> {
  const email = `nobody-${++seq}@example.test`;
  const csrf = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await t.app.inject({
    method: 'POST',
    url: RESET,
    payload: { email },
    remoteAddress: socket,
    headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
  });
  const row = (await auditRows(t)).find((r) => r.detail?.email === email);
  return { status: res.statusCode, ip: row?.ip ?? null };
}

function withApp(overrides: Partial<Config>, body: (app: () => TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(overrides);
  });
  afterAll(() => t.close());
  body(() => t);
}

describe('TRUST_PROXY unset: the socket address', () => {
  withApp({}, (t) => {
    it('ignores X-Forwarded-For for the audit and for throttling', async () => {
      const socket = '192.0.2.50';
      const first = await resetFrom(t(), socket, '203.0.113.1');
      expect(first).toEqual({ status: 200, ip: socket });
      for (let i = 2; i <= 10; i++) expect((await resetFrom(t(), socket, `203.0.113.${i}`)).status).toBe(200);
      expect((await resetFrom(t(), socket, '203.0.113.99')).status).toBe(429);
    });
  });
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  withApp({ trustProxy: 1 }, (t) => {
    it('takes the address the proxy appended, not the left-most one the client wrote', async () => {
      const proxy = '10.0.0.1';
      const client = '198.51.100.7';
      expect(await resetFrom(t(), proxy, `203.0.113.1, ${client}`)).toEqual({ status: 200, ip: client });
      // Rotating the forged entries changes nothing: the same client is counted every time.
      for (let i = 2; i <= 10; i++) expect((await resetFrom(t(), proxy, `203.0.113.${i}, ${client}`)).status).toBe(200);
      expect((await resetFrom(t(), proxy, `203.0.113.50, ${client}`)).status).toBe(429);
      // A different client behind the same proxy has its own allowance.
      expect(await resetFrom(t(), proxy, '198.51.100.8')).toEqual({ status: 200, ip: '198.51.100.8' });
    });
  });
});

describe('TRUST_PROXY=addresses: only those proxies are believed', () => {
  withApp({ trustProxy: ['10.0.0.1', '10.2.0.0/16'] }, (t) => {
    it('believes a listed proxy, up to the first address that is not one', async () => {
      expect(await resetFrom(t(), '10.0.0.1', '203.0.113.1, 198.51.100.20')).toEqual({ status: 200, ip: '198.51.100.20' });
      expect(await resetFrom(t(), '10.0.0.1', '198.51.100.21, 10.2.3.4')).toEqual({ status: 200, ip: '198.51.100.21' });
    });

    it('ignores X-Forwarded-For from anyone else', async () => {
      expect(await resetFrom(t(), '192.0.2.77', '198.51.100.22')).toEqual({ status: 200, ip: '192.0.2.77' });
    });
  });
});

describe('throttle rows stay bounded', () => {
  withApp({}, (t) => {
    const db = () => t().database.db;
    const count = async (prefix: string) =>
      Number(rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from throttles where starts_with(key, ${prefix})`))[0].n);

    it('past the per-window cap, new addresses share one bucket that throttles them, not the tracked ones', async () => {
      const rule: ThrottleRule = { name: 'test-cap:ip', limit: 3, windowSeconds: 60, maxSubjects: 20 };
      const results = [];
      // 300 rotating addresses, as many forged-but-trusted X-Forwarded-For values would give.
      for (let i = 0; i < 300; i++) results.push(await hit(db(), rule, `203.0.${i >> 8}.${i & 255}`));
      expect(await count('test-cap:ip:')).toBe(21); // 20 addresses and the overflow bucket
      expect(results.slice(0, 20).every((r) => r.allowed && r.hits === 1)).toBe(true);
      expect(results.slice(20).filter((r) => r.allowed)).toHaveLength(rule.limit);
      // An address tracked before the flood keeps its own count.
      expect(await hit(db(), rule, '203.0.0.0')).toMatchObject({ allowed: true, hits: 2 });
    });

    it('removes expired windows on the next hit of their rule, not by chance', async () => {
      const rule: ThrottleRule = { name: 'test-sweep:ip', limit: 10, windowSeconds: 60 };
      await db().execute(sql`
        insert into throttles (key, hits, window_start)
        select 'test-sweep:ip:192.0.2.' || g, 3, now() - interval '2 minutes' from generate_series(1, 50) g`);
      await db().execute(sql`insert into throttles (key, hits, window_start) values ('test-sweep:ip:192.0.2.200', 1, now() - interval '10 seconds')`);
      await db().execute(sql`insert into throttles (key, hits, window_start) values ('retired-rule:ip:192.0.2.1', 1, now() - interval '2 days')`);
      await hit(db(), rule, '192.0.2.250');
      expect(await count('test-sweep:ip:')).toBe(2); // the live window and this hit
      expect(await count('retired-rule:ip:')).toBe(0);
    });
  });
});
