// The access review: dormant accounts and unused invitations of the
// X-Tenant company (every company with ?all=true, super_admin only, as on the users list), and two
// bulk actions. Every user named is checked on its own, as updating them would be (users.update,
// found in the caller's scope, a super_admin only by a super_admin, within reach per ./grants.ts):
// refused ones are answered per user and left alone, the others done and audited one by one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { requireAuth, requireTenant } from '../auth/guard';
import { invalid } from '../errors';
import { systems } from '../db/schema';
import { errorResponses } from '../http/schemas';
import type { RouteAccess } from '../http/routeAccess';
import { ACCESS_REVIEW_PERMISSION } from '../../contract/access';
import { OLYMPUS_SYSTEM } from '../../contract/roles';
import type { ReviewOutcome } from '../../contract/accessReview';
import { assignableCompanies } from './input';
import { grantorOf } from './grants';
import { recordScope } from './binding';
import type { UserScope } from './queries';
import { reviewUsers } from './reviewQueries';
import { REVIEW_MSG, reviewOne, type ReviewAction } from './reviewActions';
import { DisableBody, OutcomeResponse, RemoveAccessBody, ReviewListResponse, ReviewQuery } from './reviewSchemas';

const tags = ['users'];
const access = (allowAll = false): { access: RouteAccess } => ({
  access: { area: 'accessReview', permission: ACCESS_REVIEW_PERMISSION, tenant: 'scoped', allowAll },
});

const outcomeMessage = (done: number, refused: number) =>
  refused === 0
    ? `${done} user${done === 1 ? '' : 's'} done`
    : `${done} user${done === 1 ? '' : 's'} done, ${refused} refused`;

const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function act(request: FastifyRequest, ids: string[], action: ReviewAction): Promise<{ data: ReviewOutcome }> {
    const auth = requireAuth(request);
    const scope = recordScope(request, auth);
    const grantor = await grantorOf(app.db, auth);
    const done: string[] = [];
    const refused: ReviewOutcome['refused'] = [];
    // One after the other: each user's own transaction holds only that user's row.
    for (const id of [...new Set(ids.map((i) => i.toLowerCase()))]) {
      const why = await reviewOne(app.db, request, auth, grantor, scope, id, action);
      if (why) refused.push({ id, message: why });
      else done.push(id);
    }
    return { data: { message: outcomeMessage(done.length, refused.length), done, refused } };
  }

  app.get(
    '/users/review',
    {
      config: access(true),
      schema: {
        tags,
        summary:
          'Access review: users not signed in for `days` and invitations never used (X-Tenant company; every company with ?all=true, super_admin only)',
        querystring: ReviewQuery,
        response: { 200: ReviewListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // authorize() already refused ?all=true to anyone but a super_admin.
      const scope: UserScope = request.query.all
        ? { tenantId: null, visibleCompanies: null }
        : { tenantId: requireTenant(request), visibleCompanies: assignableCompanies(auth) };
      const grantor = await grantorOf(app.db, auth);
      return reviewUsers(app.db, scope, grantor, request.query.days, auth);
    },
  );

  app.post(
    '/users/review/disable',
    {
      config: access(),
      schema: {
        tags,
        summary: 'Disable the users (each checked as updating them; their sessions end)',
        body: DisableBody,
        response: { 200: OutcomeResponse, ...errorResponses },
      },
    },
    async (request) => act(request, request.body.ids, { kind: 'disable' }),
  );

  app.post(
    '/users/review/remove-access',
    {
      config: access(),
      schema: {
        tags,
        summary: 'Take away the users’ access to one connected system (each checked as updating them)',
        body: RemoveAccessBody,
        response: { 200: OutcomeResponse, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.body.system.toLowerCase();
      // Olympus itself is not a connected system: its role is changed on the user's edit screen.
      const [system] = await app.db
        .select({ id: systems.id, name: systems.name })
        .from(systems)
        .where(and(eq(systems.id, id), ne(systems.name, OLYMPUS_SYSTEM)));
      if (!system) throw invalid({ system: [REVIEW_MSG.noSuchSystem] });
      return act(request, request.body.ids, { kind: 'remove-access', system });
    },
  );
};

export default reviewRoutes;
