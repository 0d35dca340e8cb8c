// GET /compliance/summary: the X-Tenant company's required certificates by status and its compliance percentage
// (./summary.ts). Needs compliance.view (or compliance.*; super_admin: always) and X-Tenant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireArea, requirePermission, requireTenant } from '../auth/guard';
import { errorResponses } from '../http/schemas';
import { complianceSummary, PAIR_STATUSES } from './summary';

const Count = Type.Integer({ minimum: 0 });
const SummaryResponse = Type.Object({
  data: Type.Object({
    counts: Type.Object(Object.fromEntries(PAIR_STATUSES.map((s) => [s, Count])), {
      description:
        'Required property × type pairs by the status of their latest certificate (missing: none of that type)',
    }),
    required: Count,
    compliance_pct: Type.Union([Type.Number(), Type.Null()], {
      description: 'valid ÷ required, in percent to one decimal; null when no property requires anything',
    }),
  }),
});

const complianceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/compliance/summary',
    {
      schema: {
        tags: ['compliance'],
        summary: 'The company’s required certificates by status, and its compliance percentage',
        description:
          'Needs compliance.view or compliance.* (super_admin: always) and X-Tenant. Each live property’s required types (its certificates required), each judged by its latest live certificate of that type, as the certificate list computes its status.',
        response: { 200: SummaryResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireArea(request, 'compliance');
      requirePermission(request, 'compliance.view');
      const companyId = requireTenant(request);
      return { data: await complianceSummary(app.db, companyId) };
    },
  );
};

export default complianceRoutes;
