// Password reset by emailed code. The request always answers the same message,
// whether or not the address has an account; verify sets the password and revokes every token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalid } from '../errors';
import { hashPassword } from './passwords';
import { findUserByEmail, signsInWithSso, setOwnPassword, type UserRow } from './accounts';
import { checkResetCode, consumeResetCode, issueResetCode, RESET_CODE_TTL_MINUTES } from './resetCodes';
import { asFieldErrors, policyErrors, reusesTemporary, SAME_AS_TEMPORARY_MESSAGE } from './passwordPolicy';
import { RESET_PER_IP, VERIFY_PER_IP, limitPerIp } from './throttle';
import { resetCodeMail } from './mailTemplates';
import { mailErrorForLog } from '../mail/mailer';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import { errorResponses, MessageResponse, ResetBody, VerifyBody } from './schemas';

const codeInvalid = () => invalid({ verification_code: [MSG.codeInvalid] }, MSG.codeInvalid);

const reset: FastifyPluginAsyncTypebox = async (app) => {
  /** Who may receive a code: an enabled account that signs in with a password. */
  const resettable = (user: UserRow) =>
    !user.disabledAt && !signsInWithSso(app.config.sso.enforcedDomains, user.email, user.bypassSso);

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Email a 6-digit verification code for a password reset',
        description:
          'Always answers the same message so it reveals no account. A code lives 10 minutes; at most 3 are sent per account per hour; 10 requests per minute per address (429).',
        body: ResetBody,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, RESET_PER_IP, MSG.resetThrottled, 'auth.password_reset_failed');
      const { email } = request.body;
      const user = await findUserByEmail(app.db, email);
      let outcome: string;
      if (!user) outcome = 'unknown_email';
      else if (!resettable(user)) outcome = user.disabledAt ? 'disabled' : 'sso_enforced';
      else {
        const code = await issueResetCode(app.db, user.id);
        if (code === null) outcome = 'hourly_limit_reached';
        else {
          outcome = 'sent';
          const mail = resetCodeMail({
            to: user.email,
            name: user.name,
            code,
            publicUrl: app.config.publicUrl,
            minutes: RESET_CODE_TTL_MINUTES,
          });
          // Not awaited: waiting on SMTP would make known addresses answer measurably slower.
          app.mailer
            .send(mail)
            .catch((err: unknown) =>
              request.log.error({ mail: mailErrorForLog(err), userId: user.id }, 'reset code mail failed'),
            );
        }
      }
      await auditAuth(app, request, 'auth.password_reset_requested', {
        userId: user?.id ?? null,
        detail: { outcome, email },
      });
      return { data: { message: MSG.resetSent } };
    },
  );

  app.post(
    '/auth/password/reset/verify',
    {
      schema: {
        tags: ['auth'],
        security: [],
        summary: 'Set a new password with the emailed verification code',
        description:
          'Five wrong codes void it. Every token of the account stops working. 10 attempts per minute per address (429).',
        body: VerifyBody,
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await limitPerIp(app, request, VERIFY_PER_IP, MSG.verifyThrottled, 'auth.password_reset_failed');
      const { email, new_password: newPassword, verification_code: presented } = request.body;
      // Policy first: a weak password is refused before the code is looked at, so no guess is spent.
      const problems = policyErrors(newPassword);
      if (problems.length) throw invalid(asFieldErrors(problems));

      const user = await findUserByEmail(app.db, email);
      const check =
        user && resettable(user) ? await checkResetCode(app.db, user.id, presented) : { ok: false as const };
      if (!check.ok) {
        await auditAuth(app, request, 'auth.password_reset_failed', {
          userId: user?.id ?? null,
          detail: { reason: 'invalid_code', email },
        });
        throw codeInvalid();
      }
      const account = user as UserRow; // a code matched, so the account exists
      if (account.mustChangePassword && (await reusesTemporary(account.passwordHash, newPassword))) {
        throw invalid(asFieldErrors([SAME_AS_TEMPORARY_MESSAGE]));
      }

      const passwordHash = await hashPassword(newPassword);
      const done = await app.db.transaction(async (tx) => {
        if (!(await consumeResetCode(tx, check.codeId))) return false;
        await setOwnPassword(tx, account.id, passwordHash, { signedIn: false });
        return true;
      });
      if (!done) throw codeInvalid();

      await auditAuth(app, request, 'auth.password_reset', { userId: account.id });
      return { data: { message: MSG.passwordReset } };
    },
  );
};

export default reset;
