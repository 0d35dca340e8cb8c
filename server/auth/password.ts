// POST /auth/password/new: redeems the first-login challenge from /auth/login,
// sets the user's own password and signs them in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, invalid } from '../errors';
import { hashPassword } from './passwords';
import { issueToken, type IssuedToken } from './tokens';
import { setOwnPassword } from './accounts';
import { consumeChallenge, findNewPasswordChallenge } from './challenges';
import { asFieldErrors, policyErrors, reusesTemporary, SAME_AS_TEMPORARY_MESSAGE } from './passwordPolicy';
import { PASSWORD_NEW_PER_IP, limitPerIp } from './throttle';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import { errorResponses, PasswordNewBody, PasswordNewResponse } from './schemas';

const passwordNew: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/password/new',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Set a new password with the session from /auth/login, and sign in',
        description: 'The session is single use and lives 5 minutes. `name` is accepted for compatibility and ignored.',
        body: PasswordNewBody,
        response: { 200: PasswordNewResponse, ...errorResponses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, PASSWORD_NEW_PER_IP, MSG.passwordNewThrottled, 'auth.password_new_failed');
      const { username, new_password: newPassword, session } = request.body;
      const found = await findNewPasswordChallenge(app.db, session, username);
      if (!found || found.user.disabledAt || !found.user.mustChangePassword) {
        await auditAuth(app, request, 'auth.password_new_failed', {
          userId: found?.user.id ?? null,
          detail: { reason: 'invalid_session' },
        });
        throw new ApiError(401, MSG.sessionExpired);
      }
      const { user, challengeId } = found;

      const problems = policyErrors(newPassword);
      if (problems.length === 0 && (await reusesTemporary(user.passwordHash, newPassword)))
        problems.push(SAME_AS_TEMPORARY_MESSAGE);
      if (problems.length) throw invalid(asFieldErrors(problems));

      // argon2 before the transaction: nothing slow may hold PGlite's single connection.
      const passwordHash = await hashPassword(newPassword);
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'], amr: ['pwd'] as const };
      // With a second factor on, a temporary password (which travelled by mail) must not sign anyone in
      // alone: the password is set, and the person signs in with it and their code.
      const secondFactor = user.totpEnabledAt !== null;
      const done = await app.db.transaction(async (tx): Promise<{ issued: IssuedToken | null } | null> => {
        if (!(await consumeChallenge(tx, challengeId))) return null;
        await setOwnPassword(tx, user.id, passwordHash, { signedIn: !secondFactor });
        return { issued: secondFactor ? null : await issueToken(tx, user.id, meta) };
      });
      if (!done) throw new ApiError(401, MSG.sessionExpired);
      const { issued } = done;

      await auditAuth(app, request, 'auth.password_new', {
        userId: user.id,
        ...(secondFactor ? { detail: { signed_in: false, reason: 'second_factor' } } : {}),
      });
      if (!issued) return { data: { message: MSG.passwordSet } };
      return {
        data: {
          message: MSG.passwordSet,
          access_token: issued.token,
          token_type: 'Bearer' as const,
          expires_at: issued.expiresAt.toISOString(),
        },
      };
    },
  );
};

export default passwordNew;
