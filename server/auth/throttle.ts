// Fixed-window counters in the `throttles` table (DESIGN §4/§6: state lives in PostgreSQL so the API
// stays stateless). One upsert per hit, so concurrent requests cannot lose a count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { tooMany } from '../errors';
import { rowsOf } from './rows';
import { auditAuth } from './authAudit';

export interface ThrottleResult {
  /** Hits in the current window, this one included. */
  hits: number;
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface ThrottleRule {
  /** Key prefix naming the action, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export const LOGIN_PER_IP: ThrottleRule = { name: 'login:ip', limit: 10, windowSeconds: 60 };
export const PASSWORD_NEW_PER_IP: ThrottleRule = { name: 'password-new:ip', limit: 10, windowSeconds: 60 };
export const RESET_PER_IP: ThrottleRule = { name: 'reset:ip', limit: 10, windowSeconds: 60 };
export const VERIFY_PER_IP: ThrottleRule = { name: 'verify:ip', limit: 10, windowSeconds: 60 };

export async function hit(db: Db, rule: ThrottleRule, subject: string): Promise<ThrottleResult> {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  // In ON CONFLICT … SET, `throttles.*` is the existing row: an expired window restarts at 1.
  const result = await db.execute(sql`
    insert into throttles (key, hits, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      hits = case when throttles.window_start <= now() - ${window} then 1 else throttles.hits + 1 end,
      window_start = case when throttles.window_start <= now() - ${window} then now() else throttles.window_start end
    returning hits, extract(epoch from (window_start + ${window} - now()))::float8 as retry_after`);
  const [row] = rowsOf<{ hits: number; retry_after: number }>(result);
  if (Math.random() < 0.01) void sweep(db).catch(() => {});
  return { hits: row.hits, allowed: row.hits <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_after))) };
}

/**
 * Gives one hit back (a sign-in that succeeded), so staff behind one office address are not
 * throttled by their own logins; guesses still count, and the hit-first order stops bursts.
 */
export async function refund(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await db.execute(sql`update throttles set hits = greatest(hits - 1, 0) where key = ${`${rule.name}:${subject}`}`);
}

/** Old windows are dead weight: drop them now and then. */
async function sweep(db: Db): Promise<void> {
  await db.execute(sql`delete from throttles where window_start < now() - interval '1 day'`);
}

/**
 * Counts a hit for the caller's address and refuses with 429 past the limit. The first refusal of a
 * window is audited; later ones are not, so a flood cannot flood the audit log too.
 */
export async function limitPerIp(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: ThrottleRule,
  message: (seconds: number) => string,
  auditAction: string,
): Promise<void> {
  const result = await hit(app.db, rule, request.ip);
  if (result.allowed) return;
  if (result.hits === rule.limit + 1) await auditAuth(app, request, auditAction, { detail: { reason: 'throttled', rule: rule.name } });
  throw tooMany(result.retryAfterSeconds, message(result.retryAfterSeconds));
}
