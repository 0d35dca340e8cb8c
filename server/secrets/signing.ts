// The private half of a hand-off signing key at rest: `{ sealed }` in signing_keys.private_jwk, sealed
// with the secret key and bound to its kid, so a database backup alone cannot mint tokens.
import type { JWK } from 'jose';
import { open, seal } from '../integrations/crypto';

const context = (kid: string) => `olympus:signing-key:${kid}`;

export function sealPrivateJwk(key: Buffer, kid: string, jwk: JWK): { sealed: string } {
  return { sealed: seal(key, { jwk: JSON.stringify(jwk) }, context(kid)) };
}

/** A private JWK stored before keys were sealed: it carries its secret `d` in the clear. */
export const isPlainJwk = (stored: Record<string, unknown>) => typeof stored.d === 'string';

/** The private JWK, or null when it does not open (another key, another row, tampering). */
export function openPrivateJwk(key: Buffer, kid: string, stored: Record<string, unknown>): JWK | null {
  if (typeof stored.sealed !== 'string') return null;
  const values = open(key, stored.sealed, context(kid));
  if (!values || typeof values.jwk !== 'string') return null;
  return JSON.parse(values.jwk) as JWK;
}
