// Account look-ups and per-account lockout (DESIGN §4): 5 consecutive failures lock the account for
// 1 minute, each further failure after a lock doubles it (2, 4, 8 …) up to 15 minutes.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../db/schema';
import { revokeAllTokens } from './tokens';

export const LOCK_AFTER_FAILURES = 5;
export const MAX_LOCK_MINUTES = 15;

export type UserRow = typeof users.$inferSelect;

/** Emails match case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, sql`lower(${email})`));
  return row ?? null;
}

export const isLocked = (user: UserRow, now = new Date()) => user.lockedUntil !== null && user.lockedUntil > now;

/** One more failure, counted in a single statement so parallel guesses all count. */
export async function recordFailedLogin(db: Db, userId: string): Promise<{ failedLogins: number; lockedUntil: Date | null }> {
  const failures = sql`${users.failedLogins} + 1`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: failures,
      lockedUntil: sql`case when ${failures} >= ${LOCK_AFTER_FAILURES}
        then now() + least(power(2, ${failures} - ${LOCK_AFTER_FAILURES}), ${MAX_LOCK_MINUTES}) * interval '1 minute'
        else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  return row;
}

export async function recordSuccessfulLogin(db: Db, userId: string, opts: { signedIn: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, ...(opts.signedIn ? { lastLoginAt: sql`now()` } : {}) })
    .where(eq(users.id, userId));
}

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The user's own new password (first-login or reset): store it, clear the temporary-password and
 * lock state, and end every session (DESIGN §4: tokens are revoked on password change).
 * Call inside the transaction that consumed the challenge or code; hash before it.
 */
export async function setOwnPassword(tx: Db, userId: string, passwordHash: string, opts: { signedIn: boolean }): Promise<void> {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      tempPasswordExpiresAt: null,
      passwordChangedAt: sql`now()`,
      failedLogins: 0,
      lockedUntil: null,
      updatedAt: sql`now()`,
      ...(opts.signedIn ? { lastLoginAt: sql`now()` } : {}),
    })
    .where(eq(users.id, userId));
  await revokeAllTokens(tx, userId);
}
