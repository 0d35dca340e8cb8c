// An administrator's view of another user's second factor (the user edit screen): whether it is on,
// and resetting it for someone who lost their phone and their recovery codes. Who may do it is who may
// update the user (as for their sessions, ../session/userSessionsRoutes.ts), and the reset, a change
// to how they sign in, also needs someone other than the caller, within the caller's reach and with
// less access than the caller (../users/grants.ts secondFactorResetRefusal), judged again on the locked row. The reset
// ends every session of the user, is audited and mailed to them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { requireAuth } from '../auth/guard';
import { revokeAllTokens } from '../auth/tokens';
import { auditChange } from '../crud/changeAudit';
import { accessRules, authorize } from '../http/routeAccess';
import { errorResponses, IdParams } from '../http/schemas';
import { recordScope, refuseSuperAdminTarget, userOr404 } from '../users/binding';
import type { UserRecord } from '../users/queries';
import { grantorOf, lockUser, secondFactorResetRefusal } from '../users/grants';
import { conflict, forbidden } from '../errors';
import { users } from '../db/schema';
import { mailErrorForLog } from '../mail/mailer';
import { clearSecondFactor } from './store';
import { twoFactorResetMail } from './resetMail';

const tags = ['users'];
const config = accessRules('users', 'scoped')('update');

export const USER_TWO_FACTOR_MSG = {
  reset: 'Two-factor sign-in has been reset. The user has been signed out and told by email.',
  notOn: 'This user has not turned on two-factor sign-in.',
} as const;

const StatusResponse = Type.Object({
  data: Type.Object({
    enabled: Type.Boolean(),
    may_reset: Type.Boolean({
      description:
        'Whether the caller may reset it: not for themselves, a user beyond their reach or one with as much access',
    }),
  }),
});
const ResetResponse = Type.Object({ data: Type.Object({ message: Type.String(), enabled: Type.Literal(false) }) });

const userTwoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function targetOf(request: FastifyRequest, id: string): Promise<UserRecord> {
    const auth = requireAuth(request);
    const target = await userOr404(app.db, recordScope(request, auth), id);
    refuseSuperAdminTarget(auth, target);
    return target;
  }
  const enabledOf = async (db: typeof app.db, id: string) => {
    const [row] = await db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, id));
    return row?.on != null;
  };

  app.get(
    '/users/:id/two-factor',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary: 'Whether the user has two-factor sign-in on (for whoever may update the user)',
        params: IdParams,
        response: { 200: StatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      const target = await targetOf(request, request.params.id);
      const whole = await userOr404(app.db, { tenantId: null, visibleCompanies: null }, target.id);
      const mayReset = secondFactorResetRefusal(await grantorOf(app.db, requireAuth(request)), whole) === null;
      return { data: { enabled: await enabledOf(app.db, target.id), may_reset: mayReset } };
    },
  );

  app.post(
    '/users/:id/two-factor/reset',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary:
          'Reset the user’s two-factor sign-in: secret and recovery codes removed, every session ended, the user mailed',
        description:
          '403 for the caller themselves (the account page changes one’s own), a user beyond the caller’s reach, or one with as much access as the caller ' +
          '(then only a super admin may); 409 when two-factor sign-in is not on.',
        params: IdParams,
        response: { 200: ResetResponse, ...errorResponses, 409: errorResponses[403] },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const target = await targetOf(request, request.params.id);
      const grantor = await grantorOf(app.db, auth);
      await app.db.transaction(async (tx) => {
        await lockUser(tx, target.id);
        // Reach on all of the user's companies, read after the lock: a concurrent change cannot slip past.
        const whole = await userOr404(tx, { tenantId: null, visibleCompanies: null }, target.id);
        const why = secondFactorResetRefusal(grantor, whole);
        if (why) throw forbidden(why);
        if (!(await enabledOf(tx, target.id))) throw conflict(USER_TWO_FACTOR_MSG.notOn);
        await clearSecondFactor(tx, target.id);
        await revokeAllTokens(tx, target.id);
        await auditChange(tx, request, {
          action: 'users.two_factor_reset',
          owner: { user: target.id },
          entity: 'user',
          entityId: target.id,
          before: { two_factor: true },
          after: { two_factor: false },
        });
      });
      // After the commit, never awaited: a mail failure is logged, the reset stands.
      const [caller] = await app.db.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
      const notice = twoFactorResetMail({
        to: target.email,
        name: target.name,
        resetBy: caller?.name ?? 'An administrator',
      });
      app.mailer
        .send(notice)
        .catch((err: unknown) =>
          request.log.error({ mail: mailErrorForLog(err), userId: target.id }, 'two-factor reset notice failed'),
        );
      return { data: { message: USER_TWO_FACTOR_MSG.reset, enabled: false as const } };
    },
  );
};

export default userTwoFactorRoutes;
