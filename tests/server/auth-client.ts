// Request helpers for the sign-in tests: a CSRF pair like the SPA's, a distinct client address per
// request (so per-IP throttles of one test do not leak into the next), and audit/DB readers.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';
import { PASSWORD } from './factories';

let ipCounter = 0;
/** A fresh address from 10.0.0.0/8 for each call. */
export function uniqueIp(): string {
  const n = ++ipCounter + Math.floor(Math.random() * 1000) * 10_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface CsrfPair {
  cookie: string;
  'x-xsrf-token': string;
}

type Headers = Record<string, string>;

export interface AuthClient {
  csrf(): Promise<CsrfPair>;
  post(
    url: string,
    body?: unknown,
    opts?: { ip?: string; headers?: Headers; csrf?: boolean },
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Headers): Promise<LightMyRequestResponse>;
  login(email: string, password?: string, ip?: string): Promise<LightMyRequestResponse>;
  /** Signs in through POST /auth/login and answers the bearer header. */
  signIn(email: string, password?: string): Promise<{ authorization: string }>;
}

export function authClient(t: TestApp): AuthClient {
  let pair: CsrfPair | null = null;
  const client: AuthClient = {
    async csrf() {
      if (pair) return pair;
      const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
      if (!cookie) throw new Error('no XSRF-TOKEN cookie');
      pair = { cookie: `XSRF-TOKEN=${cookie.value}`, 'x-xsrf-token': cookie.value };
      return pair;
    },
    async post(url, body, opts = {}) {
      const headers: Headers = { ...(opts.csrf === false ? {} : await client.csrf()), ...opts.headers };
      return t.app.inject({
        method: 'POST',
        url,
        payload: body as object | undefined,
        headers,
        remoteAddress: opts.ip ?? uniqueIp(),
      });
    },
    get(url, headers = {}) {
      return t.app.inject({ method: 'GET', url, headers, remoteAddress: uniqueIp() });
    },
    login(email, password = PASSWORD, ip) {
      return client.post('/api/v1/auth/login', { email, password }, { ip });
    },
    async signIn(email, password = PASSWORD) {
      const res = await client.login(email, password);
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().data.access_token}` };
    },
  };
  return client;
}

export interface AuditRow {
  action: string;
  actor_id: string | null;
  entity_id: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
}

/** Audit rows, newest last, optionally only those of one action. */
export async function auditRows(t: TestApp, action?: string): Promise<AuditRow[]> {
  const res = await t.database.db.execute(
    action
      ? sql`select action, actor_id, entity_id, detail, ip from audit_log where action = ${action} order by id`
      : sql`select action, actor_id, entity_id, detail, ip from audit_log order by id`,
  );
  return (res as unknown as { rows: AuditRow[] }).rows;
}

/** The whole audit log as one string, to prove no secret ever reached it. */
export async function auditText(t: TestApp): Promise<string> {
  return JSON.stringify(await auditRows(t));
}
