// The second factor at rest: the TOTP secret sealed with the server's key (bound to its user row, so
// a ciphertext copied to another row does not open), recovery codes as SHA-256 salted with the user
// id, and the two single-use rules as one atomic statement each.
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, or, lt, sql, count } from 'drizzle-orm';
import type { Db } from '../db';
import { recoveryCodes, users } from '../db/schema';
import { open, seal } from '../integrations/crypto';
import { sha256 } from '../auth/tokens';

export const RECOVERY_CODE_COUNT = 10;
// No 0/O or 1/I/L: the codes are read off paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const context = (userId: string) => `olympus:totp:${userId}`;

export const sealTotpSecret = (key: Buffer, userId: string, secret: string) => seal(key, { secret }, context(userId));

export function openTotpSecret(key: Buffer, userId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  return open(key, sealed, context(userId))?.secret ?? null;
}

/** Ten characters in two groups (about 49 bits each): `ABCDE-FGHJK`. */
function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Case, spaces and dashes do not matter when typed back. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (userId: string, code: string) => sha256(`${userId}:${normalise(code)}`);

export const looksLikeRecoveryCode = (code: string) => normalise(code).length === 10;

/** Replaces every recovery code of the user with ten new ones, answered once in the clear. Call in a transaction. */
export async function replaceRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return codes;
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Uses the code once: parallel requests with the same code queue on the row and one wins. */
export async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

/**
 * Accepts a TOTP step only when it is later than the last accepted one, in one statement: the same
 * code sent twice (or in parallel) signs in once, and an older code never after a newer one.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns the second factor off: secret, pending secret, last step and recovery codes go. Call in a transaction. */
export async function clearSecondFactor(tx: Db, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
