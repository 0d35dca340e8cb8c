// Opaque bearer tokens: 256 random bits, only the SHA-256 stored, 30 min idle and
// 12 h absolute expiry, revocable.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { accessTokens } from '../db/schema';
import { clearAuthCache } from './authCache';

export const TOKEN_IDLE_MS = 30 * 60 * 1000;
export const TOKEN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const TOKEN_PREFIX = 'oly_';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export interface IssuedToken {
  token: string;
  id: string;
  expiresAt: Date;
}

/**
 * How a sign-in was authenticated, kept on its token (OIDC's `amr` values): `pwd` a password, `otp`
 * an authenticator code, `recovery` a recovery code, `sso` single sign-on, `mfa` the SSO provider
 * said a second factor was used. See docs/security.md "How a token was signed in".
 */
export type AuthMethod = 'pwd' | 'otp' | 'recovery' | 'sso' | 'mfa';
/** The methods that prove a second factor. */
export const SECOND_FACTOR_METHODS: readonly AuthMethod[] = ['otp', 'recovery', 'mfa'];
export const provesSecondFactor = (amr: readonly string[]) =>
  amr.some((m) => (SECOND_FACTOR_METHODS as readonly string[]).includes(m));

export async function issueToken(
  db: Db,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null; amr: readonly AuthMethod[] },
): Promise<IssuedToken> {
  const token = TOKEN_PREFIX + randomSecret(32);
  const expiresAt = new Date(Date.now() + TOKEN_ABSOLUTE_MS);
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId,
      tokenHash: sha256(token),
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      amr: [...new Set(meta.amr)],
    })
    .returning({ id: accessTokens.id });
  return { token, id: row.id, expiresAt };
}

export async function revokeToken(db: Db, tokenId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), isNull(accessTokens.revokedAt)));
  clearAuthCache();
}

/** Every token of the user but `keep` stops working (a second factor turned on, off or renewed). */
export async function revokeOtherTokens(db: Db, userId: string, keep: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.id, keep)));
  clearAuthCache();
}

/** What the token now proves: after enrolment its own code counts; after turning the factor off nothing does. */
export async function setTokenMethods(db: Db, tokenId: string, amr: readonly AuthMethod[]): Promise<void> {
  await db
    .update(accessTokens)
    .set({ amr: [...new Set(amr)] })
    .where(eq(accessTokens.id, tokenId));
  clearAuthCache();
}

/** Password change, disable, membership removal: every token of the user stops working. */
export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
  // Inside a transaction this is before the commit: the write's own response clears again after it.
  clearAuthCache();
}
