// SSO transactions: what the callback needs to finish a sign-in the browser started —
// PKCE verifier, nonce, the requested system and the hash of the browser binding (./binding.ts) —
// kept server-side in `challenges` (kind 'sso') under the SHA-256 of the state, 10 minutes, single use.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { challenges } from '../db/schema';
import { sha256 } from '../auth/tokens';

export const SSO_TRANSACTION_TTL_MS = 10 * 60 * 1000;
const KIND = 'sso';

export interface SsoTransaction {
  codeVerifier: string;
  nonce: string;
  system: string | null;
}

/** `binding`: the SHA-256 of the browser binding cookie set with this start. */
export async function createTransaction(
  db: Db,
  state: string,
  tx: SsoTransaction & { binding: string },
): Promise<void> {
  await db.insert(challenges).values({
    kind: KIND,
    secretHash: sha256(state),
    data: { codeVerifier: tx.codeVerifier, nonce: tx.nonce, system: tx.system, binding: tx.binding },
    expiresAt: sql`now() + make_interval(secs => ${SSO_TRANSACTION_TTL_MS / 1000})`,
  });
  // Abandoned sign-ins leave rows behind; clear old ones now and then.
  if (Math.random() < 0.02) void sweep(db).catch(() => {});
}

export type TakeFailure = 'unknown_state' | 'used_state' | 'expired_state' | 'browser_not_bound' | 'browser_mismatch';
export type TakeResult = { ok: true; transaction: SsoTransaction } | { ok: false; reason: TakeFailure };

/**
 * Marks the transaction of this state used and answers it — in one statement, so two callbacks
 * racing with the same state cannot both win, and only for the browser that started it (`binding`:
 * the hash of its binding cookie, null without one), so another browser's attempt neither succeeds
 * nor uses it up. When it is not taken, says why (for the audit).
 */
export async function takeTransaction(db: Db, state: string, binding: string | null): Promise<TakeResult> {
  const hash = sha256(state);
  const [row] = binding
    ? await db
        .update(challenges)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(challenges.secretHash, hash),
            eq(challenges.kind, KIND),
            isNull(challenges.usedAt),
            gt(challenges.expiresAt, sql`now()`),
            sql`${challenges.data}->>'binding' = ${binding}`,
          ),
        )
        .returning({ data: challenges.data })
    : [];
  if (row) {
    const d = row.data as Partial<Record<keyof SsoTransaction, unknown>>;
    if (typeof d.codeVerifier === 'string' && typeof d.nonce === 'string') {
      return {
        ok: true,
        transaction: {
          codeVerifier: d.codeVerifier,
          nonce: d.nonce,
          system: typeof d.system === 'string' ? d.system : null,
        },
      };
    }
    return { ok: false, reason: 'unknown_state' };
  }
  const [other] = await db
    .select({ usedAt: challenges.usedAt, live: sql<boolean>`${challenges.expiresAt} > now()` })
    .from(challenges)
    .where(and(eq(challenges.secretHash, hash), eq(challenges.kind, KIND)));
  if (!other) return { ok: false, reason: 'unknown_state' };
  if (other.usedAt) return { ok: false, reason: 'used_state' };
  if (!other.live) return { ok: false, reason: 'expired_state' };
  return { ok: false, reason: binding ? 'browser_mismatch' : 'browser_not_bound' };
}

async function sweep(db: Db): Promise<void> {
  const dayAgo = sql`now() - interval '1 day'`;
  await db
    .delete(challenges)
    .where(and(eq(challenges.kind, KIND), or(lt(challenges.expiresAt, dayAgo), lt(challenges.usedAt, dayAgo))));
}
