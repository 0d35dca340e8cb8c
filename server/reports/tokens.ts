// Built-in report tokens: ES256 JWTs signed with Olympus's own key (server/systems/keys.ts, the one
// published at /.well-known/jwks.json), 10 minutes, bound to user, company and report. A distinct
// `typ` and audience keep them apart from hand-off tokens: neither verifies as the other.
import { createLocalJWKSet, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db';
import { ApiError } from '../errors';
import { HANDOFF_ALG, publicJwks, signingKey } from '../systems/keys';
import { MSG } from './messages';

export const REPORT_TOKEN_TTL_SECONDS = 10 * 60;
export const REPORT_TOKEN_TYP = 'olympus-report+jwt';
export const REPORT_AUDIENCE = 'olympus-reports';

export interface ReportClaims {
  userId: string;
  companyId: string;
  reportId: string;
}

export async function signReportToken(
  db: Db,
  issuer: string,
  claims: ReportClaims,
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const { kid, privateKey } = await signingKey(db);
  const iat = Math.floor(now / 1000);
  const exp = iat + REPORT_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ tenant: claims.companyId, rid: claims.reportId })
    .setProtectedHeader({ alg: HANDOFF_ALG, kid, typ: REPORT_TOKEN_TYP })
    .setIssuer(issuer)
    .setAudience(REPORT_AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(privateKey);
  return { token, expiresAt: new Date(exp * 1000) };
}

/** The claims of a valid token, or 401 with a message saying what is wrong with it. */
export async function verifyReportToken(db: Db, issuer: string, token: string): Promise<ReportClaims> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await publicJwks(db)), {
      issuer,
      audience: REPORT_AUDIENCE,
      typ: REPORT_TOKEN_TYP,
      algorithms: [HANDOFF_ALG],
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: REPORT_TOKEN_TTL_SECONDS + 5,
    });
    const { sub, tenant, rid } = payload;
    if (typeof sub !== 'string' || typeof tenant !== 'string' || typeof rid !== 'string')
      throw new ApiError(401, MSG.tokenInvalid);
    return { userId: sub, companyId: tenant, reportId: rid };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new ApiError(401, MSG.tokenExpired);
    if (err instanceof joseErrors.JOSEError) throw new ApiError(401, MSG.tokenInvalid);
    throw err;
  }
}
