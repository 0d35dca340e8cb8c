// First-login challenges: a 256-bit single-use secret, stored as SHA-256, alive 5 minutes.
// Login hands it out as `session`; POST /auth/password/new redeems it.
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { challenges, users } from '../db/schema';
import { randomSecret, sha256 } from './tokens';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The single-use steps of a sign-in: first-login password, and the second factor (server/twoFactor/challenge.ts). */
export type UserChallengeKind = 'new_password' | 'second_factor';

/** A new challenge of this kind for the user; any older unused one of the kind stops working (newest wins). */
export async function createUserChallenge(db: Db, kind: UserChallengeKind, userId: string): Promise<string> {
  const secret = randomSecret(32);
  await db.transaction(async (tx) => {
    await tx
      .update(challenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(challenges.userId, userId), eq(challenges.kind, kind), isNull(challenges.usedAt)));
    await tx.insert(challenges).values({
      kind,
      userId,
      secretHash: sha256(secret),
      expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_MS / 1000})`,
    });
  });
  return secret;
}

/** The live challenge of this kind for the secret, with its user; null when unknown, used, expired or `also` fails. */
export async function findUserChallenge(db: Db, kind: UserChallengeKind, secret: string, also?: SQL) {
  const [row] = await db
    .select({ challengeId: challenges.id, user: users })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.userId))
    .where(
      and(
        eq(challenges.secretHash, sha256(secret)),
        eq(challenges.kind, kind),
        isNull(challenges.usedAt),
        gt(challenges.expiresAt, sql`now()`),
        also,
      ),
    );
  return row ?? null;
}

export const createNewPasswordChallenge = (db: Db, userId: string) => createUserChallenge(db, 'new_password', userId);

/** The first-login challenge for this secret and username (the login answered both). */
export const findNewPasswordChallenge = (db: Db, secret: string, username: string) =>
  findUserChallenge(db, 'new_password', secret, eq(sql`lower(${users.username})`, sql`lower(${username})`));

/** Marks it used; false when another request got there first (single use under concurrency). */
export async function consumeChallenge(db: Db, challengeId: string): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(challenges.id, challengeId), isNull(challenges.usedAt)))
    .returning({ id: challenges.id });
  return rows.length === 1;
}
