// POST /auth/login/mfa, the second factor: redeems the challenge /auth/login answered after
// the right password with a 6-digit TOTP code or a recovery code, and signs in exactly as login does.
// Wrong codes count like wrong passwords: the same per-address rule and the same per-account claim
// (counted before the code is compared, so parallel guesses never get more than LOCK_AFTER_FAILURES
// comparisons; the lock also holds for sign-in). A TOTP step is accepted once and only after the last
// accepted one; a recovery code once; the challenge once — one atomic statement each, in one transaction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, unauthorized } from '../errors';
import { issueToken } from './tokens';
import { consumeChallenge } from './challenges';
import { claimLoginAttempt, recordSuccessfulLogin } from './accounts';
import { LOGIN_PER_IP, limitPerIp, refund } from './throttle';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import { errorResponses, LoginMfaBody, TokenResponse } from './schemas';
import { sealingKey } from '../secrets/prepare';
import { findSecondFactorChallenge } from '../twoFactor/challenge';
import { matchTotp } from '../twoFactor/totp';
import { claimTotpStep, looksLikeRecoveryCode, openTotpSecret, useRecoveryCode } from '../twoFactor/store';

/** Rolls the transaction back (the challenge stays usable) when the code was not accepted. */
class CodeRefused extends Error {}

const loginMfa: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/login/mfa',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary:
          'Second step of sign-in: the challenge from /auth/login and a code from the authenticator app (or a recovery code)',
        description:
          'Answers a bearer token as /auth/login does. A wrong code answers 401 and counts like a wrong password (per account and per address, 429); ' +
          'an unknown, used or expired challenge answers 401. A code is accepted once.',
        body: LoginMfaBody,
        response: { 200: TokenResponse, ...errorResponses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, LOGIN_PER_IP, MSG.loginThrottled, 'auth.login_failed');
      const found = await findSecondFactorChallenge(app.db, request.body.challenge);
      if (!found) {
        await auditAuth(app, request, 'auth.login_failed', {
          userId: null,
          detail: { reason: 'second_factor_challenge_invalid' },
        });
        throw new ApiError(401, MSG.secondFactorExpired);
      }
      const { user, challengeId } = found;
      const fail = async (reason: string, extra: Record<string, unknown> = {}): Promise<never> => {
        await auditAuth(app, request, 'auth.login_failed', {
          userId: user.id,
          detail: { reason, method: 'second_factor', ...extra },
        });
        throw unauthorized(MSG.secondFactorWrong);
      };
      if (user.disabledAt || !user.totpEnabledAt) return fail(user.disabledAt ? 'disabled' : 'second_factor_off');
      const claim = await claimLoginAttempt(app.db, user.id);
      if (!claim) return fail('locked');

      const code = request.body.code.replace(/\s/g, '');
      const secret = openTotpSecret(sealingKey(app.db), user.id, user.totpSecret);
      const step = secret ? matchTotp(secret, code) : null;
      const kind = step !== null ? 'totp' : looksLikeRecoveryCode(code) ? 'recovery_code' : null;
      const failureDetail = {
        failures: claim.failedLogins,
        locked: claim.lockedUntil !== null && claim.lockedUntil > new Date(),
      };
      if (!kind) return fail('wrong_code', failureDetail);

      const accepted = await app.db
        .transaction(async (tx) => {
          if (!(await consumeChallenge(tx, challengeId))) throw new CodeRefused('challenge');
          const ok = step !== null ? await claimTotpStep(tx, user.id, step) : await useRecoveryCode(tx, user.id, code);
          if (!ok) throw new CodeRefused(step !== null ? 'replayed_code' : 'wrong_code');
          return 'accepted';
        })
        .catch((err: unknown) => {
          if (err instanceof CodeRefused) return err.message;
          throw err;
        });
      if (accepted === 'challenge') {
        await auditAuth(app, request, 'auth.login_failed', {
          userId: user.id,
          detail: { reason: 'second_factor_challenge_used' },
        });
        throw new ApiError(401, MSG.secondFactorExpired);
      }
      if (accepted !== 'accepted') return fail(accepted, failureDetail);

      await refund(app.db, LOGIN_PER_IP, request.ip);
      const issued = await issueToken(app.db, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        amr: ['pwd', kind === 'totp' ? 'otp' : 'recovery'],
      });
      await recordSuccessfulLogin(app.db, user.id, { signedIn: true });
      await auditAuth(app, request, 'auth.login', {
        userId: user.id,
        detail: { method: 'password', second_factor: kind },
      });
      return {
        data: { access_token: issued.token, token_type: 'Bearer' as const, expires_at: issued.expiresAt.toISOString() },
      };
    },
  );
};

export default loginMfa;
