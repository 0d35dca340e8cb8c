// The sign-in's second step (DESIGN §4): after the right password, a user with two-factor sign-in gets
// a 256-bit single-use challenge (SHA-256 stored, 5 minutes, like the first-login one) instead of a
// token; POST /auth/login/mfa redeems it with a code. A newer sign-in voids an older challenge.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { challenges, users } from '../db/schema';
import { CHALLENGE_TTL_MS } from '../auth/challenges';
import { randomSecret, sha256 } from '../auth/tokens';

const KIND = 'second_factor';

export async function createSecondFactorChallenge(db: Db, userId: string): Promise<string> {
  const secret = randomSecret(32);
  await db.transaction(async (tx) => {
    await tx
      .update(challenges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(challenges.userId, userId), eq(challenges.kind, KIND), isNull(challenges.usedAt)));
    await tx.insert(challenges).values({ kind: KIND, userId, secretHash: sha256(secret), expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_MS / 1000})` });
  });
  return secret;
}

/** The live challenge for this secret with its user; null when unknown, used or expired. */
export async function findSecondFactorChallenge(db: Db, secret: string) {
  const [row] = await db
    .select({ challengeId: challenges.id, user: users })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.userId))
    .where(and(eq(challenges.secretHash, sha256(secret)), eq(challenges.kind, KIND), isNull(challenges.usedAt), gt(challenges.expiresAt, sql`now()`)));
  return row ?? null;
}
