// GET /api/v1/audit: the audit log, filtered, searched and paged like the other lists
// (`{ data, meta: { total } }`). Read only: no route changes or removes an audit row (only the
// retention timer, ./retention.ts, deletes rows past OLYMPUS_AUDIT_RETENTION_DAYS). Who sees which
// rows: docs/security.md "The audit log".
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuth, TENANT_FORBIDDEN } from '../auth/guard';
import { forbidden } from '../errors';
import { errorResponses, Nullable, Uuid } from '../http/schemas';
import { listQueryProperties, listResponse, sendList } from '../lists/lists';
import { wholeListContext } from '../lists/wholeLists';
import type { RouteAccess } from '../http/routeAccess';
import { AUDIT_ENTITY_OF, AUDIT_PATH, AUDIT_PERMISSION } from '../../contract/audit';
import { COUNT_PARAM } from '../../contract/lists';
import { SUPER_ADMIN } from '../../contract/roles';
import { listAudit, type AuditScope } from './queries';

const BOUND_DESCRIPTION =
  'ISO 8601 date (2025-03-05, a UTC day) or date-time (2025-03-05T14:30:00Z; UTC when no zone is given)';

export const AuditListQuery = Type.Object({
  actor: Type.Optional(Type.String({ format: 'uuid', description: 'Events done by this user (their id)' })),
  company: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'Events on this company’s records and the company itself (one of the caller’s, unless a super admin)',
    }),
  ),
  // A single value is taken as a list of one (ajv's coerceTypes: 'array'), as the declared lists' choice filters.
  resource: Type.Optional(
    Type.Array(Type.Unsafe<string>({ type: 'string', enum: Object.keys(AUDIT_ENTITY_OF) }), {
      maxItems: 50,
      description:
        'Events on records of these resources, by their API name (`units`; repeat the parameter for several)',
    }),
  ),
  action: Type.Optional(
    Type.String({ maxLength: 100, description: 'Events of this action exactly (`unit.update`, `auth.login`)' }),
  ),
  from: Type.Optional(Type.String({ maxLength: 40, description: `Events at or after: ${BOUND_DESCRIPTION}` })),
  to: Type.Optional(
    Type.String({
      maxLength: 40,
      description: `Events at or before: ${BOUND_DESCRIPTION}; a date includes its whole day`,
    }),
  ),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Case-insensitive search in the action, the record’s kind and id, the person’s name and email, and the address',
    }),
  ),
  page: listQueryProperties.page,
  per_page: listQueryProperties.per_page,
  sort: Type.Optional(
    Type.String({ maxLength: 64, description: '`-at` (newest first, the default) or `at` (oldest first)' }),
  ),
  [COUNT_PARAM]: listQueryProperties[COUNT_PARAM],
});

const AuditRowSchema = Type.Object({
  id: Type.Integer({ description: 'The row’s number; newer rows have higher ones' }),
  at: Type.String({ format: 'date-time' }),
  actor: Nullable(
    Type.Object(
      {
        id: Nullable(Uuid),
        name: Nullable(Type.String()),
        email: Nullable(Type.String()),
        hidden: Type.Optional(Type.Literal(true)),
      },
      {
        description:
          'Null: the system. Name and email null: a removed user. hidden (id, name and email null): someone outside the caller’s companies',
      },
    ),
  ),
  company: Nullable(Type.Object({ id: Uuid, name: Nullable(Type.String()) })),
  action: Type.String(),
  entity: Nullable(
    Type.String({ description: 'The kind of record: a resource’s noun (`unit`), `system`, `integration`' }),
  ),
  resource: Nullable(Type.String({ description: 'The resource’s API name when the entity is a declared resource’s' })),
  entity_id: Nullable(Type.String()),
  record_label: Nullable(Type.String({ description: 'The record’s name now, while it exists' })),
  ip: Nullable(Type.String()),
  changes: Nullable(
    Type.Record(
      Type.String(),
      Type.Object({ before: Type.Optional(Type.Unknown()), after: Type.Optional(Type.Unknown()) }),
      {
        description: 'The changed fields, before and after; secrets are written as "***"',
      },
    ),
  ),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown())),
});

const access: { access: RouteAccess } = { access: { area: 'audit', permission: AUDIT_PERMISSION, tenant: 'global' } };

const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `/${AUDIT_PATH}`,
    {
      config: access,
      schema: {
        tags: ['audit'],
        summary:
          'The audit log, newest first: every company’s events for a super admin, else those of the caller’s companies (audit.view)',
        description:
          'Filters combine; without `page`/`per_page` the whole filtered log is answered, up to 10 000 rows (the CSV export of the audit screen). ' +
          'A row belongs to the company of the record it is about (a user’s changes and sign-ins: the companies the user belonged to then), never to the X-Tenant of the request that wrote it; ' +
          'a holder of audit.view sees the rows of their companies, with actors outside them anonymised. `company` finds the rows of that company’s records.',
        querystring: AuditListQuery,
        response: { 200: listResponse(AuditRowSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = request.query;
      let scope: AuditScope = null;
      if (auth.role !== SUPER_ADMIN) {
        // Another company's events are not the caller's to see, whatever else they ask.
        if (query.company && !auth.companyIds.includes(query.company.toLowerCase())) throw forbidden(TENANT_FORBIDDEN);
        scope = { companies: auth.companyIds };
      }
      const whole =
        query.page === undefined && query.per_page === undefined ? wholeListContext(request, reply) : undefined;
      const { plan, ...list } = await listAudit(app.db, scope, query, whole);
      return sendList(reply, plan, list);
    },
  );
};

export default auditRoutes;
