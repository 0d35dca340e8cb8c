// Account look-ups and per-account lockout: 5 consecutive failures lock the account for
// 1 minute, each further failure after a lock doubles it (2, 4, 8 …) up to 15 minutes.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { users } from '../db/schema';
import { revokeAllTokens } from './tokens';
import { voidInvitations } from '../users/invitationStore';

export const LOCK_AFTER_FAILURES = 5;
export const MAX_LOCK_MINUTES = 15;

export type UserRow = typeof users.$inferSelect;

/** Emails match case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, sql`lower(${email})`));
  return row ?? null;
}

export interface LoginClaim {
  /** Failures counted so far, this attempt included (it counts until the password proves right). */
  failedLogins: number;
  lockedUntil: Date | null;
}

/**
 * Claims one password check for the account, or null while it is locked. One statement counts the
 * attempt as a failure up front and, on the fifth, sets the lock; PostgreSQL re-checks the lock on
 * the row it updates, so parallel guesses queue there and no more than LOCK_AFTER_FAILURES of them
 * are ever compared (docs/security.md "Limits that hold under concurrency"). A right password then
 * clears the count with recordSuccessfulLogin.
 */
export async function claimLoginAttempt(db: Db, userId: string): Promise<LoginClaim | null> {
  const failures = sql`${users.failedLogins} + 1`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: failures,
      lockedUntil: sql`case when ${failures} >= ${LOCK_AFTER_FAILURES}
        then now() + least(power(2, ${failures} - ${LOCK_AFTER_FAILURES}), ${MAX_LOCK_MINUTES}) * interval '1 minute'
        else ${users.lockedUntil} end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`))))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  return row ?? null;
}

export async function recordSuccessfulLogin(db: Db, userId: string, opts: { signedIn: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, ...(opts.signedIn ? { lastLoginAt: sql`now()` } : {}) })
    .where(eq(users.id, userId));
}

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Signs in only through SSO: an address of SSO_ENFORCED_DOMAINS without bypass_sso; no password of theirs is used. */
export const signsInWithSso = (enforcedDomains: readonly string[], email: string, bypassSso: boolean) =>
  !bypassSso && enforcedDomains.includes(emailDomain(email));

/**
 * The user's own new password (first-login, reset, invitation, account page): store it, clear the
 * temporary-password and lock state, end every session (a password change revokes every token)
 * and void any set-password link still out (one left unused must not set it again later).
 * Call inside the transaction that consumed the challenge or code; hash before it.
 */
export async function setOwnPassword(
  tx: Db,
  userId: string,
  passwordHash: string,
  opts: { signedIn: boolean },
): Promise<void> {
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
  await voidInvitations(tx, userId);
}
