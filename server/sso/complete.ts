// The end of a successful SSO sign-in: a token, or the new-password session, as for the password form.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../auth/accounts';
import { createNewPasswordChallenge } from '../auth/challenges';
import { auditAuth } from '../auth/authAudit';
import { issueToken } from '../auth/tokens';
import { recordSsoLogin } from './identity';
import { roleRequiresTwoFactor } from '../auth/twoFactorGate';
import { ApiError } from '../errors';
import { SSO_MSG } from './messages';

export interface SsoOutcome {
  linked: boolean;
  /** The provider's ID token said a second factor was used (`amr` contains `mfa`, as Azure AD sends it). */
  mfa: boolean;
  system: string | null;
  identity: { tid: string; oid: string; email: string | null };
}

export async function completeSsoLogin(
  app: FastifyInstance,
  request: FastifyRequest,
  user: UserRow,
  outcome: SsoOutcome,
) {
  const detail = { method: 'sso', linked: outcome.linked, mfa: outcome.mfa, ...outcome.identity };
  if (user.mustChangePassword) {
    // Same as the form: the new-password session instead of a token.
    const session = await createNewPasswordChallenge(app.db, user.id);
    await auditAuth(app, request, 'auth.sso_login', {
      userId: user.id,
      detail: { ...detail, outcome: 'new_password_required' },
    });
    return { data: { session, username: user.username } };
  }
  // A role requiring two-factor sign-in counts only the provider's own second factor: an SSO user has
  // no authenticator of ours to enrol (docs/security.md "How a token was signed in").
  if (!outcome.mfa && (await roleRequiresTwoFactor(app.db, user.id, app.config.superAdminTwoFactor))) {
    await auditAuth(app, request, 'auth.sso_login_failed', {
      userId: user.id,
      detail: { ...detail, reason: 'mfa_required' },
    });
    throw new ApiError(403, SSO_MSG.mfaRequired);
  }
  const issued = await issueToken(app.db, user.id, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    amr: outcome.mfa ? ['sso', 'mfa'] : ['sso'],
  });
  await recordSsoLogin(app.db, user.id);
  await auditAuth(app, request, 'auth.sso_login', { userId: user.id, detail });
  return {
    data: {
      access_token: issued.token,
      token_type: 'Bearer' as const,
      expires_at: issued.expiresAt.toISOString(),
      system: outcome.system,
    },
  };
}
