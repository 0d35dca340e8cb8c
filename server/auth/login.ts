// POST /auth/login: a bearer token, or `{ session, username }` when the user
// must set a new password first. Every refusal for a wrong, unknown, disabled or locked account is
// the same 401, and costs the same argon2 work.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, forbidden, unauthorized } from '../errors';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { issueToken } from './tokens';
import { createNewPasswordChallenge } from './challenges';
import { createSecondFactorChallenge } from '../twoFactor/challenge';
import { claimLoginAttempt, findUserByEmail, recordSuccessfulLogin, signsInWithSso } from './accounts';
import { LOGIN_PER_IP, limitPerIp, refund } from './throttle';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import { errorResponses, LoginBody, LoginResponse } from './schemas';

const login: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Sign in with email and password',
        description:
          'Answers a bearer token, or `{ session, username }` when a new password must be set first (POST /auth/password/new), ' +
          'or `{ mfa_required, challenge, username }` when two-factor sign-in is on (POST /auth/login/mfa). ' +
          'Wrong, unknown, disabled and locked accounts all answer the same 401. 10 failed attempts per minute per address (429).',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, LOGIN_PER_IP, MSG.loginThrottled, 'auth.login_failed');
      const { email, password } = request.body;
      const user = await findUserByEmail(app.db, email);
      const fail = async (
        reason: string,
        userId: string | null,
        extra: Record<string, unknown> = {},
      ): Promise<never> => {
        await auditAuth(app, request, 'auth.login_failed', { userId, detail: { reason, email, ...extra } });
        throw unauthorized(MSG.badCredentials);
      };

      const ssoOnly = signsInWithSso(app.config.sso.enforcedDomains, email, user?.bypassSso === true);
      if (ssoOnly) {
        // Said for every address of the domain, known or not, so it reveals no account.
        await burnPasswordCheck(password);
        await auditAuth(app, request, 'auth.login_failed', {
          userId: user?.id ?? null,
          detail: { reason: 'sso_enforced', email },
        });
        throw forbidden(MSG.ssoEnforced);
      }
      if (!user) {
        await burnPasswordCheck(password);
        return fail('unknown_email', null);
      }
      // The attempt is claimed (and counted) before the password is compared, so parallel guesses
      // cannot all be compared while the lock is still unset; null means the account is locked.
      const claim = user.disabledAt ? null : await claimLoginAttempt(app.db, user.id);
      // Always verify, even when the answer is already no, so timing does not tell why.
      const passwordOk = await verifyPassword(user.passwordHash, password);
      if (user.disabledAt) return fail('disabled', user.id);
      if (!claim) return fail('locked', user.id);
      if (!passwordOk) {
        return fail('wrong_password', user.id, {
          failures: claim.failedLogins,
          locked: claim.lockedUntil !== null && claim.lockedUntil > new Date(),
        });
      }

      // The right password: this attempt does not count against the address.
      await refund(app.db, LOGIN_PER_IP, request.ip);
      if (user.mustChangePassword) {
        await recordSuccessfulLogin(app.db, user.id, { signedIn: false });
        if (user.tempPasswordExpiresAt && user.tempPasswordExpiresAt <= new Date()) {
          await auditAuth(app, request, 'auth.login_failed', {
            userId: user.id,
            detail: { reason: 'temporary_password_expired', email },
          });
          throw new ApiError(401, MSG.tempPasswordExpired);
        }
        const session = await createNewPasswordChallenge(app.db, user.id);
        await auditAuth(app, request, 'auth.login', {
          userId: user.id,
          detail: { method: 'password', outcome: 'new_password_required' },
        });
        return { data: { session, username: user.username } };
      }

      if (user.totpEnabledAt) {
        // The code comes next: the attempt stays counted until the code is right too, so a known
        // password cannot reset the count between guesses of the code.
        const challenge = await createSecondFactorChallenge(app.db, user.id);
        await auditAuth(app, request, 'auth.login', {
          userId: user.id,
          detail: { method: 'password', outcome: 'second_factor_required' },
        });
        return { data: { mfa_required: true as const, challenge, username: user.username } };
      }

      const issued = await issueToken(app.db, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        amr: ['pwd'],
      });
      await recordSuccessfulLogin(app.db, user.id, { signedIn: true });
      await auditAuth(app, request, 'auth.login', { userId: user.id, detail: { method: 'password' } });
      return {
        data: { access_token: issued.token, token_type: 'Bearer' as const, expires_at: issued.expiresAt.toISOString() },
      };
    },
  );
};

export default login;
