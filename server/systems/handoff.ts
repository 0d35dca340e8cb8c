// Hand-off tokens: a 60-second ES256 JWT, audience = the system, single-use jti
// recorded in `handoffs`. The URL is built only from the stored systems.base_url (no open redirect).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createLocalJWKSet, errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Db } from '../db';
import { handoffs, systems } from '../db/schema';
import { ApiError, conflict } from '../errors';
import { HANDOFF_ALG, publicJwks, signingKey } from './keys';

export const HANDOFF_TTL_SECONDS = 60;
export const INVALID_HANDOFF = 'This hand-off is invalid or has expired.';
export const USED_HANDOFF = 'This hand-off has already been used.';

export interface HandoffClaims {
  iss: string;
  aud: string;
  sub: string;
  jti: string;
  iat: number;
  exp: number;
  email: string;
  name: string;
  tenant: { id: string; name: string } | null;
  role: string | null;
}

export interface HandoffInput {
  issuer: string;
  user: { id: string; email: string; name: string };
  system: { id: string; name: string };
  tenant: { id: string; name: string } | null;
  role: string | null;
}

/** The system's audience: its name in lower case ("Everest" → "everest"). */
export const audienceOf = (systemName: string) => systemName.toLowerCase();

/** `${base_url}/auth/olympus?token=…`, or null when the stored base URL is not an http(s) URL. */
export function handoffUrl(baseUrl: string, token: string): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl.replace(/\/+$/, '') + '/auth/olympus');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.searchParams.set('token', token);
  return url.toString();
}

export async function issueHandoff(
  db: Db,
  input: HandoffInput,
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const { kid, privateKey } = await signingKey(db);
  const jti = randomUUID();
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + HANDOFF_TTL_SECONDS;
  await db.insert(handoffs).values({
    jti,
    userId: input.user.id,
    systemId: input.system.id,
    companyId: input.tenant?.id ?? null,
    expiresAt: new Date(exp * 1000),
  });
  const token = await new SignJWT({
    email: input.user.email,
    name: input.user.name,
    tenant: input.tenant,
    role: input.role,
  })
    .setProtectedHeader({ alg: HANDOFF_ALG, kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setAudience(audienceOf(input.system.name))
    .setSubject(input.user.id)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);
  return { token, jti, expiresAt: new Date(exp * 1000) };
}

const invalid = () => new ApiError(401, INVALID_HANDOFF);

function asClaims(p: JWTPayload): HandoffClaims {
  const tenant = p.tenant as HandoffClaims['tenant'] | undefined;
  return {
    iss: String(p.iss),
    aud: String(Array.isArray(p.aud) ? p.aud[0] : p.aud),
    sub: String(p.sub),
    jti: String(p.jti),
    iat: Number(p.iat),
    exp: Number(p.exp),
    email: String(p.email),
    name: String(p.name),
    tenant: tenant && typeof tenant === 'object' ? { id: String(tenant.id), name: String(tenant.name) } : null,
    role: typeof p.role === 'string' ? p.role : null,
  };
}

/**
 * Verifies signature, issuer, expiry and the audience of the redeeming system, then marks the jti
 * redeemed. Throws 401 for anything invalid or expired and 409 for a second redemption.
 * `audience` is required: without it one system could redeem a token another system was handed.
 */
export async function redeemHandoff(db: Db, issuer: string, token: string, audience: string): Promise<HandoffClaims> {
  // jose skips the audience check for an empty or missing expectation: refuse before verifying.
  if (typeof audience !== 'string' || audience.trim() === '') throw invalid();
  let payload: JWTPayload;
  try {
    const jwks = createLocalJWKSet(await publicJwks(db));
    ({ payload } = await jwtVerify(token, jwks, {
      issuer,
      audience,
      algorithms: [HANDOFF_ALG],
      requiredClaims: ['jti', 'sub', 'exp', 'aud'],
      maxTokenAge: HANDOFF_TTL_SECONDS + 5,
    }));
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) throw invalid();
    throw err;
  }
  const claims = asClaims(payload);
  if (!/^[0-9a-f-]{36}$/i.test(claims.jti)) throw invalid();
  // Exactly one audience, the redeeming system's (jose accepts an array that merely contains it).
  if (payload.aud !== audience) throw invalid();

  // The token must be one we issued for the system its audience names.
  const [row] = await db
    .select({ redeemedAt: handoffs.redeemedAt, systemName: systems.name })
    .from(handoffs)
    .innerJoin(systems, eq(systems.id, handoffs.systemId))
    .where(eq(handoffs.jti, claims.jti));
  if (!row || audienceOf(row.systemName) !== claims.aud) throw invalid();
  if (row.redeemedAt) throw conflict(USED_HANDOFF);

  // Single use even under a race: only one UPDATE can flip redeemed_at from null.
  const [won] = await db
    .update(handoffs)
    .set({ redeemedAt: sql`now()` })
    .where(
      and(
        eq(handoffs.jti, claims.jti),
        isNull(handoffs.redeemedAt),
        gt(handoffs.expiresAt, sql`now() - interval '5 seconds'`),
      ),
    )
    .returning({ jti: handoffs.jti });
  if (!won) {
    const [again] = await db
      .select({ redeemedAt: handoffs.redeemedAt })
      .from(handoffs)
      .where(eq(handoffs.jti, claims.jti));
    throw again?.redeemedAt ? conflict(USED_HANDOFF) : invalid();
  }
  return claims;
}
