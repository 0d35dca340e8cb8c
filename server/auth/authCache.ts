// A very short per-process memory of the guard's answer (server/auth/guard.ts), so a burst of calls
// with one token (a list page, its session, its next page) costs one token lookup, not one each.
//
// Why it cannot let a revoked right through:
// - only positive answers are kept (an unknown, revoked or expired token is looked up every time),
//   keyed by the token's SHA-256 and the X-Tenant, for at most TTL_MS and never past the token's own
//   idle or absolute expiry;
// - every state-changing request (POST, PUT, PATCH, DELETE) empties it when its answer is about to
//   leave (after its commit, before the client can send a next request) and again when it is done;
//   revoking tokens (logout, password change, disable, membership removal) empties it too;
// - a lookup that was running while the memory was emptied does not store its (maybe older) answer.
// So in this process a revoked token, a disabled user, a removed membership or a changed role
// permission takes effect on the very next request. Another instance behind the same load balancer
// keeps its own memory: there a change made elsewhere takes effect within TTL_MS (≤ 1 s) at most.
import type { AuthContext } from '../types';

/** The longest a positive answer is reused (another instance sees a change within 1 s at most). */
export const TTL_MS = 1000;
/** Enough for every token active within a second; past it, expired entries go (or everything). */
const MAX_ENTRIES = 10_000;

export interface GuardAnswer {
  auth: AuthContext;
  tenantExists: boolean;
}

interface Entry {
  answer: GuardAnswer;
  until: number;
}

const entries = new Map<string, Entry>();
let generation = 0;

export const cacheKey = (tokenHash: string, tenant: string | null) => `${tokenHash}|${tenant ?? ''}`;

/** A live positive answer, or null. */
export function cachedAnswer(key: string, now = Date.now()): GuardAnswer | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.until > now) return entry.answer;
  entries.delete(key);
  return null;
}

/** Take it before a lookup; hand it to remember() after, so a clear in between wins. */
export const lookupStarted = (): number => generation;

/**
 * Keeps a positive answer for min(TTL_MS, validForMs) from `since` (when the lookup began), unless
 * the memory was cleared after lookupStarted() gave `lookupGeneration`.
 */
export function remember(
  key: string,
  answer: GuardAnswer,
  validForMs: number,
  lookupGeneration: number,
  since = Date.now(),
): void {
  if (lookupGeneration !== generation) return;
  const now = Date.now();
  const ttl = Math.min(TTL_MS, validForMs);
  if (!(ttl > 0)) return;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.until <= now) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.clear();
  }
  if (since + ttl <= now) return;
  entries.set(key, { answer: freeze(answer), until: since + ttl });
}

/** Forget every answer; lookups in flight will not store theirs. */
export function clearAuthCache(): void {
  generation++;
  entries.clear();
}

/** One answer serves many requests: none may change it. */
function freeze(answer: GuardAnswer): GuardAnswer {
  Object.freeze(answer.auth.permissions);
  Object.freeze(answer.auth.companyIds);
  Object.freeze(answer.auth);
  return Object.freeze(answer);
}
