// The caller's own account on the account page: read and change their name and email (an email change
// asks for the current password and is mailed to the old and the new address), and change their
// password. Any signed-in user, always about themselves: nobody else's row is reachable from here.
//
// A password change follows the product's rule (setOwnPassword: every token of the account is
// revoked) and answers a fresh token for this browser in the same transaction. Rotating this
// browser's token too, rather than sparing it, means a copy of it taken before the change dies with the
// others; the page then offers to end any session that still appears (one signed in meanwhile).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { forbidden, invalid, unauthorized } from '../errors';
import { users } from '../db/schema';
import { requireAuth } from '../auth/guard';
import { auditAuth } from '../auth/authAudit';
import { setOwnPassword, signsInWithSso, type UserRow } from '../auth/accounts';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { issueToken, type AuthMethod } from '../auth/tokens';
import { policyErrors } from '../auth/passwordPolicy';
import { errorResponses } from '../auth/schemas';
import { auditChange } from '../crud/changeAudit';
import { pgError, UNIQUE_VIOLATION } from '../db/conn';
import { FieldErrors, MSG } from '../http/fieldErrors';
import { requiredText } from '../crud/values';
import { lockUser } from '../users/grants';
import { emailTaken } from '../users/queries';
import { emailChangedMail } from '../users/emailChangedMail';
import { mailErrorForLog } from '../mail/mailer';
import { ownUserRow, requireFreshProof, ssoOnly } from './currentPassword';
import {
  PasswordChangeBody,
  PasswordChangedResponse,
  PROFILE_MSG,
  ProfileBody,
  ProfileResponse,
  ProfileSavedResponse,
} from './profileSchemas';

const tags = ['session'];
// Like the sessions calls: one's own account works whatever company the SPA still holds.
const config = { tenantCheck: false };

const ownProfileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The caller's own row, fresh; a caller removed since the guard ran is signed out. */
  const me = async (request: FastifyRequest): Promise<UserRow> => {
    const row = await ownUserRow(app, requireAuth(request).userId);
    if (!row || row.disabledAt) throw unauthorized();
    return row;
  };
  const view = (u: UserRow) => ({ name: u.name, email: u.email, sso_only: ssoOnly(app, u) });

  app.get(
    '/session/profile',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s name and email, and whether they sign in only through SSO',
        response: { 200: ProfileResponse, 401: errorResponses[401], 403: errorResponses[403] },
      },
    },
    async (request) => ({ data: view(await me(request)) }),
  );

  app.put(
    '/session/profile',
    {
      config,
      schema: {
        tags,
        summary: 'Change the caller’s name and email',
        description:
          'A changed email needs `current_password` (throttled like sign-in: 422 when wrong, 429 when locked) and is mailed to the old and the new address. ' +
          'Users who sign in only through SSO cannot change their email here (403).',
        body: ProfileBody,
        response: { 200: ProfileSavedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const before = await me(request);
      const errors = new FieldErrors();
      const name = requiredText(errors, 'name', request.body.name);
      const email = request.body.email?.trim();
      const changesEmail = email !== undefined && email !== before.email;
      if (changesEmail) {
        if (ssoOnly(app, before)) throw forbidden(PROFILE_MSG.ssoEmail);
        if (signsInWithSso(app.config.sso.enforcedDomains, email, before.bypassSso))
          errors.add('email', PROFILE_MSG.ssoDomain);
        else if (await emailTaken(app.db, email, before.id)) errors.add('email', MSG.emailTaken);
        if (!request.body.current_password) errors.add('current_password', PROFILE_MSG.currentRequired);
      }
      errors.throwIfAny();
      if (changesEmail)
        await requireFreshProof(
          app,
          request,
          before,
          request.body.current_password,
          'email',
          'users.email_change_failed',
        );

      const after = await app.db
        .transaction(async (tx) => {
          await lockUser(tx, before.id);
          const set: Partial<typeof users.$inferInsert> = { name: name ?? before.name };
          if (changesEmail) {
            set.email = email;
            // The username follows the email when it was the email (as an administrator's edit does).
            if (before.username.toLowerCase() === before.email.toLowerCase()) set.username = email;
          }
          const [row] = await tx
            .update(users)
            .set({ ...set, updatedAt: sql`now()` })
            .where(eq(users.id, before.id))
            .returning();
          if (row.name !== before.name) {
            await auditChange(tx, request, {
              action: 'users.name_changed',
              owner: { user: row.id },
              entity: 'user',
              entityId: row.id,
              before: { name: before.name },
              after: { name: row.name },
            });
          }
          if (changesEmail) {
            await auditChange(tx, request, {
              action: 'users.email_changed',
              owner: { user: row.id },
              entity: 'user',
              entityId: row.id,
              before: { email: before.email, username: before.username },
              after: { email: row.email, username: row.username },
              detail: { by: 'self' },
            });
          }
          return row;
        })
        .catch((err: unknown) => {
          // Taken by a concurrent write after the check above: the same 422, naming nobody.
          if (pgError(err).code === UNIQUE_VIOLATION) throw invalid({ email: [MSG.emailTaken] });
          throw err;
        });

      if (changesEmail) {
        // After the commit, never awaited: a mail failure is logged, the change stands.
        for (const to of [before.email, after.email]) {
          const notice = emailChangedMail({ oldEmail: before.email, newEmail: after.email, name: after.name, to });
          app.mailer
            .send(notice)
            .catch((err: unknown) =>
              request.log.error({ mail: mailErrorForLog(err), userId: after.id }, 'email change notice failed'),
            );
        }
      }
      return { data: { message: PROFILE_MSG.saved, ...view(after) } };
    },
  );

  app.post(
    '/session/password',
    {
      config,
      schema: {
        tags,
        summary: 'Change the caller’s password; signs out every session and answers a new token for this one',
        description:
          'The current password is throttled like sign-in (422 on `current_password` when wrong, 429 when locked). The new one must meet the policy ' +
          '(422 on `new_password`). Users who sign in only through SSO have no password to change (403).',
        body: PasswordChangeBody,
        response: { 200: PasswordChangedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = await me(request);
      const fail = 'auth.password_change_failed';
      if (ssoOnly(app, user)) {
        await auditAuth(app, request, fail, { userId: user.id, detail: { reason: 'sso_enforced' } });
        throw forbidden(PROFILE_MSG.ssoPassword);
      }
      const { current_password: current, new_password: next, new_password_confirmation: confirmation } = request.body;
      // Problems knowable without the current password come first: they cost no attempt.
      const errors = new FieldErrors();
      if (!current) errors.add('current_password', PROFILE_MSG.currentMissing);
      for (const problem of policyErrors(next)) errors.add('new_password', problem);
      if (next !== confirmation) errors.add('new_password_confirmation', PROFILE_MSG.confirmationMismatch);
      errors.throwIfAny();

      await requireFreshProof(app, request, user, current, 'password', fail);
      if (await verifyPassword(user.passwordHash, next)) throw invalid({ new_password: [PROFILE_MSG.sameAsCurrent] });

      // argon2 before the transaction: nothing slow may hold PGlite's single connection.
      const passwordHash = await hashPassword(next);
      const issued = await app.db.transaction(async (tx) => {
        await lockUser(tx, user.id);
        await setOwnPassword(tx, user.id, passwordHash, { signedIn: false });
        // This browser keeps what its sign-in proved (a second factor included): it just proved the password again.
        return issueToken(tx, user.id, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          amr: requireAuth(request).amr as AuthMethod[],
        });
      });
      await auditAuth(app, request, 'auth.password_changed', {
        userId: user.id,
        detail: { signed_out: 'all', kept_signed_in: true },
      });
      return {
        data: {
          message: PROFILE_MSG.passwordChanged,
          access_token: issued.token,
          token_type: 'Bearer' as const,
          expires_at: issued.expiresAt.toISOString(),
        },
      };
    },
  );
};

export default ownProfileRoutes;
