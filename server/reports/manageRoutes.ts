// Report configuration by super_admin (issue 5): list, create, update and delete the reports of the
// X-Tenant company. Settings are checked per provider; every change is audited in the same
// transaction as the change, so neither is ever stored without the other.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { reports } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors';
import { auditChange } from '../resources/audit';
import type { Conn } from '../resources/db';
import type { Db } from '../db';
import { requireAuth, requireTenant } from '../auth/guard';
import { SUPER_ADMIN } from '../../contract/roles';
import { MSG } from './messages';
import { ErrorBody, IdParams, ManagedList, ManagedReport, ManagedSaved, MessageResponse, ReportBody } from './schemas';
import { validateSettings, type FieldErrors } from './settings';
import { findReport, listReports, nextPosition, type StoredReport } from './store';
import type { Static } from 'typebox';

type Body = Static<typeof ReportBody>;

const errorResponses = { 401: ErrorBody, 403: ErrorBody };

/** The caller and company, or 401/403: only super_admin manages reports. */
function requireManager(request: FastifyRequest) {
  const auth = requireAuth(request);
  if (auth.role !== SUPER_ADMIN) throw forbidden(MSG.superAdminOnly);
  return { auth, companyId: requireTenant(request) };
}

const view = (r: StoredReport): Static<typeof ManagedReport> => ({
  id: r.id,
  name: r.name,
  provider: r.provider === 'powerbi' ? 'powerbi' : 'builtin',
  settings: r.settings,
  position: r.position,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** What audit rows record of a report. */
const audited = (r: StoredReport) => ({ name: r.name, provider: r.provider, settings: r.settings, position: r.position });

/** The values to store, or 422 with every field error at once. */
function checked(body: Body): { name: string; provider: Body['provider']; settings: Record<string, unknown> } {
  const errors: FieldErrors = {};
  const name = body.name.trim();
  if (!name) errors.name = ['The name field is required.'];
  const { settings, errors: settingErrors } = validateSettings(body.provider, body.settings ?? {});
  Object.assign(errors, settingErrors);
  if (Object.keys(errors).length) throw invalid(errors);
  return { name, provider: body.provider, settings };
}

const manageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const auditReport = (conn: Conn, request: FastifyRequest, action: string, id: string, before: StoredReport | null, after: StoredReport | null) =>
    auditChange(conn, request, { action, entity: 'report', entityId: id, before: before ? audited(before) : null, after: after ? audited(after) : null });

  app.get(
    '/reports/manage',
    { schema: { tags: ['reports'], summary: "The company's report configuration (super_admin)", response: { 200: ManagedList, ...errorResponses } } },
    async (request) => {
      const { companyId } = requireManager(request);
      return { data: (await listReports(app.db, companyId)).map(view) };
    },
  );

  app.post(
    '/reports/manage',
    {
      schema: {
        tags: ['reports'],
        summary: 'Add a report to the company (super_admin)',
        body: ReportBody,
        response: { 201: ManagedSaved, 422: ErrorBody, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { companyId } = requireManager(request);
      const values = checked(request.body);
      const row = await app.db.transaction(async (tx) => {
        // The store's reads take a Db; a transaction is one too (as in server/resources/audit.ts).
        const position = request.body.position ?? (await nextPosition(tx as Db, companyId));
        const [created] = await tx
          .insert(reports)
          .values({ ...values, companyId, position })
          .returning();
        await auditReport(tx, request, 'reports.create', created.id, null, created);
        return created;
      });
      reply.code(201);
      return { data: { message: MSG.created, report: view(row) } };
    },
  );

  app.put(
    '/reports/manage/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Change a report of the company (super_admin)',
        params: IdParams,
        body: ReportBody,
        response: { 200: ManagedSaved, 404: ErrorBody, 422: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = requireManager(request);
      const row = await app.db.transaction(async (tx) => {
        const before = await findReport(tx as Db, companyId, request.params.id);
        if (!before) throw notFound(MSG.notFound);
        const values = checked(request.body);
        const [updated] = await tx
          .update(reports)
          .set({ ...values, position: request.body.position ?? before.position, updatedAt: new Date() })
          .where(eq(reports.id, before.id))
          .returning();
        await auditReport(tx, request, 'reports.update', updated.id, before, updated);
        return updated;
      });
      return { data: { message: MSG.updated, report: view(row) } };
    },
  );

  app.delete(
    '/reports/manage/:id',
    {
      schema: {
        tags: ['reports'],
        summary: 'Remove a report from the company (super_admin)',
        params: IdParams,
        response: { 200: MessageResponse, 404: ErrorBody, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = requireManager(request);
      await app.db.transaction(async (tx) => {
        const before = await findReport(tx as Db, companyId, request.params.id);
        if (!before) throw notFound(MSG.notFound);
        await tx.delete(reports).where(eq(reports.id, before.id));
        await auditReport(tx, request, 'reports.delete', before.id, before, null);
      });
      return { data: { message: MSG.deleted } };
    },
  );
};

export default manageRoutes;
