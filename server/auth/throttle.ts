// Fixed-window counters in the `throttles` table (state lives in PostgreSQL so the API
// stays stateless). One statement per hit, so concurrent requests cannot lose a count. Per-address
// rules count the client's network (server/http/clientNetwork.ts): rotating addresses inside one
// IPv6 /64 buy nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { tooMany } from '../errors';
import { rowsOf } from '../db/rows';
import { auditAuth } from './authAudit';
import { clientNetwork } from '../http/clientNetwork';

export interface ThrottleResult {
  /** Hits in the current window, this one included. */
  hits: number;
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
  /** What was counted: the client's network, or its neighbourhood past the rule's cap (for the audit). */
  counted: string;
}

export interface ThrottleRule {
  /** Key prefix naming the action, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Networks given their own count per window before newcomers are counted by neighbourhood; MAX_NETWORKS_PER_WINDOW
   * by default. */
  maxSubjects?: number;
}

/**
 * Networks (clientNetwork: an IPv4 address, an IPv6 /64) one rule starts counting per window. Rotating
 * networks would otherwise add a row per request; past this many, a newcomer is counted in its wider
 * neighbourhood (IPv4 /16, IPv6 /48), which fills after `limit` hits: a flood throttles the networks it
 * comes from, while newcomers from elsewhere and networks already counted keep their own allowance.
 * Rows are tiny and swept every window, so the cap is high: it only matters under a flood. Bound: in
 * one window of the rule's counter at most `cap` networks start their own window, so a rule holds at
 * most `cap` (2 × `cap` across a counter window's end) live network rows, one per neighbourhood
 * counted past the cap (at most 65 536 IPv4 /16s; IPv6 /48s cost the sender one request each), and
 * its counter.
 */
export const MAX_NETWORKS_PER_WINDOW = 50_000;
/** Per rule: how many networks started a window in the counter's window (a subject no address can spell). */
const NEW_NETWORKS_SUBJECT = '*new-networks*';

export const LOGIN_PER_IP: ThrottleRule = { name: 'login:ip', limit: 10, windowSeconds: 60 };
export const PASSWORD_NEW_PER_IP: ThrottleRule = { name: 'password-new:ip', limit: 10, windowSeconds: 60 };
export const RESET_PER_IP: ThrottleRule = { name: 'reset:ip', limit: 10, windowSeconds: 60 };
export const VERIFY_PER_IP: ThrottleRule = { name: 'verify:ip', limit: 10, windowSeconds: 60 };
export const INVITATION_CHECK_PER_IP: ThrottleRule = { name: 'invitation-check:ip', limit: 10, windowSeconds: 60 };
export const INVITATION_ACCEPT_PER_IP: ThrottleRule = { name: 'invitation-accept:ip', limit: 10, windowSeconds: 60 };

/** Counts a hit for the client `address` under `rule`, in one statement. */
export async function hit(db: Db, rule: ThrottleRule, address: string): Promise<ThrottleResult> {
  await sweepExpired(db, rule);
  const prefix = `${rule.name}:`;
  const { network, wide } = clientNetwork(address);
  const key = prefix + network;
  const cap = rule.maxSubjects ?? MAX_NETWORKS_PER_WINDOW;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`throttles.window_start <= now() - ${window}`;
  // A network with a live window keeps counting there. Any other claims a slot on the rule's counter
  // row (an upsert, so parallel newcomers get distinct numbers and the cap is exact); within the cap
  // it starts its own window, past it it is counted in its neighbourhood's. Counting live rows instead
  // would scan up to `cap` rows per newcomer. In ON CONFLICT … SET, `throttles.*` is the existing row:
  // an expired window restarts at 1.
  const result = await db.execute(sql`
    with known as (
      select exists (select 1 from throttles where key = ${key} and window_start > now() - ${window}) as live
    ), slot as (
      insert into throttles (key, hits, window_start)
      select ${prefix + NEW_NETWORKS_SUBJECT}, 1, now() from known where not live
      on conflict (key) do update set
        hits = case when ${expired} then 1 else throttles.hits + 1 end,
        window_start = case when ${expired} then now() else throttles.window_start end
      returning hits
    )
    insert into throttles (key, hits, window_start)
    select case when (select live from known) or (select hits from slot) <= ${cap} then ${key} else ${prefix + wide} end, 1, now()
    on conflict (key) do update set
      hits = case when ${expired} then 1 else throttles.hits + 1 end,
      window_start = case when ${expired} then now() else throttles.window_start end
    returning key, hits, extract(epoch from (window_start + ${window} - now()))::float8 as retry_after`);
  const [row] = rowsOf<{ key: string; hits: number; retry_after: number }>(result);
  return {
    hits: row.hits,
    allowed: row.hits <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_after))),
    counted: row.key.slice(prefix.length),
  };
}

/**
 * Gives one hit back (a sign-in that succeeded), so staff behind one office address are not
 * throttled by their own logins; guesses still count, and the hit-first order stops bursts.
 * The hit went to the network's own window when it has one, else to its neighbourhood's.
 */
export async function refund(db: Db, rule: ThrottleRule, address: string): Promise<void> {
  const { network, wide } = clientNetwork(address);
  const key = `${rule.name}:${network}`;
  await db.execute(sql`
    update throttles set hits = greatest(hits - 1, 0)
    where key = case
      when exists (select 1 from throttles where key = ${key} and window_start > now() - make_interval(secs => ${rule.windowSeconds})) then ${key}
      else ${`${rule.name}:${wide}`} end`);
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
  // Rows a hit holds are skipped (it is restarting them): a hit locks the rule's counter and then its
  // own row, and a delete taking them in the other order could deadlock with it.
  await db.execute(sql`
    delete from throttles
    where key in (
      select key from throttles
      where (starts_with(key, ${`${rule.name}:`}) and window_start <= now() - make_interval(secs => ${rule.windowSeconds}))
         or window_start < now() - interval '1 day'
      for update skip locked)`);
}

/**
 * Counts a hit for the caller's network and refuses with 429 past the limit. The first refusal of a
 * window is audited (with the real request.ip, and what was counted); later ones are not, so a flood
 * cannot flood the audit log too.
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
  if (result.hits === rule.limit + 1)
    await auditAuth(app, request, auditAction, {
      detail: { reason: 'throttled', rule: rule.name, counted: result.counted },
    });
  throw tooMany(result.retryAfterSeconds, message(result.retryAfterSeconds));
}
