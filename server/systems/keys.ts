// ES256 signing keys for hand-off tokens. The first key is generated on first use and
// kept in `signing_keys`, so every instance on the same database signs with, and publishes, the same
// keys; the private half is sealed with the secret key (server/secrets/signing.ts). kid = the RFC 7638
// thumbprint of the public key. Retire a key by setting retired_at.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db } from '../db';
import { signingKeys } from '../db/schema';
import { sealingKey } from '../secrets/prepare';
import { openPrivateJwk, sealPrivateJwk } from '../secrets/signing';

export const HANDOFF_ALG = 'ES256';
/** Re-read the newest key now and then, so a rotation reaches long-running instances. */
const CACHE_MS = 10 * 60 * 1000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

const cache = new WeakMap<Db, { at: number; key: Promise<SigningKey> }>();

async function newestKey(db: Db): Promise<SigningKey | null> {
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(and(isNull(signingKeys.retiredAt), eq(signingKeys.alg, HANDOFF_ALG)))
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  if (!row) return null;
  // Start-up checked the secret key against this database, so a key that does not open was tampered with.
  const jwk = openPrivateJwk(sealingKey(db), row.kid, row.privateJwk);
  if (!jwk) throw new Error(`The private signing key ${row.kid} cannot be opened with the secret key.`);
  const privateKey = await importJWK(jwk, HANDOFF_ALG);
  // importJWK answers a Uint8Array only for symmetric keys; an EC JWK always gives a CryptoKey.
  return { kid: row.kid, privateKey: privateKey as CryptoKey };
}

async function createKey(db: Db): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(HANDOFF_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insert(signingKeys)
    .values({
      kid,
      alg: HANDOFF_ALG,
      publicJwk: { ...publicJwk, kid, alg: HANDOFF_ALG, use: 'sig' },
      privateJwk: sealPrivateJwk(sealingKey(db), kid, { ...(await exportJWK(privateKey)), kid, alg: HANDOFF_ALG }),
    })
    .onConflictDoNothing();
  // Another instance may have created one at the same moment: everyone signs with the newest.
  return (await newestKey(db)) ?? { kid, privateKey };
}

/** The key to sign with, created on first use. */
export function signingKey(db: Db): Promise<SigningKey> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.key;
  const key = newestKey(db).then((k) => k ?? createKey(db));
  cache.set(db, { at: Date.now(), key });
  key.catch(() => cache.delete(db));
  return key;
}

/** The public halves of every live key: the JWKS connected systems verify against. */
/** A published key: always an EC public JWK, so kty is set. */
export type PublicJwk = JWK & { kty: string };

export async function publicJwks(db: Db): Promise<{ keys: PublicJwk[] }> {
  await signingKey(db);
  const rows = await db
    .select({ jwk: signingKeys.publicJwk })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt));
  return { keys: rows.map((r) => r.jwk as PublicJwk) };
}
