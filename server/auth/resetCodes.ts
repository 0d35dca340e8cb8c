// Password-reset codes: 6 digits from crypto.randomInt, stored as a salted SHA-256,
// 10 minutes, single use, 5 wrong tries void it, 3 sends per hour per account, newest voids older.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { resetCodes, users } from '../db/schema';
import { sha256 } from './tokens';

export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_MAX_ATTEMPTS = 5;
export const RESET_SENDS_PER_HOUR = 3;

/** The user id salts the hash so one table of 10⁶ hashes does not open every row. */
const hashCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * A fresh code for the user, or null when this hour's sends are spent. The user row is locked for
 * the count-then-insert so concurrent requests cannot exceed the allowance.
 */
export async function issueResetCode(db: Db, userId: string): Promise<string | null> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [{ sent }] = await tx
      .select({ sent: count() })
      .from(resetCodes)
      .where(and(eq(resetCodes.userId, userId), gt(resetCodes.createdAt, sql`now() - interval '1 hour'`)));
    if (sent >= RESET_SENDS_PER_HOUR) return null;
    await tx
      .update(resetCodes)
      .set({ voidedAt: sql`now()` })
      .where(and(eq(resetCodes.userId, userId), isNull(resetCodes.usedAt), isNull(resetCodes.voidedAt)));
    await tx.insert(resetCodes).values({
      userId,
      codeHash: hashCode(userId, code),
      expiresAt: sql`now() + make_interval(mins => ${RESET_CODE_TTL_MINUTES})`,
    });
    return code;
  });
}

export type CodeCheck = { ok: true; codeId: string } | { ok: false };

/**
 * Checks a presented code against the user's one live code. The attempt is claimed first, in one
 * statement that also re-checks `attempts < 5` on the row it locks, so parallel guesses queue on the
 * row and at most RESET_MAX_ATTEMPTS of them are ever compared (docs/security.md "Limits that hold
 * under concurrency").
 * Only the guess that claimed the last attempt and was wrong voids the code, so a right code claimed
 * as the fifth attempt still works.
 */
export async function checkResetCode(db: Db, userId: string, presented: string): Promise<CodeCheck> {
  const live = and(
    eq(resetCodes.userId, userId),
    isNull(resetCodes.usedAt),
    isNull(resetCodes.voidedAt),
    gt(resetCodes.expiresAt, sql`now()`),
    sql`${resetCodes.attempts} < ${RESET_MAX_ATTEMPTS}`,
  );
  // The subquery picks the newest code; the outer WHERE is evaluated again on the locked row.
  const newest = db
    .select({ id: resetCodes.id })
    .from(resetCodes)
    .where(live)
    .orderBy(desc(resetCodes.createdAt))
    .limit(1);
  const [claimed] = await db
    .update(resetCodes)
    .set({ attempts: sql`${resetCodes.attempts} + 1` })
    .where(and(inArray(resetCodes.id, newest), live))
    .returning({ id: resetCodes.id, codeHash: resetCodes.codeHash, attempts: resetCodes.attempts });
  if (!claimed) return { ok: false };
  const expected = Buffer.from(claimed.codeHash, 'hex');
  const given = Buffer.from(hashCode(userId, presented.trim()), 'hex');
  if (timingSafeEqual(expected, given)) return { ok: true, codeId: claimed.id };
  if (claimed.attempts >= RESET_MAX_ATTEMPTS) {
    await db
      .update(resetCodes)
      .set({ voidedAt: sql`now()` })
      .where(and(eq(resetCodes.id, claimed.id), isNull(resetCodes.usedAt), isNull(resetCodes.voidedAt)));
  }
  return { ok: false };
}

/** Marks the code used; false when a concurrent request used or voided it first. */
export async function consumeResetCode(db: Db, codeId: string): Promise<boolean> {
  const rows = await db
    .update(resetCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(resetCodes.id, codeId), isNull(resetCodes.usedAt), isNull(resetCodes.voidedAt)))
    .returning({ id: resetCodes.id });
  return rows.length === 1;
}
