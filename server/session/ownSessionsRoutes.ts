// The caller's own sessions (the account page's "Your sessions"): list them, sign one out, or sign
// out all but this one. Any signed-in user; a session id that is not one of the caller's live
// sessions answers 404 whoever it belongs to, so ids of other users' sessions tell nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../errors';
import { requireAuth } from '../auth/guard';
import { auditAuth } from '../auth/authAudit';
import { ErrorBody } from '../http/schemas';
import { isUuid } from '../db/conn';
import { listSessions, revokeOtherSessions, revokeSession } from './sessionStore';
import { RevokedResponse, SESSION_MSG, SessionIdParams, SessionListResponse } from './sessionSchemas';

const tags = ['session'];
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
// Like logout: managing one's sessions must work whatever company the SPA still holds.
const config = { tenantCheck: false };

const ownSessionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/session/sessions',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s signed-in sessions (live tokens), most recently active first',
        response: { 200: SessionListResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: await listSessions(app.db, auth.userId, auth.tokenId) };
    },
  );

  app.delete(
    '/session/sessions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Sign out one of the caller’s sessions (the current one = logout)',
        params: SessionIdParams,
        response: { 200: RevokedResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = request.params.id.toLowerCase();
      const revoked = isUuid(id) ? await revokeSession(app.db, auth.userId, id) : 0;
      if (revoked === 0) throw notFound(SESSION_MSG.notFound);
      await auditAuth(app, request, 'auth.session_revoked', {
        userId: auth.userId,
        detail: { revoked, scope: id === auth.tokenId ? 'current' : 'one' },
      });
      return { data: { message: SESSION_MSG.revoked, revoked } };
    },
  );

  app.post(
    '/session/sessions/revoke-others',
    {
      config,
      schema: {
        tags,
        summary: 'Sign out every session of the caller except the current one',
        response: { 200: RevokedResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const revoked = await revokeOtherSessions(app.db, auth.userId, auth.tokenId);
      await auditAuth(app, request, 'auth.session_revoked', {
        userId: auth.userId,
        detail: { revoked, scope: 'others' },
      });
      return { data: { message: SESSION_MSG.othersRevoked, revoked } };
    },
  );
};

export default ownSessionsRoutes;
