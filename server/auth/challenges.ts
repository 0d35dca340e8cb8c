// First-login challenges (DESIGN §4): a 256-bit single-use secret, stored as SHA-256, alive 5 minutes.
// Login hands it out as `session`; POST /auth/password/new redeems it.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { challenges, users } from '../db/schema';
import { randomSecret, sha256 } from './tokens';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const KIND = 'new_password';

/** A new challenge for the user; any older unused one stops working (newest wins). */
export async function createNewPasswordChallenge(db: Db, userId: string): Promise<string> {
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

/** The live challenge for this secret and username, with its user; null when unknown, used, expired or not theirs. */
export async function findNewPasswordChallenge(db: Db, secret: string, username: string) {
  const [row] = await db
    .select({ challengeId: challenges.id, user: users })
    .from(challenges)
    .innerJoin(users, eq(users.id, challenges.userId))
    .where(
      and(
        eq(challenges.secretHash, sha256(secret)),
        eq(challenges.kind, KIND),
        isNull(challenges.usedAt),
        gt(challenges.expiresAt, sql`now()`),
        eq(sql`lower(${users.username})`, sql`lower(${username})`),
      ),
    );
  return row ?? null;
}

/** Marks it used; false when another request got there first (single use under concurrency). */
export async function consumeChallenge(db: Db, challengeId: string): Promise<boolean> {
  const rows = await db
    .update(challenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(challenges.id, challengeId), isNull(challenges.usedAt)))
    .returning({ id: challenges.id });
  return rows.length === 1;
}
