// GET /reports: `data.urls = [{ id, name, url, token }]` for the X-Tenant company, in
// position order, to holders of reports.access or reports.*.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireArea, requireTenant } from '../auth/guard';
import type { PowerBiClient } from './providers/powerbi';
import { resolveEntry } from './resolve';
import { ErrorBody, ReportsResponse } from './schemas';
import { listReports } from './store';

const listRoute: FastifyPluginAsyncTypebox<{ powerbi: PowerBiClient }> = async (app, { powerbi }) => {
  app.get(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary: "The current company's reports, each with the URL and token its viewer needs",
        description:
          'Needs reports.access or reports.* (super_admin: always) and X-Tenant. A report whose provider fails carries `error` ' +
          '(with empty url and token); the others are answered as usual.',
        response: { 200: ReportsResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const auth = requireArea(request, 'reports');
      const companyId = requireTenant(request);
      const rows = await listReports(app.db, companyId);
      const ctx = { db: app.db, publicUrl: app.config.publicUrl, powerbi, log: request.log, userId: auth.userId };
      const urls = await Promise.all(rows.map((row) => resolveEntry(ctx, row)));
      // Tokens inside: never cached by the browser or a proxy.
      reply.header('cache-control', 'no-store');
      return { data: { urls } };
    },
  );
};

export default listRoute;
