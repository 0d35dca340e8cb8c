// Per-address throttles count the client's network: an IPv6 /64 is one client, an
// IPv4-mapped address is its IPv4 address, and past a rule's cap a flood of new networks is counted in
// its own neighbourhood (IPv4 /16, IPv6 /48) instead of one bucket shared with every newcomer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { createUser, PASSWORD } from './factories';
import { auditRows, authClient } from './auth-client';
import { hit, LOGIN_PER_IP, MAX_NETWORKS_PER_WINDOW, refund, type ThrottleRule } from '../../server/auth/throttle';
import { clientNetwork } from '../../server/http/clientNetwork';
import { rowsOf } from '../../server/db/rows';

const LOGIN = '/api/v1/auth/login';
const RESET = '/api/v1/auth/password/reset';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
async function keys(prefix: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ key: string; hits: number }>(
    await db().execute(sql`select key, hits from throttles where starts_with(key, ${prefix})`),
  );
  return new Map(rows.map((r) => [r.key.slice(prefix.length), r.hits]));
}

describe('the subject is the network', () => {
  it('IPv4 is the address; IPv6 its /64; IPv4-mapped IPv6 the IPv4 address; past the cap /16 and /48', () => {
    expect(clientNetwork('198.51.100.7')).toEqual({ network: '198.51.100.7', wide: '198.51.0.0/16' });
    expect(clientNetwork('::ffff:198.51.100.7')).toEqual(clientNetwork('198.51.100.7'));
    expect(clientNetwork('::FFFF:c633:6407')).toEqual(clientNetwork('198.51.100.7'));
    expect(clientNetwork('2001:db8:1:2::12')).toEqual({ network: '2001:db8:1:2::/64', wide: '2001:db8:1::/48' });
    expect(clientNetwork('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff').network).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1').network).not.toBe(clientNetwork('2001:db8:1:2::1').network);
    expect(clientNetwork('fe80::1%eth0').network).toBe('fe80:0:0:0::/64');
  });

  it('12 sign-in guesses from 12 addresses of one IPv6 /64: the 11th and 12th get 429', async () => {
    const c = authClient(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      // Password spraying: a different account each time, so per-account locks never trigger.
      const res = await c.post(
        LOGIN,
        { email: `spray${i}@example.test`, password: 'Guess-Number-1' },
        { ip: `2001:db8:1:2::${i}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The audit keeps each request's own address, and says what was counted.
    const throttled = (await auditRows(t, 'auth.login_failed')).filter(
      (r) => r.detail?.reason === 'throttled' && r.ip?.startsWith('2001:db8:1:2:'),
    );
    expect(throttled).toHaveLength(1);
    expect(throttled[0]).toMatchObject({ ip: '2001:db8:1:2::11', detail: { counted: '2001:db8:1:2::/64' } });
    // The next /64 is another client.
    expect(
      (await c.post(LOGIN, { email: 'spray13@example.test', password: 'Guess-Number-1' }, { ip: '2001:db8:1:3::1' }))
        .statusCode,
    ).toBe(401);
  });

  it("an IPv4 client seen on an IPv6 socket (::ffff:a.b.c.d) shares its IPv4 address's count", async () => {
    const c = authClient(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const ip = i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9';
      statuses.push(
        (await c.post(LOGIN, { email: `mapped${i}@example.test`, password: 'Guess-Number-1' }, { ip })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});

describe('a flood of new networks throttles its own neighbourhood, not every newcomer', () => {
  it('password reset: 2010 requests from rotating addresses of one IPv6 /64, then a user from a fresh address gets 200 on the first request', async () => {
    const c = authClient(t);
    const victim = await createUser(db());
    // The attacker: one cheap request (unknown email) from each of 2010 addresses of its /64 — past
    // the old 2000-address cap, whose shared bucket then refused every newcomer of the minute.
    const attacker = (i: number) => `2001:db8:bad:1::${i.toString(16)}`;
    const BATCH = 25;
    const statuses: number[] = [];
    for (let i = 0; i < 2010; i += BATCH) {
      const answers = await Promise.all(
        Array.from({ length: Math.min(BATCH, 2010 - i) }, (_, k) =>
          c.post(RESET, { email: `nobody${i + k}@example.test` }, { ip: attacker(i + k + 1) }),
        ),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    // One /64 is one client: 10 through, the rest refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    // A colleague who never made a request this minute asks for a reset code once.
    const res = await c.post(RESET, { email: victim.email }, { ip: '198.51.100.7' });
    expect(res.statusCode, res.body).toBe(200);
  }, 240_000);

  it("sign-in: with login:ip at its cap of networks and the attacker's /48 full, a user with the right password from a fresh network gets 200; the attacker's next /64 gets 429", async () => {
    const user = await createUser(db());
    // What a flood from MAX_NETWORKS_PER_WINDOW /64s of one /48 leaves behind (seeded: each would cost
    // the server one argon2 burn), plus the rows the old code's flood left (its shared overflow bucket full).
    await db().execute(sql`insert into throttles (key, hits, window_start)
      select 'login:ip:2001:db8:bad:' || to_hex(n) || '::/64', 1, now() from generate_series(1, ${MAX_NETWORKS_PER_WINDOW}) n`);
    await db().execute(sql`insert into throttles (key, hits, window_start) values
      ('login:ip:*new-networks*', ${MAX_NETWORKS_PER_WINDOW + 10}, now()),
      ('login:ip:2001:db8:bad::/48', 10, now())
      on conflict (key) do update set hits = excluded.hits, window_start = now()`);
    await db().execute(sql`insert into throttles (key, hits, window_start)
      select 'login:ip:2001:db8:bad:2::' || to_hex(n), 1, now() from generate_series(1, 2000) n`);
    await db().execute(sql`insert into throttles (key, hits, window_start) values ('login:ip:*overflow*', 10, now())`);

    const c = authClient(t);
    const res = await c.login(user.email, PASSWORD, '198.51.100.8');
    expect(res.statusCode, res.body).toBe(200);
    expect((await c.login('nobody@example.test', 'Guess-Number-1', '2001:db8:bad:ffff::1')).statusCode).toBe(429);
    // A newcomer from another /48 is counted in that /48, not the attacker's.
    expect((await c.login('nobody@example.test', 'Guess-Number-1', '2001:db8:cafe:1::1')).statusCode).toBe(401);
    // A network counted before the flood keeps its own count.
    expect((await c.login('nobody@example.test', 'Guess-Number-1', '2001:db8:bad:1::77')).statusCode).toBe(401);
    const rows = await keys('login:ip:');
    expect(rows.get('2001:db8:bad:1::/64')).toBe(2);
    expect(rows.get('2001:db8:cafe::/48')).toBe(1);
    // The successful sign-in was counted in 198.51.0.0/16 and given back.
    expect(rows.get('198.51.0.0/16')).toBe(0);
  });

  it('past the cap: a newcomer from an unrelated network gets through while the flood is throttled, and rows never exceed cap + neighbourhoods (+ the counter)', async () => {
    const rule: ThrottleRule = { name: 'test-networks:ip', limit: 3, windowSeconds: 60, maxSubjects: 50 };
    // 400 rotating networks: 200 IPv6 /64s of one /48 and 200 IPv4 addresses of two /16s.
    const flood = [
      ...Array.from({ length: 200 }, (_, i) => `2001:db8:f00d:${i.toString(16)}::1`),
      ...Array.from({ length: 200 }, (_, i) => `203.${i % 2}.${i >> 8}.${i & 255}`),
    ];
    const results = [];
    for (const address of flood) results.push(await hit(db(), rule, address));
    expect(results.slice(0, 50).every((r) => r.allowed && r.hits === 1)).toBe(true);
    // Past the cap each neighbourhood gets `limit` hits: the /48, then 203.0/16 and 203.1/16.
    expect(results.slice(50).filter((r) => r.allowed)).toHaveLength(3 * rule.limit);
    expect(results.at(-1)).toMatchObject({ allowed: false, counted: '203.1.0.0/16' });

    const newcomer = await hit(db(), rule, '192.0.2.10');
    expect(newcomer).toMatchObject({ allowed: true, hits: 1, counted: '192.0.0.0/16' });
    const tracked = await hit(db(), rule, '2001:db8:f00d:0::2');
    expect(tracked).toMatchObject({ allowed: true, hits: 2, counted: '2001:db8:f00d:0::/64' });

    const rows = await keys('test-networks:ip:');
    const neighbourhoods = ['2001:db8:f00d::/48', '203.0.0.0/16', '203.1.0.0/16', '192.0.0.0/16'];
    expect([...rows.keys()].filter((k) => k.includes('::/64') || /^\d+\.\d+\.\d+\.\d+$/.test(k))).toHaveLength(
      rule.maxSubjects!,
    );
    expect(neighbourhoods.every((n) => rows.has(n))).toBe(true);
    expect(rows.size).toBe(rule.maxSubjects! + neighbourhoods.length + 1);
  });

  it('parallel newcomers: exactly `cap` networks get a row of their own (one upsert per hit, no race past the cap)', async () => {
    const rule: ThrottleRule = { name: 'test-parallel:ip', limit: 10, windowSeconds: 60, maxSubjects: 20 };
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => hit(db(), rule, `2001:db8:aaaa:${i.toString(16)}::1`)),
    );
    const rows = await keys('test-parallel:ip:');
    expect([...rows.keys()].filter((k) => k.endsWith('::/64'))).toHaveLength(20);
    expect(rows.get('2001:db8:aaaa::/48')).toBe(80);
    expect(results.filter((r) => r.allowed)).toHaveLength(20 + rule.limit);
  });

  it("a refund goes to where the hit was counted: the network's own window, else its neighbourhood", async () => {
    const rule: ThrottleRule = { name: 'test-refund:ip', limit: 10, windowSeconds: 60, maxSubjects: 1 };
    await hit(db(), rule, '192.0.2.1');
    await hit(db(), rule, '192.0.2.2'); // past the cap: 192.0.0.0/16
    await hit(db(), rule, '192.0.2.2');
    await refund(db(), rule, '192.0.2.1');
    await refund(db(), rule, '::ffff:192.0.2.2');
    const rows = await keys('test-refund:ip:');
    expect(rows.get('192.0.2.1')).toBe(0);
    expect(rows.get('192.0.0.0/16')).toBe(1);
    expect(rows.has('192.0.2.2')).toBe(false);
  });

  it('the default cap is high: rows are tiny and swept every window', () => {
    expect(MAX_NETWORKS_PER_WINDOW).toBeGreaterThanOrEqual(50_000);
    expect(LOGIN_PER_IP.maxSubjects).toBeUndefined();
  });
});
