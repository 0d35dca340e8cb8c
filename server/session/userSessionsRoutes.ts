// An administrator's view of another user's sessions (the user edit screen): list them and end them
// all. Who may do it is exactly who may update that user (PUT /users/{id} in ../users/binding.ts):
// the users area with users.update, the user found in the X-Tenant company (another company's user
// answers 404, so ids tell nothing), and a super_admin only by a super_admin (403). Ending them also
// needs the user within the caller's reach (../users/grants.ts), like any change to their sign-in:
// an admin may not cut off a colleague who also works for companies the admin does not manage.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/guard';
import { auditChange } from '../crud/changeAudit';
import { accessRules, authorize } from '../http/routeAccess';
import { errorResponses, IdParams } from '../http/schemas';
import { recordScope, refuseSuperAdminTarget, userOr404 } from '../users/binding';
import type { UserRecord } from '../users/queries';
import { beyondReach, grantorOf } from '../users/grants';
import { forbidden } from '../errors';
import { listSessions, revokeAllSessions } from './sessionStore';
import { RevokedResponse, SESSION_MSG, SessionListResponse } from './sessionSchemas';

const tags = ['users'];
// Checked before validation, as on every resource route (../resources/index.ts).
const config = accessRules('users', 'scoped')('update');

const userSessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The target user, or the same 404/403 as updating them would answer. */
  async function targetOf(request: FastifyRequest, id: string): Promise<UserRecord> {
    const auth = requireAuth(request);
    const target = await userOr404(app.db, recordScope(request, auth), id);
    refuseSuperAdminTarget(auth, target);
    return target;
  }

  app.get(
    '/users/:id/sessions',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary: 'The user’s signed-in sessions (for whoever may update the user)',
        params: IdParams,
        response: { 200: SessionListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const target = await targetOf(request, request.params.id);
      return { data: await listSessions(app.db, target.id, requireAuth(request).tokenId) };
    },
  );

  app.post(
    '/users/:id/sessions/revoke',
    {
      config,
      preValidation: authorize,
      schema: {
        tags,
        summary: 'End every session of the user: each token is refused from its next request',
        params: IdParams,
        response: { 200: RevokedResponse, ...errorResponses },
      },
    },
    async (request) => {
      const target = await targetOf(request, request.params.id);
      // Reach is judged on all of the user's companies, not only those the caller sees.
      const whole = await userOr404(app.db, { tenantId: null, visibleCompanies: null }, target.id);
      const why = beyondReach(await grantorOf(app.db, requireAuth(request)), whole);
      if (why) throw forbidden(why);
      const revoked = await revokeAllSessions(app.db, target.id);
      await auditChange(app.db, request, {
        action: 'users.sessions_revoked',
        owner: { user: target.id },
        entity: 'user',
        entityId: target.id,
        detail: { revoked },
      });
      return { data: { message: SESSION_MSG.userRevoked, revoked } };
    },
  );
};

export default userSessionsRoutes;
