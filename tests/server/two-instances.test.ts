// Two Olympus processes on one PostgreSQL (the scale-out path of the README): each keeps its own
// guard cache, so only real processes show what one instance sees of the other's writes. Revocation
// reaches the other within the cache's second; throttles, the account lock and reset attempts count
// across both; a hand-off token and an SSO transaction are single use across both.
// Runs only with TEST_DATABASE_URL (PGlite is one process per data directory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../support/free-port';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db';
import { resetCodes, users } from '../../server/db/schema';
import { createCompany, createSystem, createUser, PASSWORD, tokenFor } from './factories';
import { startSmtpSink, type SmtpSink } from '../support/smtp';
import { signInAtProvider, startOidcProvider, type RunningOidcProvider } from '../support/oidc-provider';
import { SSO_BINDING_COOKIE } from '../../server/sso/binding';
import { TTL_MS } from '../../server/auth/authCache';

const pgUrl = inject('postgresTemplateUrl');
const ROOT = path.resolve(__dirname, '../..');
const PUBLIC_URL = 'http://olympus.test';
const REDIRECT = `${PUBLIC_URL}/login/azure/callback`;
// Any well-formed value works for the double-submit CSRF check (server/auth/csrf.ts).
const XSRF = randomBytes(32).toString('base64url');

interface Instance {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stderr: () => string;
}

/** Starts `server/main.ts` with every setting explicit, and waits for /readyz. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'olympus-inst-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      ...env,
      PORT: String(port),
      OLYMPUS_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`instance exited with ${child.exitCode}: ${err}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, dataDir, stderr: () => err };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  throw new Error(`instance did not become ready: ${err}`);
}

async function stop(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

interface Call {
  status: number;
  body: { data?: Record<string, unknown>; message?: string } | null;
  setCookie: string[];
}

/** A request to one instance, as a browser behind one proxy (TRUST_PROXY=1) from `ip`. */
async function call(
  instance: Instance,
  method: string,
  url: string,
  opts: { body?: unknown; auth?: string; ip?: string; cookie?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? '198.51.100.1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.auth) headers.authorization = opts.auth;
  else if (method !== 'GET') {
    headers.cookie = `XSRF-TOKEN=${XSRF}${opts.cookie ? `; ${opts.cookie}` : ''}`;
    headers['x-xsrf-token'] = XSRF;
  }
  const res = await fetch(instance.url + url, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, setCookie: res.headers.getSetCookie() };
}

let ipSeq = 0;
const freshIp = () => `198.51.${100 + (++ipSeq >> 8)}.${ipSeq & 255}`;

describe.skipIf(!pgUrl)(
  'two Olympus processes on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one process per data directory)',
  () => {
    let dbName: string;
    let database: Database;
    let mail: SmtpSink;
    let op: RunningOidcProvider;
    let a: Instance;
    let b: Instance;
    const db = () => database.db;

    beforeAll(async () => {
      dbName = 'olympus_two_' + randomBytes(6).toString('hex');
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${dbName} template olympus_test_template`);
      await admin.end();
      const u = new URL(pgUrl);
      u.pathname = '/' + dbName;
      database = await openDatabase({ kind: 'postgres', url: u.toString() }, { migrate: false });
      mail = await startSmtpSink();
      op = await startOidcProvider({ redirectUris: [REDIRECT], accounts: [] });
      const env = {
        HOST: '127.0.0.1',
        DATABASE_URL: u.toString(),
        OLYMPUS_PUBLIC_URL: PUBLIC_URL,
        OLYMPUS_STATIC_DIR: path.join(os.tmpdir(), 'olympus-no-static-' + dbName),
        OLYMPUS_SEED: 'false',
        OLYMPUS_DEMO_SYSTEMS: 'false',
        OLYMPUS_SECRET_KEY: randomBytes(32).toString('hex'),
        SMTP_URL: mail.url,
        LOG_LEVEL: 'error',
        TRUST_PROXY: '1',
        OIDC_ISSUER: op.issuer,
        AZURE_CLIENT_ID: op.clientId,
        AZURE_CLIENT_SECRET: op.clientSecret,
      };
      [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([stop(a), stop(b)]);
      await op?.close();
      await mail?.close();
      await database?.close();
      if (dbName) {
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    }, 30_000);

    it('a token revoked on one instance is refused by the other within the guard cache’s second', async () => {
      const company = await createCompany(db());
      const user = await createUser(db(), { role: 'admin', companies: [company] });
      const login = await call(a, 'POST', '/api/v1/auth/login', {
        body: { email: user.email, password: PASSWORD },
        ip: freshIp(),
      });
      expect(login.status).toBe(200);
      const auth = `Bearer ${login.body!.data!.access_token}`;
      // The other instance has the answer in its own memory now.
      expect((await call(b, 'GET', '/api/v1/session', { auth })).status).toBe(200);

      expect((await call(a, 'POST', '/api/v1/auth/logout', { auth })).status).toBeLessThan(300);
      const revokedAt = Date.now();
      expect((await call(a, 'GET', '/api/v1/session', { auth })).status).toBe(401);
      let refusedAfter = -1;
      while (Date.now() - revokedAt < TTL_MS + 1500) {
        if ((await call(b, 'GET', '/api/v1/session', { auth })).status === 401) {
          refusedAfter = Date.now() - revokedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(refusedAfter).toBeGreaterThanOrEqual(0);
      // The cached answer predates the logout, so it runs out before TTL_MS; the margin is for a busy machine.
      expect(refusedAfter).toBeLessThanOrEqual(TTL_MS + 500);
    });

    it('per-address login throttling counts across both', async () => {
      const ip = freshIp();
      for (let i = 0; i < 10; i++) {
        const res = await call(i % 2 ? b : a, 'POST', '/api/v1/auth/login', {
          body: { email: `nobody${i}@example.test`, password: 'Wrong-Guess-1x' },
          ip,
        });
        expect(res.status).toBe(401);
      }
      expect(
        (await call(a, 'POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test', password: 'x' }, ip }))
          .status,
      ).toBe(429);
      expect(
        (await call(b, 'POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test', password: 'x' }, ip }))
          .status,
      ).toBe(429);
    });

    it('the account lock counts parallel guesses on both instances: at most 5 are compared', async () => {
      const user = await createUser(db());
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 ? b : a, 'POST', '/api/v1/auth/login', {
            body: { email: user.email, password: `Wrong-Guess-${i}x` },
            ip: freshIp(),
          }),
        ),
      );
      expect(guesses.map((g) => g.status)).toEqual(Array(20).fill(401));
      const [row] = await db().select({ failedLogins: users.failedLogins }).from(users).where(eq(users.id, user.id));
      expect(row.failedLogins).toBe(5);
      expect(
        (
          await call(b, 'POST', '/api/v1/auth/login', {
            body: { email: user.email, password: PASSWORD },
            ip: freshIp(),
          })
        ).status,
      ).toBe(401);
    });

    it('reset-code attempts count across both: parallel wrong guesses spend exactly 5, then the right code is refused', async () => {
      const user = await createUser(db());
      const before = mail.messages.length;
      expect(
        (await call(a, 'POST', '/api/v1/auth/password/reset', { body: { email: user.email }, ip: freshIp() })).status,
      ).toBe(200);
      const sent = await mail.waitFor(user.email, { after: before });
      const code = /\b(\d{6})\b/.exec(sent.text)![1];
      const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(i % 2 ? b : a, 'POST', '/api/v1/auth/password/reset/verify', {
            body: { email: user.email, new_password: 'Fresh-Start-2024x', verification_code: wrong(i + 1) },
            ip: freshIp(),
          }),
        ),
      );
      expect(guesses.map((g) => g.status)).toEqual(Array(20).fill(422));
      const [row] = await db().select().from(resetCodes).where(eq(resetCodes.userId, user.id));
      expect(row.attempts).toBe(5);
      const right = await call(b, 'POST', '/api/v1/auth/password/reset/verify', {
        body: { email: user.email, new_password: 'Fresh-Start-2024x', verification_code: code },
        ip: freshIp(),
      });
      expect(right.status).toBe(422);
    });

    it('a hand-off token is redeemed once across both', async () => {
      const company = await createCompany(db());
      const everest = await createSystem(db(), 'Everest', 'https://everest.example.test/app/');
      const user = await createUser(db(), {
        role: 'system_user',
        companies: [company],
        systems: [{ name: 'Everest', role: 'viewer' }],
      });
      const { authorization } = await tokenFor(db(), user.id);
      const redirect = await call(a, 'GET', `/api/v1/systems/${everest.id}/redirect?tenant=${company.id}`, {
        auth: authorization,
      });
      expect(redirect.status).toBe(200);
      const token = new URL(String(redirect.body!.data!.url)).searchParams.get('token')!;
      const redeemed = await Promise.all(
        [a, b, a, b].map((i) =>
          call(i, 'POST', '/api/v1/systems/handoff/redeem', { body: { token, audience: 'everest' } }),
        ),
      );
      expect(redeemed.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    });

    it('an SSO sign-in started on one instance completes once, whichever instance gets the callbacks', async () => {
      const user = await createUser(db(), { email: 'sso-two@example.test' });
      op.accounts.push({ sub: 'sub-two-instances', email: user.email, email_verified: true, name: 'Two Instances' });
      const start = await call(a, 'GET', '/api/v1/auth/login/azure', { ip: freshIp() });
      expect(start.status).toBe(200);
      const binding = start.setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith(`${SSO_BINDING_COOKIE}=`))!;
      expect(binding).toBeDefined();
      const back = await signInAtProvider(String(start.body!.data!.url), user.email, REDIRECT);
      const body = { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
      const callbacks = await Promise.all(
        [b, a].map((i) =>
          call(i, 'POST', '/api/v1/auth/login/azure/callback', { body, cookie: binding, ip: freshIp() }),
        ),
      );
      expect(callbacks.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(callbacks.find((r) => r.status === 401)!.body).toEqual({
        message: 'Your sign-in could not be completed. Please try again.',
      });
    });

    it('neither instance wrote a stack trace', () => {
      expect(a.stderr() + b.stderr()).not.toMatch(/\n\s+at .+:\d+:\d+/);
    });
  },
);
