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
  /** Distinct subjects tracked per window before new ones share one bucket; MAX_SUBJECTS_PER_WINDOW by default. */
  maxSubjects?: number;
}

/**
 * Addresses one rule tracks per window. Rotating source addresses would otherwise add a row per
 * request; past this many, every address not seen in the window shares the rule's overflow bucket,
 * which fills after `limit` hits, so a flood of new addresses throttles itself (and, for that window,
 * other newcomers) while addresses already tracked keep their own count. The bound is a size limit,
 * not a security one: parallel first hits may pass it by the number of requests in flight.
 */
export const MAX_SUBJECTS_PER_WINDOW = 2000;
const OVERFLOW_SUBJECT = '*overflow*';

export const LOGIN_PER_IP: ThrottleRule = { name: 'login:ip', limit: 10, windowSeconds: 60 };
export const PASSWORD_NEW_PER_IP: ThrottleRule = { name: 'password-new:ip', limit: 10, windowSeconds: 60 };
export const RESET_PER_IP: ThrottleRule = { name: 'reset:ip', limit: 10, windowSeconds: 60 };
export const VERIFY_PER_IP: ThrottleRule = { name: 'verify:ip', limit: 10, windowSeconds: 60 };

export async function hit(db: Db, rule: ThrottleRule, subject: string): Promise<ThrottleResult> {
  await sweepExpired(db, rule);
  const prefix = `${rule.name}:`;
  const key = prefix + subject;
  const cap = rule.maxSubjects ?? MAX_SUBJECTS_PER_WINDOW;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  // A known key keeps its row; a new one gets a row only while the rule tracks fewer than `cap`
  // live windows (counted only up to `cap`, and only for new keys). In ON CONFLICT … SET,
  // `throttles.*` is the existing row: an expired window restarts at 1.
  const result = await db.execute(sql`
    insert into throttles (key, hits, window_start)
    select case
        when exists (select 1 from throttles where key = ${key}) then ${key}
        when (select count(*) from (select 1 from throttles
                where starts_with(key, ${prefix}) and window_start > now() - ${window} limit ${cap}) live) < ${cap} then ${key}
        else ${prefix + OVERFLOW_SUBJECT}
      end, 1, now()
    on conflict (key) do update set
      hits = case when throttles.window_start <= now() - ${window} then 1 else throttles.hits + 1 end,
      window_start = case when throttles.window_start <= now() - ${window} then now() else throttles.window_start end
    returning hits, extract(epoch from (window_start + ${window} - now()))::float8 as retry_after`);
  const [row] = rowsOf<{ hits: number; retry_after: number }>(result);
  return { hits: row.hits, allowed: row.hits <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_after))) };
}

/**
 * Gives one hit back (a sign-in that succeeded), so staff behind one office address are not
 * throttled by their own logins; guesses still count, and the hit-first order stops bursts.
 * An address counted in the overflow bucket gets nothing back.
 */
export async function refund(db: Db, rule: ThrottleRule, subject: string): Promise<void> {
  await db.execute(sql`update throttles set hits = greatest(hits - 1, 0) where key = ${`${rule.name}:${subject}`}`);
}

/** When each database last had each rule's expired windows removed (per process). */
const lastSweep = new WeakMap<Db, Map<string, number>>();

/**
 * Removes the rule's expired windows once per window length (and anything older than a day, e.g.
 * of a renamed rule), so the table holds at most about one window of rows per rule. Each instance
 * sweeps on its own schedule; the delete is idempotent, so several instances on one database agree.
 */
export async function sweepExpired(db: Db, rule: ThrottleRule, now = Date.now()): Promise<void> {
  let perRule = lastSweep.get(db);
  if (!perRule) lastSweep.set(db, (perRule = new Map()));
  const last = perRule.get(rule.name);
  if (last !== undefined && now - last < rule.windowSeconds * 1000) return;
  perRule.set(rule.name, now);
  await db.execute(sql`
    delete from throttles
    where (starts_with(key, ${`${rule.name}:`}) and window_start <= now() - make_interval(secs => ${rule.windowSeconds}))
       or window_start < now() - interval '1 day'`);
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
