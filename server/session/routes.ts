// GET /session: the signed-in user with companies, systems, roles and Olympus permissions;
// and the sessions API (the caller's own, and an administrator's view of a user's).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unauthorized } from '../errors';
import { requireAuth } from '../auth/guard';
import { ErrorBody } from '../http/schemas';
import { loadSessionUser } from './loadUser';
import { SessionResponse } from './schemas';
import ownSessionsRoutes from './ownSessionsRoutes';
import ownProfileRoutes from './ownProfileRoutes';
import ownTwoFactorRoutes from './ownTwoFactorRoutes';

const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user: companies, systems, roles, Olympus role and permissions',
        response: { 200: SessionResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await loadSessionUser(app.db, auth.userId);
      // The guard already refuses disabled users; this covers a user removed mid-request.
      if (!user) throw unauthorized();
      return { data: { ...user, two_factor_required: auth.twoFactorRequired === true } };
    },
  );

  await app.register(ownSessionsRoutes);
  await app.register(ownProfileRoutes);
  await app.register(ownTwoFactorRoutes);
};

export default sessionRoutes;
