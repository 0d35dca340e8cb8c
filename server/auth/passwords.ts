// argon2id (19 MiB, 2 passes, 1 lane). Unknown accounts still pay for a hash so timing does not tell.
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.hash(password, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spend the same time as a real verification when there is no account to check against. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= argon2.hash('not-a-real-password-Olympus1', OPTIONS);
  await argon2.verify(await dummy, password).catch(() => false);
}
