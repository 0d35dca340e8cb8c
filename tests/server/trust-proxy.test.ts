// Forged client addresses (docs/security.md "Client address"): X-Forwarded-For is believed only from the
// proxies TRUST_PROXY names, so rotating it does not escape per-IP throttling or falsify the audit;
// and rotating addresses cannot grow the throttle table without bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { auditRows } from './auth-client';
import { hit, type ThrottleRule } from '../../server/auth/throttle';
import { authClient } from './auth-client';
import { parseTrustProxy } from '../../server/http/trustProxy';
import { loadConfig } from '../../server/config';
import { rowsOf } from '../../server/db/rows';
import type { Config } from '../../server/config';

const RESET = '/api/v1/auth/password/reset';
let seq = 0;

/** Asks for a reset for a fresh unknown address (no argon2 work) and answers the status and the audited IP. */
async function resetFrom(
  t: TestApp,
  socket: string,
  forwarded?: string,
): Promise<{ status: number; ip: string | null }> {
  const email = `nobody-${++seq}@example.test`;
  const csrf = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const token = csrf.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await t.app.inject({
    method: 'POST',
    url: RESET,
    payload: { email },
    remoteAddress: socket,
    headers: {
      cookie: `XSRF-TOKEN=${token}`,
      'x-xsrf-token': token,
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
    },
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
      expect(await resetFrom(t(), '10.0.0.1', '203.0.113.1, 198.51.100.20')).toEqual({
        status: 200,
        ip: '198.51.100.20',
      });
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
      Number(
        rowsOf<{ n: number }>(
          await db().execute(sql`select count(*)::int as n from throttles where starts_with(key, ${prefix})`),
        )[0].n,
      );

    it('past the per-window cap, new addresses are counted in their /16, not the tracked ones', async () => {
      const rule: ThrottleRule = { name: 'test-cap:ip', limit: 3, windowSeconds: 60, maxSubjects: 20 };
      const results = [];
      // 300 rotating addresses of one /16, as many forged-but-trusted X-Forwarded-For values would give.
      for (let i = 0; i < 300; i++) results.push(await hit(db(), rule, `203.0.${i >> 8}.${i & 255}`));
      expect(await count('test-cap:ip:')).toBe(22); // 20 addresses, their /16 and the rule's counter of new networks
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
      await db().execute(
        sql`insert into throttles (key, hits, window_start) values ('test-sweep:ip:192.0.2.200', 1, now() - interval '10 seconds')`,
      );
      await db().execute(
        sql`insert into throttles (key, hits, window_start) values ('retired-rule:ip:192.0.2.1', 1, now() - interval '2 days')`,
      );
      await hit(db(), rule, '192.0.2.250');
      expect(await count('test-sweep:ip:')).toBe(3); // the live window, this hit and the rule's counter of new networks
      expect(await count('retired-rule:ip:')).toBe(0);
    });
  });
});

describe('TRUST_PROXY values that would trust everyone, or crash the start', () => {
  const LOGIN = '/api/v1/auth/login';
  const problem = (raw: string) => {
    const parsed = parseTrustProxy(raw);
    return 'problem' in parsed ? parsed.problem : `accepted: ${JSON.stringify(parsed.value)}`;
  };

  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/00', 'fd00::/0'])(
    'refuses %s with a config message (proxy-addr would throw a TypeError at start)',
    (raw) => {
      expect(problem(raw)).toMatch(/^TRUST_PROXY names ranges too wide to be proxies/);
      expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY names ranges too wide/);
    },
  );

  it('takes range names in any case, passed on in the lower case proxy-addr knows, and the app starts', async () => {
    const parsed = parseTrustProxy('LOOPBACK, UniqueLocal');
    expect(parsed).toEqual({ value: ['loopback', 'uniquelocal'] });
    const app = await createTestApp({ trustProxy: 'value' in parsed ? parsed.value : false });
    await app.close();
  });

  it.each([
    '0.0.0.0/1,128.0.0.0/1',
    '0.0.0.0/1,128.0.0.0/1,::/1,8000::/1',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/97,::ffff:128.0.0.0/97',
    '::/64',
    '8.0.0.0/8',
    '2001:db8::/16',
  ])('refuses %s (every address, or a public range no proxy fleet has)', (raw) => {
    expect(parseTrustProxy('true')).toHaveProperty('problem');
    expect(problem(raw)).toMatch(
      /^TRUST_PROXY names ranges too wide to be proxies \(outside private networks: IPv4 shorter than \/12, IPv6 shorter than \/28\)/,
    );
  });

  it('refuses many public ranges that add up to more than a /8: "trust everyone" spelled out', () => {
    const slices = Array.from({ length: 17 }, (_, i) => `${i + 20}.0.0.0/12`).join(',');
    expect(problem(slices)).toMatch(/^TRUST_PROXY's public ranges together cover more than a \/8 of IPv4/);
  });

  it("accepts plain addresses, private ranges of any width and a CDN's published ranges", () => {
    for (const raw of [
      '203.0.113.7',
      '2001:db8::7',
      '::ffff:203.0.113.7',
      '10.0.0.0/8',
      '172.16.0.0/12',
      '100.64.0.0/10',
      'fc00::/7',
      'fd00::/8',
      '203.0.113.0/24',
      '104.16.0.0/13,172.64.0.0/13,2a06:98c0::/29,2600:9000::/28',
    ]) {
      expect(parseTrustProxy(raw), raw).toEqual({ value: raw.split(',') });
    }
  });

  it('every refused value is a config message, never an exception', () => {
    for (const raw of [
      '/8',
      '10.0.0.0/',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '10.0.0.0/1e1',
      'fe80::1%eth0',
      ',,',
      '::ffff:0:0/200',
      '1.2.3.4/33',
    ]) {
      expect(() => parseTrustProxy(raw), raw).not.toThrow();
      expect(parseTrustProxy(raw), raw).toHaveProperty('problem');
    }
  });

  it('with TRUST_PROXY=0.0.0.0/1,128.0.0.0/1 refused, the client cannot pick its own address to escape the per-IP limit', async () => {
    const parsed = parseTrustProxy('0.0.0.0/1,128.0.0.0/1');
    expect(parsed).toHaveProperty('problem');
    // What a server started without TRUST_PROXY then does: X-Forwarded-For is ignored.
    const t = await createTestApp({ trustProxy: 'value' in parsed ? parsed.value : false });
    try {
      const c = authClient(t);
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const res = await c.post(
          LOGIN,
          { email: `xff${i}@example.test`, password: 'Guess-Number-1' },
          { ip: '203.0.113.50', headers: { 'x-forwarded-for': `192.0.2.${i}` } },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await t.close();
    }
  });
});
