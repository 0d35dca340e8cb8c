// GET /reports/builtin/{id}/data: the built-in report's charts. Authorised by the report token from
// GET /reports (Authorization: Bearer <report token>), not by the session token: the token names
// the user, the company and this report, and the user must still have access.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, isNull } from 'drizzle-orm';
import { companies, reports } from '../db/schema';
import { ApiError } from '../errors';
import { bearerToken } from '../auth/guard';
import { MSG } from './messages';
import { portfolio } from './portfolio';
import { ErrorBody, IdParams, PortfolioResponse } from './schemas';
import { mayStillSeeReports } from './store';
import { verifyReportToken } from './tokens';

const dataRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports/builtin/:id/data',
    {
      schema: {
        tags: ['reports'],
        summary: 'Chart data of a built-in report',
        description:
          'Send `Authorization: Bearer <token>` with the 10-minute report token from GET /reports (not the access token). ' +
          'An expired, tampered or foreign token (another report or company) answers 401.',
        security: [],
        params: IdParams,
        response: { 200: PortfolioResponse, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw new ApiError(401, MSG.tokenMissing);
      const claims = await verifyReportToken(app.db, app.config.publicUrl, token);
      if (claims.reportId !== request.params.id.toLowerCase()) throw new ApiError(401, MSG.tokenWrongReport);

      const [report] = await app.db
        .select({
          name: reports.name,
          provider: reports.provider,
          companyId: reports.companyId,
          companyName: companies.name,
        })
        .from(reports)
        .innerJoin(companies, eq(companies.id, reports.companyId))
        // A report or company in the trash answers as one that does not exist.
        .where(
          and(
            eq(reports.id, claims.reportId),
            eq(reports.companyId, claims.companyId),
            isNull(reports.deletedAt),
            isNull(companies.deletedAt),
          ),
        );
      if (!report || report.provider !== 'builtin') throw new ApiError(401, MSG.tokenWrongReport);
      if (!(await mayStillSeeReports(app.db, claims.userId, claims.companyId)))
        throw new ApiError(401, MSG.tokenRevoked);

      const { totals, charts } = await portfolio(app.db, claims.companyId);
      reply.header('cache-control', 'no-store');
      return {
        data: {
          title: report.name,
          company: { id: report.companyId, name: report.companyName },
          generated_at: new Date().toISOString(),
          totals,
          charts,
        },
      };
    },
  );
};

export default dataRoute;
