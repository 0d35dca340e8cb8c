// POST /auth/logout revokes the presented token; POST /auth/authenticated says whether it is live.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireAuth } from './guard';
import { revokeToken } from './tokens';
import { auditAuth } from './authAudit';
import { MSG } from './messages';
import { AuthenticatedResponse, errorResponses, MessageResponse } from './schemas';

const logout: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/logout',
    {
      // Signing out must work even when the SPA still holds a company the user has lost.
      config: { tenantCheck: false },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: the bearer token stops working',
        response: { 200: MessageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await revokeToken(app.db, auth.tokenId);
      await auditAuth(app, request, 'auth.logout', { userId: auth.userId });
      return { data: { message: MSG.loggedOut } };
    },
  );

  app.post(
    '/auth/authenticated',
    {
      schema: {
        tags: ['auth'],
        summary: 'Is the bearer token live? 200 when it is, 401 otherwise',
        response: { 200: AuthenticatedResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireAuth(request);
      return { data: { authenticated: true as const } };
    },
  );
};

export default logout;
