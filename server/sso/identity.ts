// Who an ID token names, and which Olympus user that is: by the linked (tid, oid) once
// linked, otherwise by verified email the first time, which then links. Nobody is created.
//
// Identity key: Azure's `tid` (tenant) and `oid` (object id, stable for the user across apps);
// for any other OpenID provider, the issuer and `sub`.
//
// When an email counts as verified:
//  - `email_verified: true` in the ID token (any provider);
//  - Azure AD (AZURE_TENANT_ID, or an OIDC_ISSUER naming one tenant): the token's `tid` must be that
//    tenant, whose administrators own the directory, so its `email` — or, without one,
//    `preferred_username` (the UPN) — counts as verified, unless the token says otherwise
//    (`email_verified` or `xms_edov` false).
import { and, eq, sql } from 'drizzle-orm';
import type { IDToken } from 'openid-client';
import type { Db } from '../db';
import { users } from '../db/schema';
import { findUserByEmail, type UserRow } from '../auth/accounts';
import type { SsoSettings } from './settings';

export interface SsoIdentity {
  tid: string;
  oid: string;
  email: string | null;
  emailVerified: boolean;
}

export type Refusal =
  'wrong_tenant' | 'unverified_email' | 'unknown_identity' | 'linked_to_other_identity' | 'disabled';

export type MatchResult =
  { ok: true; user: UserRow; linked: boolean } | { ok: false; reason: Refusal; userId?: string };

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function identityOf(claims: IDToken, settings: SsoSettings): SsoIdentity {
  const tid = str(claims.tid);
  const oid = str(claims.oid);
  const azure = settings.azureTenantId !== null;
  const key = tid && oid ? { tid, oid } : { tid: claims.iss, oid: claims.sub };

  const email = str(claims.email) ?? (azure ? str(claims.preferred_username) : null);
  const deniedByToken = claims.email_verified === false || claims.xms_edov === false;
  const tenantVouches = azure && tid === settings.azureTenantId;
  return {
    ...key,
    email: email && EMAIL.test(email) ? email : null,
    emailVerified: !deniedByToken && (claims.email_verified === true || tenantVouches),
  };
}

/** Azure AD: only the configured tenant may sign in. Other providers: the issuer check suffices. */
export function tenantAllowed(claims: IDToken, settings: SsoSettings): boolean {
  return settings.azureTenantId === null || str(claims.tid) === settings.azureTenantId;
}

export async function matchUser(db: Db, identity: SsoIdentity): Promise<MatchResult> {
  const [linked] = await db
    .select()
    .from(users)
    .where(and(eq(users.ssoTid, identity.tid), eq(users.ssoOid, identity.oid)));
  if (linked)
    return linked.disabledAt
      ? { ok: false, reason: 'disabled', userId: linked.id }
      : { ok: true, user: linked, linked: false };

  if (!identity.email) return { ok: false, reason: 'unknown_identity' };
  if (!identity.emailVerified) return { ok: false, reason: 'unverified_email' };
  const user = await findUserByEmail(db, identity.email);
  if (!user) return { ok: false, reason: 'unknown_identity' };
  // Already tied to another identity: the address now belongs to someone else at the provider.
  if (user.ssoTid !== null || user.ssoOid !== null)
    return { ok: false, reason: 'linked_to_other_identity', userId: user.id };
  if (user.disabledAt) return { ok: false, reason: 'disabled', userId: user.id };

  // Link only if still unlinked, so two first sign-ins at once cannot both link.
  const [row] = await db
    .update(users)
    .set({ ssoTid: identity.tid, ssoOid: identity.oid, updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), sql`${users.ssoTid} is null`, sql`${users.ssoOid} is null`))
    .returning();
  if (!row) return { ok: false, reason: 'linked_to_other_identity', userId: user.id };
  return { ok: true, user: row, linked: true };
}

export async function recordSsoLogin(db: Db, userId: string): Promise<void> {
  // Not the password lockout counters: SSO proves nothing about password guesses.
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
}
