// The end of a successful SSO sign-in: SPEC §4's token-or-session logic, as for the password form.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../auth/accounts';
import { createNewPasswordChallenge } from '../auth/challenges';
import { auditAuth } from '../auth/authAudit';
import { issueToken } from '../auth/tokens';
import { recordSsoLogin } from './identity';

export interface SsoOutcome {
  linked: boolean;
  system: string | null;
  identity: { tid: string; oid: string; email: string | null };
}

export async function completeSsoLogin(app: FastifyInstance, request: FastifyRequest, user: UserRow, outcome: SsoOutcome) {
  const detail = { method: 'sso', linked: outcome.linked, ...outcome.identity };
  if (user.mustChangePassword) {
    // Same as the form (SPEC §4): the new-password session instead of a token.
    const session = await createNewPasswordChallenge(app.db, user.id);
    await auditAuth(app, request, 'auth.sso_login', { userId: user.id, detail: { ...detail, outcome: 'new_password_required' } });
    return { data: { session, username: user.username } };
  }
  const issued = await issueToken(app.db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'], sso: true });
  await recordSsoLogin(app.db, user.id);
  await auditAuth(app, request, 'auth.sso_login', { userId: user.id, detail });
  return {
    data: { access_token: issued.token, token_type: 'Bearer' as const, expires_at: issued.expiresAt.toISOString(), system: outcome.system },
  };
}
