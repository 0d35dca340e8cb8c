// GET /compliance/summary: the X-Tenant company's required certificates by status and its compliance percentage
// (./summary.ts); GET /compliance/matrix: a page of its properties, each required type judged alike (./matrix.ts).
// Both need compliance.view (or compliance.*; super_admin: always) and X-Tenant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireArea, requirePermission, requireTenant } from '../auth/guard';
import { CERTIFICATE_TYPE_KEYS, type CertificateType, type PairStatus } from '../../contract/compliance';
import { errorResponses, Nullable, Uuid } from '../http/schemas';
import { DEFAULT_PER_PAGE, listQueryProperties } from '../lists/lists';
import { complianceMatrix } from './matrix';
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

const Day = Type.String({ format: 'date' });
const Choice = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description && { description }) });
const MatrixQuery = Type.Object({
  page: listQueryProperties.page,
  per_page: listQueryProperties.per_page,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive search of the property name' })),
  status: Type.Optional(Choice<PairStatus>(PAIR_STATUSES, 'Only the properties with a required type of this status')),
});
const MatrixResponse = Type.Object({
  data: Type.Array(
    Type.Object({
      property_id: Uuid,
      property: Type.String({ description: 'The property’s name' }),
      cells: Type.Array(
        Type.Object({
          type: Choice<CertificateType>(CERTIFICATE_TYPE_KEYS),
          status: Choice<PairStatus>(PAIR_STATUSES),
          expires_on: Nullable(Day),
          certificate_id: Nullable(Uuid),
        }),
        {
          description:
            'Its required types, in the order it lists them; expires_on and certificate_id are the latest certificate’s (null when missing)',
        },
      ),
    }),
  ),
  meta: Type.Object({ total: Count, page: Count, per_page: Count }),
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

  app.get(
    '/compliance/matrix',
    {
      schema: {
        tags: ['compliance'],
        summary: 'The company’s properties, each required certificate type with its status',
        description:
          'Needs compliance.view or compliance.* (super_admin: always) and X-Tenant. A page of the live properties by name, each required type judged by its latest live certificate exactly as the summary counts it (missing: none of that type).',
        querystring: MatrixQuery,
        response: { 200: MatrixResponse, ...errorResponses },
      },
    },
    async (request) => {
      requireArea(request, 'compliance');
      requirePermission(request, 'compliance.view');
      const companyId = requireTenant(request);
      const { page = 1, per_page: perPage = DEFAULT_PER_PAGE, q, status } = request.query;
      const { rows, total } = await complianceMatrix(app.db, companyId, { page, perPage, q, status });
      return { data: rows, meta: { total, page, per_page: perPage } };
    },
  );
};

export default complianceRoutes;
